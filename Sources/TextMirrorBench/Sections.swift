import Glibc
import TextMirrorCore

/// Runs the sections of the benchmark and prints each one's markdown.
struct Sections {
    let options: Options
    var facts: MachineFacts?
    private let model = ModelFile.find()

    init(options: Options, facts: MachineFacts? = nil) {
        self.options = options
        self.facts = facts
    }

    func run(_ section: Section) throws(ToolError) {
        switch section {
        case .kernels: try kernels()
        case .turned: try turned()
        case .detector: try detector()
        case .live: try live()
        case .memory: try memory()
        }
    }

    private func progress(_ text: String) { TextMirrorToolSupport.progress("textmirror-bench: \(text)") }

    private func requireModel(_ title: String) -> String? {
        guard let model else {
            print("\(title)\n\nSkipped: \(ModelFile.missing).")
            return nil
        }
        return model
    }

    // MARK: 1. kernels

    private func kernels() throws(ToolError) {
        let largestCache = facts?.largestCacheBytes ?? 0
        let evictedBytes = CacheEvictor.byteCount(largestCacheBytes: largestCache)
        print(Report.header(options.plan, evictedBytes: evictedBytes))
        let benchmark = Benchmark(plan: options.plan, largestCacheBytes: largestCache)
        let results = try benchmark.run { progress("kernels: \($0)") }
        let table = Table(results)
        print(table.markdown)
        print(Report.notes(table, results, options.plan))
    }

    // MARK: 1b. turned lines

    private func turned() throws(ToolError) {
        let plan = options.plan
        let load = MachineFacts.loadAverage()
        progress("turned: \(plan.frames) frames per row")
        let rows = try TurnedLinesBenchmark(width: plan.width, height: plan.height, frames: plan.frames).run()
        print(
            """
            ### 1b. Detected lines, level and turned

            - Load average at start: \(load)
            - Frame: \(plan.width)x\(plan.height), a page lit from the right (luma 150 to 242) with \
            8 lines of dark strokes, 20-60 px high at 1080 lines; \(plan.frames) timed frames per cell, cells \
            interleaved round-robin, the frame restored before each (so it is in the caches)
            - What the streaming thread spends in `FrameMirror.mirror` on the 8 boxes, as the element calls \
            it for detected lines (nearest axis per plane); turned boxes are mirrored sample by sample

            Time per frame in ms, median / p90:

            \(TurnedLinesBenchmark.markdown(rows))

            - Load average at end: \(MachineFacts.loadAverage())
            """)
    }

    // MARK: 2. detector

    private func detector() throws(ToolError) {
        let title = "### 2. Detector at 1920x1080 NV12 with text"
        guard let model = requireModel(title) else { return }
        let load = MachineFacts.loadAverage()
        // Beside the live default, the other models in its folder, for their costs side by side.
        let folder = String(model[..<(model.lastIndex(of: "/") ?? model.startIndex)])
        let others = DetectionModel.known.map { folder + "/" + $0.fileName }.filter { $0 != model && access($0, R_OK) == 0 }
        let benchmark = DetectorBenchmark(models: [model] + others, sizes: options.detectorSizes, runs: options.detectorRuns)
        let rows = try benchmark.run(progress: progress)
        print(
            """
            \(title)

            - Load average at start: \(load); \(options.detectorRuns) timed detections per row, all rows \
            interleaved round-robin (after one untimed round)
            - Frame: \(DetectorBenchmark.frameWidth)x\(DetectorBenchmark.frameHeight) NV12, light background, \
            \(TextScene.lineCount) lines of text drawn by textoverlay (pipelines/scene.sh's four and four smaller)

            Time per detection in ms, median / p90:

            """)
        print(DetectorBenchmark.markdown(rows, runs: options.detectorRuns))
        print(
            """

            - snapshot: the copy of the frame `TextDetector.prepare` makes on the streaming thread when a \
            detection is due (the same for every row); downscale: box-filtered NV12 → RGB at the input size; \
            forward + post: the OpenVINO forward pass, OpenCV's thresholding, contours and box scores (C++), then unclip \
            to frame boxes (Swift). Downscale, forward and post run on the detection queue in async mode.
            - forward + post, CPU: process CPU time (all threads) during forward + post. With 1 thread it is \
            what the wall-clock time would be on an idle machine; the difference is time spent waiting for a core.
            - achievable rate: 1 / median(downscale + forward + post), what one detection queue reaches \
            back to back; the element asks for at most detection-rate (30 Hz by default).
            - threads: OpenVINO's threads for the forward pass of one network (`threads` property; 0 = one per core, \
            here \(facts?.cores ?? 0)). The live section also runs two one-thread networks side by side \
            (`parallel-detections=2`).
            - Load average at end: \(MachineFacts.loadAverage())
            """)
    }

    // MARK: 3. live

    private func live() throws(ToolError) {
        let title = "### 3. Live 1080p30 with detection (async): raw frames, and a camera's MJPEG"
        guard let model = requireModel(title) else { return }
        let load = MachineFacts.loadAverage()
        progress("live: rendering the text scene at 1920x1080")
        let scene = TextScene.source(height: LiveBenchmark.height)
        let frames = (
            raw: try SourceFrame(
                format: "NV12", width: LiveBenchmark.width, height: LiveBenchmark.height,
                source: scene),
            mjpeg: try SourceFrame(
                format: "I420", width: LiveBenchmark.width, height: LiveBenchmark.height,
                source: scene, encoder: "jpegenc quality=85"),
            unevenLight: try SourceFrame(
                format: "NV12", width: LiveBenchmark.width, height: LiveBenchmark.height,
                source: TextScene.source(
                    width: LiveBenchmark.width,
                    height: LiveBenchmark.height, unevenLight: true))
        )
        let benchmark = LiveBenchmark(
            model: model, seconds: options.liveSeconds,
            warmUpSeconds: options.liveWarmUpSeconds)
        var results: [LiveBenchmark.Result] = []
        let probe = try AppSourcePipeline(
            "appsrc name=src ! textmirror name=tm detect=false ! fakesink", caps: frames.raw.caps)
        let tracking: Bool? = probe.mirrorHasProperty("tracking") ? true : nil
        let hasSeamless = probe.mirrorHasProperty("seamless")
        // Defaults on raw frames (a source that costs nothing) and on a camera's MJPEG; then,
        // on the camera, the choices that trade detection rate against the streaming thread:
        // one detector thread, and detection-size 960, with both detector threads and with one
        // (which leaves a core to the streaming thread).
        var runs: [LiveBenchmark.Settings] = [
            .init(tracking: tracking), .init(tracking: tracking, camera: true),
            .init(tracking: tracking, moving: true)
        ]
        if options.liveBothTracking {
            runs += [
                .init(tracking: tracking, threads: 1, camera: true),
                .init(tracking: tracking, parallelDetections: 2, camera: true),
                .init(tracking: tracking, detectionSize: 960, camera: true),
                .init(tracking: tracking, detectionSize: 960, threads: 1, camera: true)
            ]
            if tracking != nil { runs.append(.init(tracking: false, camera: true)) }
            runs.append(.init(tracking: tracking, camera: true, verify: false))
            runs.append(.init(tracking: tracking, camera: true, verticalText: true))
            // Seamless mirroring on and off, on the flat scene (where its ring finds nothing to
            // correct) and under uneven light (where it corrects every line in every frame).
            if hasSeamless {
                runs += [
                    .init(tracking: tracking, seamless: false),
                    .init(tracking: tracking, unevenLight: true, seamless: true),
                    .init(tracking: tracking, unevenLight: true, seamless: false)
                ]
            }
        }
        if let chosen = options.liveConfigurations {
            runs = runs.filter { chosen.contains(LiveBenchmark.shortName($0)) }
        }
        // Rounds interleave the configurations, so a noisy minute hurts each of them alike.
        for _ in 0..<options.liveRuns {
            for settings in runs {
                results.append(try benchmark.run(settings, frames: frames, progress: progress))
            }
        }
        print(
            """
            \(title)

            - Load average at start: \(load)

            """)
        print(LiveBenchmark.markdown(results))
        print("")
        if options.liveRuns > 1 {
            print(LiveBenchmark.summary(results, configurations: runs.count))
            print("")
        }
        print(LiveBenchmark.notes(results, seconds: options.liveSeconds, warmUpSeconds: options.liveWarmUpSeconds))
        print("- Load average at end: \(MachineFacts.loadAverage())")
    }

    // MARK: 4. memory

    private func memory() throws(ToolError) {
        let title = "### 4. Resident memory with detection on"
        guard requireModel(title) != nil else { return }
        print(
            """
            \(title)

            - Load average at start: \(MachineFacts.loadAverage()); each part in a fresh child process

            """)
        fflush(nil)
        print(try ChildProcess.run(options.memoryChildArguments("frames")))
        print("")
        print(try ChildProcess.run(options.memoryChildArguments("instances")))
        print("- Load average at end: \(MachineFacts.loadAverage())")
    }

    /// In the child process: one part of the memory section.
    func memoryPart(_ part: String) throws(ToolError) -> String {
        guard let model else { throw ToolError(ModelFile.missing) }
        let benchmark = MemoryBenchmark(model: model, frames: options.memoryFrames, instances: options.memoryInstances)
        return part == "frames"
            ? try benchmark.runFrames(progress: progress) : try benchmark.runInstances(progress: progress)
    }
}
