import TextMirrorCore

/// A camera path over a scene: the drawn one (`SceneCanvas`) or a strip of real photographs
/// (`Photo`), named as on the command line ("pan", "photo-pan").
struct Scenario: Equatable {
    var kind: CameraPath.Kind
    var photos: Bool

    var name: String { (photos ? "photo-" : "") + kind.rawValue }

    init(_ kind: CameraPath.Kind, photos: Bool = false) {
        self.kind = kind
        self.photos = photos
    }

    init?(name: String) {
        let photos = name.hasPrefix("photo-")
        guard let kind = CameraPath.Kind(rawValue: String(photos ? name.dropFirst(6) : name[...])) else { return nil }
        self.init(kind, photos: photos)
    }

    static let drawn = CameraPath.Kind.allCases.map { Scenario($0) }
    /// The cut over photos adds nothing the drawn cut does not measure.
    static let photographed = [CameraPath.Kind.still, .pan, .shake].map { Scenario($0, photos: true) }
}

/// Command line of textmirror-motion-bench.
struct MotionBenchOptions {
    var seconds = 6.0
    var scenarios = Scenario.drawn + Scenario.photographed
    /// Whether the scenarios were chosen (photo scenarios are then required, not skipped
    /// when the photographs are missing).
    var scenariosGiven = false
    var photoDirectory = Photo.defaultDirectory
    var photoNames = Photo.defaultNames
    var live = [false, true]
    var tracking = [true, false]
    var format = PixelFormat.i420
    var width = 1280
    var height = 720
    var smoothing = MirrorEngine.Settings().smoothing
    var holdTime = MirrorEngine.Settings().holdTime
    var rate = MirrorEngine.Settings().detectionRate
    /// The element's detection-size.
    var detectionSize = DetectorSettings().detectionSize
    /// The 1080p streaming-thread cost section.
    var cost = true
    var costOnly = false
    var costSeconds = 10.0
    /// Write PPM pictures of a few frames here, for looking at.
    var dump: String?
    var dumpFrames: [Int]?
    /// Camera noise: luma of every input frame perturbed by up to ±noise levels (uniform,
    /// fixed seed per frame), as a sensor would; the still camera's jitter needs it.
    var noise = 0.0
    /// The photographs' brightness, as a share of their own: a sign at dusk (with `noise`, the
    /// grain of a camera's gain).
    var light = 1.0

    static let usage = """
        usage: textmirror-motion-bench [options]

        A camera pans, zooms and shakes over a scene with text whose true boxes are known in
        every frame; frames go through the engine behind the textmirror element (real detector and
        recognizer, real optical flow) and the output is scored. Two scenes: lines drawn with
        textoverlay on plain signs, and a strip of real photographs of print whose lines were
        boxed by hand (the real-photo dev set, datasets/real; its `###` lines are not scored).
        Then the streaming thread's cost at 1080p NV12 with detection running.

          --seconds N          length of each scenario (default 6)
          --scenarios LIST     still,pan,pan-zoom-shake,cut over the drawn scene, and the same
                               with photo- in front over the photographs (default: all drawn,
                               photo-still,photo-pan,photo-pan-zoom-shake; the photo ones are
                               skipped with a note when the photographs are missing)
          --photos DIR         the photographs and their gt_*.txt (default out/real-photos; fetch
                               them with scripts/fetch-real-photos.sh [--out DIR]); any folder of
                               pictures with ICDAR ground truth will do: a pan over dense pages is
                               --photos out/eval-set --photo-names page_013,page_041,page_049
          --photo-names LIST   which photographs (NAME of NAME.jpg or .png), in the order the pan
                               passes them; 6 s of pan see the first three. Default:
                               \(Photo.defaultNames.joined(separator: ","))
          --modes LIST         sync,live (default both); live = frames pushed at 30 fps of wall-clock
                               time with detection in async mode
          --tracking LIST      on,off (default both)
          --format F           I420, NV12 or Y444 (default I420)
          --size WxH           frame size (default 1280x720)
          --smoothing A        the element's smoothing (default 0.35)
          --hold-time MS       the element's hold-time (default 500)
          --rate HZ            the element's detection-rate (default \(Int(MirrorEngine.Settings().detectionRate)))
          --detection-size N   the element's detection-size (default \(DetectorSettings().detectionSize))
          --cost-seconds N     length of the 1080p cost run (default 10)
          --no-cost            skip the 1080p cost section
          --cost-only          only the 1080p cost section
          --quick              2-second scenarios, pan and photo-pan only, 3-second cost run
                               (proves it runs)
          --noise N            add camera noise of up to ±N luma levels to every input frame (default 0)
          --light F            dim the photographs to F of their brightness, 0.05-1 (default 1); a
                               street sign at dusk: --light 0.35 --noise 8
          --dump DIR           write pictures of a few frames to DIR: input and output luma (PGM),
                               the input with the true boxes (green; ### blue), and the output
                               with those and the mirrored ones (red: detected in that frame,
                               yellow: carried) (PPM)
          --dump-frames LIST   which frames to dump (default: a third and two thirds of the way)
        """

    /// Nil when help was asked for.
    static func parse(_ arguments: [String]) throws(ToolError) -> MotionBenchOptions? {
        var o = MotionBenchOptions()
        var args = ArgumentList(arguments)
        while let argument = args.next() {
            switch argument {
            case "--seconds": o.seconds = max(try args.number(for: argument), 1)
            case "--scenarios":
                o.scenarios = try args.value(for: argument).split(separator: ",").map {
                    (name: Substring) throws(ToolError) -> Scenario in
                    guard let scenario = Scenario(name: String(name)) else {
                        throw ToolError.usage("unknown scenario \"\(name)\"")
                    }
                    return scenario
                }
                o.scenariosGiven = true
            case "--photos": o.photoDirectory = try args.value(for: argument)
            case "--photo-names":
                o.photoNames = try args.value(for: argument).split(separator: ",").map(String.init)
                guard !o.photoNames.isEmpty else { throw ToolError.usage("--photo-names wants at least one name") }
            case "--modes":
                o.live = try args.value(for: argument).split(separator: ",").map {
                    (name: Substring) throws(ToolError) -> Bool in
                    switch name {
                    case "sync": return false
                    case "live": return true
                    default: throw ToolError.usage("unknown mode \"\(name)\" (sync or live)")
                    }
                }
            case "--tracking":
                o.tracking = try args.value(for: argument).split(separator: ",").map {
                    (name: Substring) throws(ToolError) -> Bool in
                    switch name {
                    case "on": return true
                    case "off": return false
                    default: throw ToolError.usage("--tracking takes on and/or off, not \"\(name)\"")
                    }
                }
            case "--format":
                let name = try args.value(for: argument).uppercased()
                guard let format = [PixelFormat.i420, .nv12, .y444].first(where: { $0.rawValue == name }) else {
                    throw ToolError.usage("--format takes I420, NV12 or Y444")
                }
                o.format = format
            case "--size":
                let text = try args.value(for: argument)
                let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts[0] >= 320, parts[1] >= 240, parts[0] <= 3840, parts[1] <= 2160 else {
                    throw ToolError.usage("--size wants WIDTHxHEIGHT between 320x240 and 3840x2160")
                }
                (o.width, o.height) = (parts[0], parts[1])
            case "--smoothing": o.smoothing = min(try args.number(for: argument), 1)
            case "--hold-time": o.holdTime = try args.number(for: argument)
            case "--rate": o.rate = max(try args.number(for: argument), 0.1)
            case "--detection-size":
                // number() is finite and not negative; min() keeps Int() from overflowing.
                let limits = DetectorSettings().$detectionSize
                o.detectionSize = limits.clamped(
                    Int(min(try args.number(for: argument), Double(limits.range.upperBound))))
            case "--cost-seconds": o.costSeconds = max(try args.number(for: argument), 2)
            case "--no-cost": o.cost = false
            case "--cost-only": o.costOnly = true
            case "--quick":
                o.seconds = 2
                o.scenarios = [Scenario(.pan), Scenario(.pan, photos: true)]
                o.costSeconds = 3
            case "--dump": o.dump = try args.value(for: argument)
            case "--dump-frames":
                let text = try args.value(for: argument)
                let frames = text.split(separator: ",").compactMap { Int($0) }
                guard !frames.isEmpty, frames.allSatisfy({ $0 >= 0 }) else {
                    throw ToolError.usage("--dump-frames wants frame numbers, not \"\(text)\"")
                }
                o.dumpFrames = frames
            case "--noise": o.noise = min(try args.number(for: argument), 64)
            case "--light": o.light = min(max(try args.number(for: argument), 0.05), 1)
            case "-h", "--help": return nil
            default: throw ToolError.usage("unknown option \"\(argument)\"")
            }
        }
        return o
    }
}
