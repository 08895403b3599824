import TextMirrorCore

/// Command line of textmirror-bench.
struct Options {
    static let defaultFormats = ["RGBA", "RGB", "NV12", "I420", "YUY2", "GRAY8"]
    /// Enough frames for a stable median and p90. The default run (6 formats x 5 candidates,
    /// each frame also prepared and evicted from the caches) takes about 40 s on an idle 2-core
    /// machine, so it stays well under 3 minutes on a busy one.
    static let defaultFrames = 300

    var plan: BenchmarkPlan

    static let usage = """
        usage: textmirror-bench [--frames N] [--formats RGBA,NV12,...] [--size WxH] [--warm] [--quick]

          --frames N      timed frames per format and candidate (default \(defaultFrames))
          --formats LIST  comma-separated formats (default \(defaultFormats.joined(separator: ",")));
                          any format textmirror supports
          --size WxH      frame size (default 1920x1080)
          --warm          do not evict frames from the CPU caches before each timed frame
                          (as if the frame had just been written by the element upstream)
          --quick         a few small frames, for CI: proves the benchmark runs, measures little
        """

    /// Nil when help was asked for.
    static func parse(_ arguments: [String]) throws(BenchError) -> Options? {
        var frames: Int?
        var formats: [String]?
        var size: (Int, Int)?
        var warm = false
        var quick = false
        var rest = arguments[...]
        func value(for option: String) throws(BenchError) -> String {
            guard let next = rest.popFirst() else { throw BenchError.usage("\(option) needs a value") }
            return next
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--frames":
                let text = try value(for: argument)
                guard let n = Int(text), n > 0 else { throw BenchError.usage("--frames wants a positive number, not \"\(text)\"") }
                frames = n
            case "--formats": formats = try parseFormats(try value(for: argument))
            case "--size": size = try parseSize(try value(for: argument))
            case "--warm": warm = true
            case "--quick": quick = true
            case "-h", "--help": return nil
            default: throw BenchError.usage("unknown option \"\(argument)\"")
            }
        }
        // --quick only changes what was not given explicitly.
        let (width, height) = size ?? (quick ? (320, 240) : (1920, 1080))
        return Options(plan: BenchmarkPlan(
            formats: formats ?? defaultFormats, width: width, height: height,
            frames: frames ?? (quick ? 5 : defaultFrames), evictCaches: !warm))
    }

    /// Formats are spelled as in GStreamer caps; matching ignores case ("rgbx" means RGBx).
    private static func parseFormats(_ text: String) throws(BenchError) -> [String] {
        var formats: [String] = []
        for name in text.split(separator: ",") {
            guard let format = PixelFormat.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
                let known = PixelFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw BenchError.usage("textmirror does not support format \"\(name)\" (it supports \(known))")
            }
            formats.append(format.rawValue)
        }
        guard !formats.isEmpty else { throw BenchError.usage("--formats is empty") }
        return formats
    }

    private static func parseSize(_ text: String) throws(BenchError) -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...16384).contains(width), (1...16384).contains(height) else {
            throw BenchError.usage("--size wants WIDTHxHEIGHT, e.g. 1920x1080, not \"\(text)\"")
        }
        return (width, height)
    }
}
