import TextMirrorCore

/// The parts of the benchmark, in the order they run and print.
enum Section: String, CaseIterable {
    case kernels, turned, detector, live, memory
}

/// Command line of textmirror-bench.
struct Options {
    static let defaultFormats = ["RGBA", "RGB", "NV12", "I420", "YUY2", "GRAY8"]
    /// Enough frames for a stable median and p90. The default run (6 formats x 5 candidates,
    /// each frame also prepared and evicted from the caches) takes about 40 s on an idle 2-core
    /// machine, so it stays well under 3 minutes on a busy one.
    static let defaultFrames = 300
    /// Detections per configuration (8 configurations; a round of all eight takes about 1.5 s on
    /// a loaded 2-core machine, 960 with one thread being half of it).
    static let defaultDetectorRuns = 20
    static let defaultLiveSeconds = 12.0
    static let defaultMemoryFrames = 10_000

    var sections: [Section]
    var plan: BenchmarkPlan
    var detectorRuns: Int
    var detectorSizes: [Int]
    var liveSeconds: Double
    var liveWarmUpSeconds: Double
    /// Rounds of the live configurations; with more than one, a summary gives each figure's
    /// median round and range (single runs on a shared machine vary).
    var liveRuns: Int
    /// tracking=true and false in the live section, or only the default.
    var liveBothTracking: Bool
    /// Only these live configurations (`LiveBenchmark.shortName`); nil runs them all.
    var liveConfigurations: Set<String>?
    var memoryFrames: Int
    var memoryInstances: Int
    var quick: Bool
    /// Set in the child process that runs one part of the memory section.
    var memoryPart: String?

    static let usage = """
        usage: textmirror-bench [--sections LIST] [--quick] [kernel options] [--detector-runs N]
                                [--live-seconds S] [--live-runs N] [--memory-frames N]

          --sections LIST    comma-separated, of \(Section.allCases.map(\.rawValue).joined(separator: ",")) (default all):
                             kernels   mirror cost next to identity, videoflip, memcpy
                             turned    detected lines mirrored level and turned 2°, plain and
                                       seamless (the kernel options' --frames and --size)
                             detector  detection time and rate per detection-size and threads (2)
                             live      live 1080p30 NV12 with detection: streaming-thread time,
                                       detection rate, drops, CPU (3)
                             memory    RSS over 10,000 frames; RSS per added instance (4)
          --quick            a fast smoke run for CI (seconds): proves every section runs,
                             measures little; explicit options still apply

        kernels:
          --frames N         timed frames per format and candidate (default \(defaultFrames))
          --formats LIST     comma-separated formats (default \(defaultFormats.joined(separator: ",")));
                             any format textmirror supports
          --size WxH         frame size (default 1920x1080)
          --warm             do not evict frames from the CPU caches before each timed frame
                             (as if the frame had just been written by the element upstream)
        detector:
          --detector-runs N  timed detections per detection-size and thread count (default \(defaultDetectorRuns))
        live:
          --live-seconds S   length of each live run, at least 4 (default \(Int(defaultLiveSeconds)); the
                             first 2 s are warm-up)
          --live-runs N      rounds of all live configurations (default 1); from 2 on, a
                             summary gives the median round and the range of each figure
          --live-configs LIST  only these configurations, comma-separated: raw, camera, moving,
                             camera-threads1, camera-parallel2, camera-960, camera-no-tracking,
                             camera-no-verify, camera-vertical-text, raw-no-seamless, uneven,
                             uneven-no-seamless
        memory:
          --memory-frames N  frames through the element (default \(defaultMemoryFrames))

        The detector, live and memory sections need the model: $TEXTMIRROR_MODEL (a detector
        file, or the models folder), else the live default, models/ppocrv6_tiny_det.onnx, in the
        working directory or above it (scripts/fetch-model.sh).
        """

    /// Nil when help was asked for.
    static func parse(_ arguments: [String]) throws(ToolError) -> Options? {
        var frames: Int?
        var formats: [String]?
        var size: (Int, Int)?
        var warm = false
        var quick = false
        var sections: [Section]?
        var detectorRuns: Int?
        var liveSeconds: Double?
        var liveRuns: Int?
        var liveConfigurations: Set<String>?
        var memoryFrames: Int?
        var memoryPart: String?
        var args = ArgumentList(arguments)
        while let argument = args.next() {
            switch argument {
            case "--frames": frames = try args.count(for: argument)
            case "--formats": formats = try parseFormats(try args.value(for: argument))
            case "--size": size = try parseSize(try args.value(for: argument))
            case "--warm": warm = true
            case "--quick": quick = true
            case "--sections": sections = try parseSections(try args.value(for: argument))
            case "--detector-runs": detectorRuns = try args.count(for: argument)
            case "--live-seconds":
                let n = try args.count(for: argument)
                guard n >= 4 else { throw ToolError.usage("--live-seconds wants at least 4 (2 s are warm-up)") }
                liveSeconds = Double(n)
            case "--live-runs": liveRuns = try args.count(for: argument)
            case "--live-configs":
                liveConfigurations = Set(try args.value(for: argument).split(separator: ",").map(String.init))
            case "--memory-frames": memoryFrames = try args.count(for: argument)
            case "--memory-part":
                let part = try args.value(for: argument)
                guard part == "frames" || part == "instances" else {
                    throw ToolError.usage("--memory-part is frames or instances")
                }
                memoryPart = part
            case "-h", "--help": return nil
            default: throw ToolError.usage("unknown option \"\(argument)\"")
            }
        }
        // --quick only changes what was not given explicitly.
        let (width, height) = size ?? (quick ? (320, 240) : (1920, 1080))
        let seconds = liveSeconds ?? (quick ? 3 : defaultLiveSeconds)
        return Options(
            sections: sections ?? Section.allCases,
            plan: BenchmarkPlan(
                formats: formats ?? defaultFormats, width: width, height: height,
                frames: frames ?? (quick ? 5 : defaultFrames), evictCaches: !warm),
            detectorRuns: detectorRuns ?? (quick ? 2 : defaultDetectorRuns),
            detectorSizes: quick ? [320] : DetectorBenchmark.allSizes,
            liveSeconds: seconds, liveWarmUpSeconds: quick && liveSeconds == nil ? 1 : 2, liveRuns: liveRuns ?? 1,
            liveBothTracking: !quick, liveConfigurations: liveConfigurations,
            memoryFrames: memoryFrames ?? (quick ? 1000 : defaultMemoryFrames),
            memoryInstances: quick ? 2 : 4, quick: quick, memoryPart: memoryPart)
    }

    /// The arguments that make a child process measure `part` of the memory section as this
    /// run would.
    func memoryChildArguments(_ part: String) -> [String] {
        ["--memory-part", part, "--memory-frames", String(memoryFrames)] + (quick ? ["--quick"] : [])
    }

    private static func parseSections(_ text: String) throws(ToolError) -> [Section] {
        var chosen = Set<Section>()
        for name in text.split(separator: ",") {
            guard let section = Section(rawValue: name.lowercased()) else {
                throw ToolError.usage(
                    "unknown section \"\(name)\" (sections: "
                        + Section.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            chosen.insert(section)
        }
        guard !chosen.isEmpty else { throw ToolError.usage("--sections is empty") }
        return Section.allCases.filter { chosen.contains($0) }
    }

    /// Formats are spelled as in GStreamer caps; matching ignores case ("rgbx" means RGBx).
    private static func parseFormats(_ text: String) throws(ToolError) -> [String] {
        var formats: [String] = []
        for name in text.split(separator: ",") {
            guard let format = PixelFormat.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() })
            else {
                let known = PixelFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw ToolError.usage("textmirror does not support format \"\(name)\" (it supports \(known))")
            }
            formats.append(format.rawValue)
        }
        guard !formats.isEmpty else { throw ToolError.usage("--formats is empty") }
        return formats
    }

    private static func parseSize(_ text: String) throws(ToolError) -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...16384).contains(width), (1...16384).contains(height)
        else {
            throw ToolError.usage("--size wants WIDTHxHEIGHT, e.g. 1920x1080, not \"\(text)\"")
        }
        return (width, height)
    }
}
