import CGStreamer
import Glibc

/// A live 1080p30 stream with text in view and detection running (async), as a camera would
/// deliver it, for `seconds`:
///
///     appsrc is-live=true do-timestamp=true min-latency=1/30 s  (caps: NV12 1920x1080 30/1)
///       [! jpegdec]   (camera: the frames arrive as MJPEG, as from a USB camera)
///       ! textmirror detection-mode=async detection-size=640 tracking=...
///       ! fakesink sync=true qos=true
///
/// The text scene is drawn once (textoverlay); this thread then copies it into a pool buffer and
/// pushes it every 1/30 s on an absolute schedule, like a capture driver filling buffers. Raw
/// frames cost the source nothing, which flatters the detector (it gets both cores); MJPEG
/// frames are decoded on the streaming thread, about a third of a core at 1080p30, as a USB
/// camera's would be. appsrc's streaming thread carries each buffer
/// through textmirror; pad probes time its stay there. The first `warmUpSeconds` (network
/// build, first detections) are left out of the statistics, but not out of the frame counts.
struct LiveBenchmark {
    struct Settings {
        var tracking: Bool?  // nil: the element has no tracking property
        var detectionSize = 640
        var threads = 0
        /// The `parallel-detections` property; nil leaves the element's default.
        var parallelDetections: Int?
        /// Frames come as MJPEG and are decoded in the pipeline (a camera's cost).
        var camera = false
        /// Lines are read and verified (the element's default); false shows what reading costs.
        var verify = true
        /// The scene lit unevenly (`TextScene.source(unevenLight:)`), raw frames.
        var unevenLight = false
        /// The `seamless` property; nil leaves the element's default.
        var seamless: Bool?
        /// The `vertical-text` property (a second detection on the frame turned a quarter).
        var verticalText = false
        /// A moving scene made in the pipeline (`movingSource`) instead of pushed pictures.
        var moving = false
    }

    /// A live source whose content moves and that costs CPU as it makes each frame: a ball
    /// sweeping over videotestsrc's pattern with a line of text drawn over it, 1080p30 NV12.
    static let movingSource =
        "videotestsrc name=src is-live=true pattern=ball motion=sweep "
        + "! video/x-raw,format=NV12,width=\(width),height=\(height),framerate=\(fps)/1 "
        + "! textoverlay text=\"THROUGH THE LOOKING GLASS\" font-desc=\"DejaVu Sans Bold 64px\" "
        + "valignment=top halignment=center shaded-background=false draw-shadow=false draw-outline=false "

    struct Result {
        let settings: Settings
        let launch: String
        let pushed: Int
        let latePushes: Int
        let buffersIn: Int
        let buffersOut: Int
        let times: Percentiles
        let cpuTimes: Percentiles
        let warmUpMax: Double
        let detectionsPerSecond: Double
        let meanBoxes: Double
        let sinkRendered: UInt64?
        let sinkDropped: UInt64?
        let qosMessages: Int
        let cpu: CPUUsage
        let streamingThread: Int32?
        let pusherThread: Int32?
        /// Sum of the per-buffer times in the window, as a share of the window (% of one core).
        let insideElementPercent: Double

        var droppedByElement: Int { buffersIn - buffersOut }
    }

    static let width = 1920, height = 1080, fps = 30

    let model: String
    let seconds: Double
    let warmUpSeconds: Double

    /// `frames`: the raw picture, its MJPEG form for `camera` settings, and the unevenly lit
    /// raw picture for `unevenLight` settings.
    func run(
        _ settings: Settings, frames: (raw: SourceFrame, mjpeg: SourceFrame, unevenLight: SourceFrame),
        progress: (String) -> Void
    ) throws(ToolError) -> Result {
        let frame = settings.camera ? frames.mjpeg : settings.unevenLight ? frames.unevenLight : frames.raw
        let period = UInt64(1_000_000_000 / Self.fps)
        var launch =
            (settings.moving
                ? Self.movingSource
                : "appsrc name=src is-live=true format=time do-timestamp=true min-latency=\(period) max-bytes=0 ")
            + (settings.camera ? "! jpegdec " : "")
            + "! textmirror name=tm detection-mode=async detection-size=\(settings.detectionSize) "
            + "threads=\(settings.threads)" + (settings.verify ? "" : " verify=false")
            + (settings.parallelDetections.map { " parallel-detections=\($0)" } ?? "")
        if let tracking = settings.tracking { launch += " tracking=\(tracking)" }
        if let seamless = settings.seamless { launch += " seamless=\(seamless)" }
        if settings.verticalText { launch += " vertical-text=true" }
        launch += " ! fakesink name=sink sync=true qos=true"
        let pipeline = try AppSourcePipeline(launch, caps: settings.moving ? nil : frame.caps)
        pipeline.setMirrorProperty("model", model)
        try pipeline.play()

        let total = Int(seconds * Double(Self.fps))
        let warmUp = min(Int(warmUpSeconds * Double(Self.fps)), total / 2)
        progress("live: \(shownLaunch(settings)), \(total) frames")
        var late = 0
        let pusher = ProcessStats.currentThreadID()
        var meter: CPUMeter?
        let start = MonotonicClock.nanoseconds() + 20_000_000
        for n in 0..<total {
            let due = start + UInt64(n) * period
            sleepUntil(due)
            if n == warmUp { meter = CPUMeter() }
            if settings.moving {
                // The pipeline makes its own frames; this thread only watches the bus.
                try pipeline.drainBus()
                continue
            }
            if MonotonicClock.nanoseconds() > due + 5_000_000 { late += 1 }
            let buffer = try frame.writableCopy()
            defer { gst_buffer_unref(buffer) }
            try pipeline.push(buffer)
            try pipeline.drainBus()
        }
        // The window ends one period after the last push, when its frame is due.
        sleepUntil(start + UInt64(total) * period)
        let cpu = meter?.finish() ?? CPUMeter().finish()
        try pipeline.finish()
        let stats = pipeline.structureProperty(element: "sink", "stats")

        let probe = pipeline.probe
        let steady = probe.samples.dropFirst(warmUp)
        let firstPTS = steady.first?.pts ?? 0, lastPTS = steady.last?.pts ?? 0
        let span = Double(lastPTS &- firstPTS) / 1e9 + 1 / Double(Self.fps)
        let detections = pipeline.messages.detections.filter { $0.pts >= firstPTS && $0.pts <= lastPTS }
        let boxes = detections.map(\.boxes).reduce(0, +)
        let inside = steady.map(\.nanoseconds).reduce(0, +)
        return Result(
            settings: settings, launch: launch, pushed: total, latePushes: late,
            buffersIn: probe.buffersIn, buffersOut: probe.buffersOut,
            times: Percentiles(nanoseconds: steady.map(\.nanoseconds)),
            cpuTimes: Percentiles(nanoseconds: steady.map(\.cpuNanoseconds)),
            warmUpMax: Percentiles(nanoseconds: probe.samples.prefix(warmUp).map(\.nanoseconds)).max,
            detectionsPerSecond: span > 0 ? Double(detections.count) / span : 0,
            meanBoxes: detections.isEmpty ? 0 : Double(boxes) / Double(detections.count),
            sinkRendered: stats["rendered"], sinkDropped: stats["dropped"], qosMessages: pipeline.messages.qos,
            cpu: cpu, streamingThread: probe.streamingThread, pusherThread: pusher,
            insideElementPercent: cpu.percent(inside))
    }

    func shownLaunch(_ settings: Settings) -> String {
        (settings.camera ? "jpegdec ! " : "")
            + "textmirror detection-mode=async detection-size=\(settings.detectionSize) threads=\(settings.threads)"
            + (settings.tracking.map { " tracking=\($0)" } ?? "")
            + (settings.seamless.map { " seamless=\($0)" } ?? "")
    }

    // MARK: Report

    /// Targets for this run: detections per second depend on detection-size.
    enum Targets {
        static let p99Milliseconds = 2.0
        static func detectionHz(_ detectionSize: Int) -> Double { detectionSize <= 640 ? 25 : 15 }
    }

    static func markdown(_ results: [Result]) -> String {
        var lines = [
            "| textmirror | wall p50 / p99 / max ms | thread CPU p50 / p99 / max ms | detections/s | boxes/detection | in → out (dropped) | "
                + "fakesink rendered / dropped, QoS msgs | CPU % of one core: process (streaming thread, of it inside textmirror; pusher; other) |",
            "|---|---:|---:|---:|---:|---|---|---|"
        ]
        for r in results {
            let streaming = r.cpu.percent(thread: r.streamingThread)
            let pusher = r.cpu.percent(thread: r.pusherThread)
            let other = r.cpu.processPercent - streaming - pusher
            let sink =
                "\(r.sinkRendered.map(String.init) ?? "?") / \(r.sinkDropped.map(String.init) ?? "?"), \(r.qosMessages)"
            lines.append(
                "| \(label(r.settings)) "
                    + "| \(triple(r.times)) | \(triple(r.cpuTimes)) "
                    + "| \(fixed(r.detectionsPerSecond, 1)) | \(fixed(r.meanBoxes, 1)) "
                    + "| \(r.buffersIn) → \(r.buffersOut) (\(r.droppedByElement)) | \(sink) "
                    + "| \(fixed(r.cpu.processPercent, 0)) (\(fixed(streaming, 0)), \(fixed(r.insideElementPercent, 0)); "
                    + "\(fixed(pusher, 0)); \(fixed(max(other, 0), 0))) |")
        }
        lines.append("")
        lines.append("| target | " + results.map { label($0.settings) }.joined(separator: " | ") + " |")
        lines.append("|---|" + results.map { _ in "---" }.joined(separator: "|") + "|")
        lines.append(
            "| p99 ≤ \(fixed(Targets.p99Milliseconds, 0)) ms per 1080p frame on the streaming thread | "
                + results.map { verdict($0.times.ms(0.99) <= Targets.p99Milliseconds) }.joined(separator: " | ") + " |")
        lines.append(
            "| no frames dropped by textmirror (buffers in = out, fakesink dropped none) | "
                + results.map {
                    verdict($0.droppedByElement == 0 && $0.buffersIn == $0.pushed && ($0.sinkDropped ?? 0) == 0)
                }
                .joined(separator: " | ") + " |")
        lines.append(
            "| detection ≥ 25 Hz at detection-size 640, ≥ 15 Hz at 960 (async) | "
                + results.map { verdict($0.detectionsPerSecond >= Targets.detectionHz($0.settings.detectionSize)) }
                .joined(separator: " | ") + " |")
        return lines.joined(separator: "\n")
    }

    static func label(_ settings: Settings) -> String {
        var words = [
            settings.moving
                ? "moving scene (videotestsrc ball + textoverlay):"
                : settings.camera ? "MJPEG camera:" : settings.unevenLight ? "raw frames, uneven light:" : "raw frames:",
            settings.tracking.map { "tracking=\($0)" } ?? "(no tracking property)"
        ]
        if let seamless = settings.seamless { words.append("seamless=\(seamless)") }
        if settings.threads != 0 { words.append("threads=\(settings.threads)") }
        if let parallel = settings.parallelDetections { words.append("parallel-detections=\(parallel)") }
        if settings.detectionSize != 640 { words.append("detection-size=\(settings.detectionSize)") }
        if !settings.verify { words.append("verify=false") }
        if settings.verticalText { words.append("vertical-text=true") }
        return words.joined(separator: " ")
    }

    /// The configuration's name for `--live-configs`: its source, then what differs from the
    /// element's defaults.
    static func shortName(_ settings: Settings) -> String {
        var words = [settings.moving ? "moving" : settings.camera ? "camera" : settings.unevenLight ? "uneven" : "raw"]
        if settings.threads != 0 { words.append("threads\(settings.threads)") }
        if let parallel = settings.parallelDetections { words.append("parallel\(parallel)") }
        if settings.detectionSize != 640 { words.append(String(settings.detectionSize)) }
        if settings.tracking == false { words.append("no-tracking") }
        if !settings.verify { words.append("no-verify") }
        if settings.seamless == false { words.append("no-seamless") }
        if settings.verticalText { words.append("vertical-text") }
        return words.joined(separator: "-")
    }

    static func triple(_ p: Percentiles) -> String {
        "\(fixed(p.median, 2)) / \(fixed(p.ms(0.99), 2)) / \(fixed(p.max, 2))"
    }

    static func verdict(_ pass: Bool) -> String { pass ? "PASS" : "FAIL" }

    static func notes(_ results: [Result], seconds: Double, warmUpSeconds: Double) -> String {
        var lines = [
            "- Each run: \(fixed(seconds, 0)) s of 1920x1080 NV12 at 30 fps (\(results.first?.pushed ?? 0) frames); "
                + "statistics over the last \(fixed(seconds - warmUpSeconds, 0)) s (the first "
                + "\(fixed(warmUpSeconds, 0)) s build the network and run the first detections).",
            "- Pipeline: `\(results.first?.launch ?? "")` (camera: `jpegdec` before textmirror, decoding "
                + "each frame from MJPEG on the streaming thread); frames are copies of one picture "
                + "with \(TextScene.lineCount) lines of text, pushed from a pool by this process's main thread "
                + "(the pusher: its copy of each frame stands in for the camera's DMA).",
            "- Time inside textmirror: from the buffer reaching its sink pad to it leaving its src pad "
                + "(pad probes), on appsrc's streaming thread: GstBaseTransform, mapping, snapshot for "
                + "the detector when one is due, tracking, mirroring, metas, messages.",
            "- thread CPU: CLOCK_THREAD_CPUTIME_ID of the streaming thread over the same span (the optical "
                + "flow runs on this thread too); wall − CPU is time spent waiting for a core (other "
                + "processes, or this one's detector threads, which run at a lower priority).",
            "- dropped: buffers that entered textmirror's sink pad but never left its src pad (GstBaseTransform "
                + "drops frames that QoS says will be late: those are also the QoS messages).",
            "- detections/s: `textmirror` element messages whose frame lies in the measured window "
                + "(detection-rate is 30 by default, the upper bound)."
        ]
        for r in results {
            lines.append(
                "- \(label(r.settings)): warm-up max \(fixed(r.warmUpMax, 2)) ms; \(r.latePushes) of \(r.pushed) "
                    + "frames pushed more than 5 ms late (a busy machine delaying this process).")
        }
        return lines.joined(separator: "\n")
    }
}
