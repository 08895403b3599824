import TextMirrorCore

/// Command line of textmirror-motion-bench.
struct MotionBenchOptions {
    var seconds = 6.0
    var scenarios = CameraPath.Kind.allCases
    var live = [false, true]
    var tracking = [true, false]
    var format = PixelFormat.i420
    var width = 1280
    var height = 720
    var smoothing = MirrorEngine.Settings().smoothing
    var holdTime = MirrorEngine.Settings().holdTime
    var rate = MirrorEngine.Settings().rate
    /// The 1080p streaming-thread cost section.
    var cost = true
    var costOnly = false
    var costSeconds = 10.0
    /// Write PPM pictures of a few frames here, for looking at.
    var dump: String?
    /// Camera noise: luma of every input frame perturbed by up to ±noise levels (uniform,
    /// fixed seed per frame), as a sensor would; the still camera's jitter needs it.
    var noise = 0.0

    static let usage = """
        usage: textmirror-motion-bench [options]

        A camera pans, zooms and shakes over a scene with text whose true boxes are known in
        every frame; frames go through the engine behind the textmirror element (real detector,
        real optical flow) and the output is scored (issue 4). Then the streaming thread's cost
        at 1080p NV12 with detection running.

          --seconds N          length of each scenario (default 6)
          --scenarios LIST     still,pan,pan-zoom-shake (default all)
          --modes LIST         sync,live (default both); live = frames pushed at 30 fps of wall-clock
                               time with detection in async mode
          --tracking LIST      on,off (default both)
          --format F           I420, NV12 or Y444 (default I420)
          --size WxH           frame size (default 1280x720)
          --smoothing A        the element's smoothing (default 0.35)
          --hold-time MS       the element's hold-time (default 500)
          --rate HZ            the element's detection-rate (default 15)
          --cost-seconds N     length of the 1080p cost run (default 10)
          --no-cost            skip the 1080p cost section
          --cost-only          only the 1080p cost section
          --quick              2-second scenarios, pan only, 3-second cost run (proves it runs)
          --noise N            add camera noise of up to ±N luma levels to every input frame (default 0)
          --dump DIR           write input/output PGMs of a few frames to DIR
        """

    /// Nil when help was asked for.
    static func parse(_ arguments: [String]) throws(MotionBenchError) -> MotionBenchOptions? {
        var o = MotionBenchOptions()
        var rest = arguments[...]
        func value(_ option: String) throws(MotionBenchError) -> String {
            guard let next = rest.popFirst() else { throw MotionBenchError("\(option) needs a value") }
            return next
        }
        func number(_ option: String) throws(MotionBenchError) -> Double {
            let text = try value(option)
            guard let n = Double(text), n.isFinite, n >= 0 else { throw MotionBenchError("\(option) wants a number, not \"\(text)\"") }
            return n
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--seconds": o.seconds = max(try number(argument), 1)
            case "--scenarios":
                o.scenarios = try value(argument).split(separator: ",").map { (name: Substring) throws(MotionBenchError) -> CameraPath.Kind in
                    guard let kind = CameraPath.Kind(rawValue: String(name)) else { throw MotionBenchError("unknown scenario \"\(name)\"") }
                    return kind
                }
            case "--modes":
                o.live = try value(argument).split(separator: ",").map { (name: Substring) throws(MotionBenchError) -> Bool in
                    switch name {
                    case "sync": return false
                    case "live": return true
                    default: throw MotionBenchError("unknown mode \"\(name)\" (sync or live)")
                    }
                }
            case "--tracking":
                o.tracking = try value(argument).split(separator: ",").map { (name: Substring) throws(MotionBenchError) -> Bool in
                    switch name {
                    case "on": return true
                    case "off": return false
                    default: throw MotionBenchError("--tracking takes on and/or off, not \"\(name)\"")
                    }
                }
            case "--format":
                let name = try value(argument).uppercased()
                guard let format = [PixelFormat.i420, .nv12, .y444].first(where: { $0.rawValue == name }) else {
                    throw MotionBenchError("--format takes I420, NV12 or Y444")
                }
                o.format = format
            case "--size":
                let text = try value(argument)
                let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts[0] >= 320, parts[1] >= 240, parts[0] <= 3840, parts[1] <= 2160 else {
                    throw MotionBenchError("--size wants WIDTHxHEIGHT between 320x240 and 3840x2160")
                }
                (o.width, o.height) = (parts[0], parts[1])
            case "--smoothing": o.smoothing = min(try number(argument), 1)
            case "--hold-time": o.holdTime = try number(argument)
            case "--rate": o.rate = max(try number(argument), 0.1)
            case "--cost-seconds": o.costSeconds = max(try number(argument), 2)
            case "--no-cost": o.cost = false
            case "--cost-only": o.costOnly = true
            case "--quick":
                o.seconds = 2
                o.scenarios = [.pan]
                o.costSeconds = 3
            case "--dump": o.dump = try value(argument)
            case "--noise": o.noise = min(try number(argument), 64)
            case "-h", "--help": return nil
            default: throw MotionBenchError("unknown option \"\(argument)\"")
            }
        }
        return o
    }
}
