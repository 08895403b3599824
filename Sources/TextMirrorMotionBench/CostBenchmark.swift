import TextMirrorCore
import TextMirrorPlugin

/// What tracking costs the streaming thread at 1080p (the budget: p99 at most 2 ms per
/// frame with detection running): the pan scenario at 1920x1080 NV12, pushed live at 30 fps
/// with detection in async mode, tracking on and off; then the gray copy and the flow alone,
/// with the detector idle, on the same frames and boxes.
struct CostBenchmark {
    let options: MotionBenchOptions
    let models: Models

    /// The first second is start-up (first detections, first pyramids), not steady state.
    static let warmUpFrames = 30

    func run() throws(ToolError) {
        let width = 1920, height = 1080, format = PixelFormat.nv12
        let seconds = options.costSeconds
        progress("cost: rendering \(Int(seconds * 30)) frames at \(width)x\(height)...")
        let (cw, ch) = CameraPath.canvasSize(frameWidth: width, frameHeight: height, seconds: seconds, panSpeed: 240)
        let canvas = try SceneCanvas(width: cw, height: ch, frameHeight: height, seed: 23)
        let renderer = FrameRenderer(canvas: canvas)
        let path = CameraPath(kind: .pan, frameWidth: width, frameHeight: height)
        let frames = (0..<Int(seconds * EngineRun.frameRate)).map { n in
            renderer.render(
                path.view(at: Double(n) / EngineRun.frameRate), format: format, width: width, height: height)
        }
        do {
            try models.detector.preload(frameWidth: width, frameHeight: height)
        } catch {
            throw ToolError("detector: \(error)")
        }

        print("\n### Streaming-thread cost at 1920x1080 NV12, live 30 fps, detection running (async)\n")
        var table = MarkdownTable([
            "what", "wall p50 ms", "wall p99 ms", "wall max ms", "CPU p50 ms", "CPU p99 ms",
            "detections/s", "boxes/frame"
        ])
        func row(_ what: String, wall: [UInt64], cpu: [UInt64], detections: String = "", boxes: String = "") {
            table.add([what, ms(wall, 0.5), ms(wall, 0.99), ms(wall, 1), ms(cpu, 0.5), ms(cpu, 0.99), detections, boxes]
            )
        }
        var tracked: EngineRun.Result?
        for tracking in [true, false] {
            let settings = EngineRun.Settings(
                live: true, tracking: tracking, smoothing: options.smoothing,
                holdTime: options.holdTime, rate: options.rate)
            progress("cost: \(settings)...")
            let result = try EngineRun.run(frames, settings: settings, models: models)
            let skip = Self.warmUpFrames
            let boxes =
                Double(result.boxes.dropFirst(skip).map(\.count).reduce(0, +))
                / Double(max(result.boxes.count - skip, 1))
            row(
                "MirrorEngine.process, tracking \(tracking ? "on" : "off")",
                wall: Array(result.processTimes.dropFirst(skip)),
                cpu: Array(result.processCPU.dropFirst(skip)),
                detections: fixed(Double(result.detections) / seconds, 1),
                boxes: fixed(boxes, 1))
            if tracking {
                row(
                    "  of which the gray copy", wall: Array(result.grayTimes.dropFirst(skip)),
                    cpu: Array(result.grayCPU.dropFirst(skip)))
                row(
                    "  of which optical flow (features, LK, fit)", wall: Array(result.flowTimes.dropFirst(skip)),
                    cpu: Array(result.flowCPU.dropFirst(skip)))
                tracked = result
            }
            if result.lateFrames > 0 { progress("cost: \(result.lateFrames) frames pushed late") }
        }

        // The same work with the detector idle: what the flow costs by itself.
        if let tracked {
            let factor = GrayDownscaler.factor(
                frameWidth: width, frameHeight: height,
                longSide: flowConfiguration().grayLongSide)
            var gray: (wall: [UInt64], cpu: [UInt64]) = ([], [])
            var flow: (wall: [UInt64], cpu: [UInt64]) = ([], [])
            let estimator = FlowMotionEstimator(flowConfiguration())
            for (n, frame) in frames.enumerated() {
                var copy = frame
                let regions = n == 0 ? [] : tracked.boxes[n - 1].map(\.text.box)
                copy.withFrameBuffer { buffer in
                    let start = clockNanoseconds(), startCPU = threadCPUNanoseconds()
                    let picture = estimator.prepare(buffer, layout: FrameLayout(format))
                    let middle = clockNanoseconds(), middleCPU = threadCPUNanoseconds()
                    _ = estimator.estimate(picture, regions: regions)
                    gray.wall.append(middle - start)
                    gray.cpu.append(middleCPU - startCPU)
                    flow.wall.append(clockNanoseconds() - middle)
                    flow.cpu.append(threadCPUNanoseconds() - middleCPU)
                }
            }
            let skip = Self.warmUpFrames
            row(
                "gray copy alone (\(width / factor)x\(height / factor)), detector idle",
                wall: Array(gray.wall.dropFirst(skip)),
                cpu: Array(gray.cpu.dropFirst(skip)))
            row(
                "optical flow alone, detector idle", wall: Array(flow.wall.dropFirst(skip)),
                cpu: Array(flow.cpu.dropFirst(skip)))
        }
        print(table.markdown)
        print(
            "\nFirst \(Self.warmUpFrames) frames left out; \(Int(seconds)) s of 240 px/s pan over \(canvas.lines.count) lines."
        )
    }
}
