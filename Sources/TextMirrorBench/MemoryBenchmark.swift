import CGStreamer
import Glibc
import Synchronization
import TextMirrorToolSupport

/// Issue 5, part 4: resident memory (VmRSS) with detection running.
///
/// - frames: one stream of 640x360 NV12 frames with text, pushed by a non-live appsrc as fast
///   as the pipeline takes them (`appsrc block=true ! textmirror detection-mode=async
///   detection-rate=120 ! fakesink sync=false`), so every frame is offered to the detector and
///   detections run back to back; VmRSS is read on the streaming thread as frame 100, 1,000,
///   ..., 10,000 leaves textmirror.
/// - instances: textmirror pipelines started one after another in one process, all with the
///   same model and detection-size (each runs 10 frames through sync detection, so its network
///   exists, and then stays PLAYING); VmRSS after each. Then one more with another `threads`
///   value: a configuration of its own, so it gets its own detector, which shows what an
///   unshared copy of the model costs.
///
/// Each part runs in a child process of its own (`--memory-part`), so memory freed by other
/// sections (detector networks) cannot hide growth, and the first instance pays for everything
/// it loads.
struct MemoryBenchmark {
    static let width = 640, height = 360, fps = 30
    /// Target: growth between frame 100 and the last frame.
    static let growthBoundMB = 5.0
    /// Target: a further instance of the same configuration adds less than this fraction of what
    /// the instance with a configuration of its own (its own copy of the model and network, ~65 MB
    /// by the detector's author) adds in the same run.
    static let instanceBoundFraction = 0.25

    let model: String
    let frames: Int
    let instances: Int

    var checkpoints: [Int] {
        [100, 1000, 2500, 5000, 7500].filter { $0 < frames } + [frames]
    }

    // MARK: frames

    func runFrames(progress: (String) -> Void) throws(ToolError) -> String {
        let frame = try SourceFrame(
            format: "NV12", width: Self.width, height: Self.height,
            source: TextScene.source(height: Self.height))
        let launch =
            "appsrc name=src format=time is-live=false block=true max-bytes=\(4 * frame.byteCount) "
            + "! textmirror name=tm detection-mode=async detection-rate=120 ! fakesink name=sink sync=false"
        let pipeline = try AppSourcePipeline(launch, caps: frame.caps)
        pipeline.setMirrorProperty("model", model)
        let recorder = RSSRecorder(at: checkpoints)
        pipeline.probe.onOutput = { recorder.frameLeft($0) }
        try pipeline.play()
        progress("memory: \(frames) frames of \(Self.width)x\(Self.height) through \(launch)")
        let period = UInt64(1_000_000_000 / Self.fps)
        var pushed = 0
        func push() throws(ToolError) {
            let buffer = try frame.writableCopy()
            buffer.pointee.pts = GstClockTime(UInt64(pushed) * period)
            buffer.pointee.duration = GstClockTime(period)
            defer { gst_buffer_unref(buffer) }
            try pipeline.push(buffer)
            pushed += 1
        }
        // Warm-up: until the first detection has come back, the network for this frame size does
        // not exist yet (it is built on the detection queue); frames are counted from there.
        let warmUpStart = MonotonicClock.nanoseconds()
        while pipeline.messages.detections.isEmpty {
            try push()
            try pipeline.drainBus()
            guard MonotonicClock.nanoseconds() - warmUpStart < 60_000_000_000 else {
                throw ToolError("memory: no detection within 60 s")
            }
        }
        let warmUpFrames = pipeline.probe.framesOut
        recorder.start(afterFrame: warmUpFrames)
        let warmUpDetections = pipeline.messages.detections.count
        let start = MonotonicClock.nanoseconds()
        // Enough that `frames` frames leave textmirror after the origin (some are in the queue).
        while pushed < warmUpFrames + frames + 8 {
            try push()
            if pushed % 100 == 0 { try pipeline.drainBus() }
            if pushed % 2000 == 0 { progress("memory: \(pushed)/\(warmUpFrames + frames) frames") }
        }
        try pipeline.finish(timeoutSeconds: 120)
        let seconds = Double(MonotonicClock.nanoseconds() - start) / 1e9
        let detections = pipeline.messages.detections.count - warmUpDetections

        var lines = [
            "| frames through textmirror | VmRSS MB | change since frame \(checkpoints[0]) MB |",
            "|---:|---:|---:|"
        ]
        let readings = recorder.readings
        let first = readings.first?.bytes ?? 0
        for reading in readings {
            lines.append(
                "| \(reading.frame) | \(megabytes(reading.bytes)) | "
                    + signedFixed(Double(reading.bytes - first) / 1_048_576, 1) + " |")
        }
        let growth = Double((readings.last?.bytes ?? 0) - first) / 1_048_576
        lines += [
            "",
            "- Pipeline: `\(launch)` (model set as a property). Frames are counted from the first detection's "
                + "return (frame \(warmUpFrames): until then the network does not exist); then "
                + "\(pushed - warmUpFrames) frames in \(fixed(seconds, 1)) s "
                + "(\(fixed(Double(frames) / seconds, 0)) frames/s), \(detections) detections "
                + "(\(detections > 0 ? "boxes found: \(pipeline.messages.detections.map(\.boxes).max() ?? 0) at most" : "none!")), "
                + "tracking on (the default).",
            "- Target: resident memory flat, growth from frame \(checkpoints[0]) to frame \(frames) below "
                + "\(fixed(Self.growthBoundMB, 0)) MB: \(fixed(max(growth, 0), 1)) MB → "
                + (growth < Self.growthBoundMB ? "PASS" : "FAIL")
        ]
        return lines.joined(separator: "\n")
    }

    // MARK: instances

    func runInstances(progress: (String) -> Void) throws(ToolError) -> String {
        let frame = try SourceFrame(
            format: "NV12", width: Self.width, height: Self.height,
            source: TextScene.source(height: Self.height))
        var pipelines: [AppSourcePipeline] = []
        defer { pipelines.removeAll() }
        let baseline = ProcessStats.residentBytes() ?? 0
        var lines = [
            "| textmirror instances playing | VmRSS MB | added by the last one MB |",
            "|---|---:|---:|",
            "| 0 (GStreamer up, frame rendered) | \(megabytes(baseline)) | |"
        ]
        var previous = baseline
        var firstAdded = 0
        var extraAdded: [Int] = []
        var unsharedAdded = 0
        let configurations = (1...instances).map { ($0, "0") } + [(instances + 1, "1")]
        for (count, threads) in configurations {
            let launch =
                "appsrc name=src format=time is-live=false ! textmirror name=tm detection-mode=sync "
                + "detection-rate=30 detection-size=640 threads=\(threads) ! fakesink name=sink sync=false"
            progress("memory: instance \(count): \(launch)")
            let pipeline = try AppSourcePipeline(launch, caps: frame.caps)
            pipeline.setMirrorProperty("model", model)
            try pipeline.play()
            let period = UInt64(1_000_000_000 / Self.fps)
            for n in 0..<10 {
                let buffer = try frame.writableCopy()
                buffer.pointee.pts = GstClockTime(UInt64(n) * period)
                buffer.pointee.duration = GstClockTime(period)
                try pipeline.push(buffer)
                gst_buffer_unref(buffer)
            }
            try pipeline.finish()
            guard !pipeline.messages.detections.isEmpty else {
                throw ToolError("instance \(count) posted no detection")
            }
            pipelines.append(pipeline)
            let now = ProcessStats.residentBytes() ?? 0
            let added = now - previous
            previous = now
            let label = threads == "0" ? "\(count)" : "\(count): the last with threads=1 (its own detector)"
            lines.append("| \(label) | \(megabytes(now)) | \(signedFixed(Double(added) / 1_048_576, 1)) |")
            if count == 1 {
                firstAdded = added
            } else if threads == "0" {
                extraAdded.append(added)
            } else {
                unsharedAdded = added
            }
        }
        let worst = Double(extraAdded.max() ?? 0) / 1_048_576
        let bound = Self.instanceBoundFraction * Double(unsharedAdded) / 1_048_576
        lines += [
            "",
            "- Each instance: `appsrc ! textmirror detection-mode=sync detection-rate=30 detection-size=640 "
                + "threads=N ! fakesink` in a pipeline of its own, 10 frames of \(Self.width)x\(Self.height) NV12 "
                + "with text (detector input 640x352), then left PLAYING. The first instance added "
                + "\(megabytes(firstAdded)) MB (model, network, OpenVINO's code and buffers).",
            extraAdded.isEmpty
                ? "- Only one instance: sharing not measured."
                : "- Target: a further instance with the same model and detection-size adds no second copy of the "
                    + "model: each adds less than a quarter of what the instance with its own detector adds "
                    + "(\(megabytes(unsharedAdded)) / 4 = \(fixed(bound, 1)) MB): at most \(signedFixed(worst, 1)) MB → "
                    + (worst < bound ? "PASS" : "FAIL"),
            "- What a further instance does add is mostly glibc's per-thread malloc arena: each instance's "
                + "streaming thread runs its sync detections, and OpenVINO's temporaries for a forward pass stay "
                + "cached in that thread's arena (with MALLOC_ARENA_MAX=1 the same step adds about 1 MB)."
        ]
        return lines.joined(separator: "\n")
    }
}

/// VmRSS at given frame counts, read on the streaming thread as those frames leave textmirror;
/// read back by the main thread after EOS.
final class RSSRecorder: @unchecked Sendable {
    private let checkpoints: Set<Int>
    /// Frames before counting starts; -1 until the main thread sets it.
    private let origin = Atomic<Int>(-1)
    private(set) var readings: [(frame: Int, bytes: Int)] = []

    init(at checkpoints: [Int]) {
        self.checkpoints = Set(checkpoints)
        readings.reserveCapacity(checkpoints.count)
    }

    /// Counts frames from `frame` on (called by the main thread).
    func start(afterFrame frame: Int) { origin.store(frame, ordering: .releasing) }

    func frameLeft(_ count: Int) {
        let origin = origin.load(ordering: .acquiring)
        guard origin >= 0, checkpoints.contains(count - origin) else { return }
        readings.append((count - origin, ProcessStats.residentBytes() ?? 0))
    }
}

/// Runs one part of the memory section in a child process (this executable with
/// `--memory-part`), streaming its stderr through and returning its stdout.
enum ChildProcess {
    static func run(_ arguments: [String]) throws(ToolError) -> String {
        guard let exe = realpath("/proc/self/exe", nil) else { throw ToolError("cannot find this executable") }
        let path = String(cString: exe)
        free(exe)
        let command = ([path] + arguments).map(shellQuoted).joined(separator: " ")
        guard let pipe = popen(command, "r") else { throw ToolError("cannot run \(command)") }
        let output = readText(from: pipe)
        let status = pclose(pipe)
        guard status == 0, let output else { throw ToolError("\(command) failed (status \(status))") }
        return output
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
