import TextMirrorCore
import TextMirrorPlugin

/// What tracking costs the streaming thread at 1080p (issue 5's budget: p99 at most 2 ms per
/// frame with detection running): the pan scenario at 1920x1080 NV12, pushed live at 30 fps
/// with detection in async mode, tracking on and off; then the gray copy and the flow alone,
/// with the detector idle, on the same frames and boxes.
struct CostBenchmark {
    let options: MotionBenchOptions
    let detector: TextDetector

    /// The first second is start-up (first detections, first pyramids), not steady state.
    static let warmUpFrames = 30

    func run() throws(MotionBenchError) {
        let width = 1920, height = 1080, format = PixelFormat.nv12
        let seconds = options.costSeconds
        progress("cost: rendering \(Int(seconds * 30)) frames at \(width)x\(height)...")
        let (cw, ch) = CameraPath.canvasSize(frameWidth: width, frameHeight: height, seconds: seconds, panSpeed: 240)
        let canvas = try SceneCanvas(width: cw, height: ch, frameHeight: height, seed: 23)
        let renderer = FrameRenderer(canvas: canvas)
        let path = CameraPath(kind: .pan, frameWidth: width, frameHeight: height)
        let frames = (0..<Int(seconds * EngineRun.frameRate)).map { n in
            renderer.render(path.view(at: Double(n) / EngineRun.frameRate), format: format, width: width, height: height)
        }
        do {
            try detector.preload(frameWidth: width, frameHeight: height)
        } catch {
            throw MotionBenchError("detector: \(error)")
        }

        print("\n### Streaming-thread cost at 1920x1080 NV12, live 30 fps, detection running (async)\n")
        var table = MarkdownTable(["what", "p50 ms", "p99 ms", "max ms", "detections/s", "boxes/frame"])
        var tracked: EngineRun.Result?
        for tracking in [true, false] {
            let settings = EngineRun.Settings(live: true, tracking: tracking, smoothing: options.smoothing,
                                              holdTime: options.holdTime, rate: options.rate)
            progress("cost: \(settings)...")
            let result = try EngineRun.run(frames, settings: settings, detector: detector)
            let steady = Array(result.processTimes.dropFirst(Self.warmUpFrames))
            let boxes = Double(result.boxes.dropFirst(Self.warmUpFrames).map(\.count).reduce(0, +))
                / Double(max(result.boxes.count - Self.warmUpFrames, 1))
            table.add(["MirrorEngine.process, tracking \(tracking ? "on" : "off")", ms(steady, 0.5), ms(steady, 0.99),
                       ms(steady, 1), fixed(Double(result.detections) / seconds, 1), fixed(boxes, 1)])
            if tracking {
                let flow = Array(result.flowTimes.dropFirst(Self.warmUpFrames))
                table.add(["  of which optical flow (gray copy, features, LK, fit)", ms(flow, 0.5), ms(flow, 0.99),
                           ms(flow, 1), "", ""])
                tracked = result
            }
            if result.lateFrames > 0 { progress("cost: \(result.lateFrames) frames pushed late") }
        }

        // The same work with the detector idle: what the flow costs by itself.
        if let tracked {
            let scaler = GrayDownscaler(format: format, frameWidth: width, frameHeight: height,
                                        factor: GrayDownscaler.factor(frameWidth: width, frameHeight: height))
            var grayTimes: [UInt64] = []
            let estimator = FlowMotionEstimator()
            var flowTimes: [UInt64] = []
            for (n, frame) in frames.enumerated() {
                var copy = frame
                let regions = n == 0 ? [] : tracked.boxes[n - 1].map(\.text.box)
                copy.withFrameBuffer { buffer in
                    let start = clockNanoseconds()
                    _ = scaler.downscale(buffer)
                    let middle = clockNanoseconds()
                    _ = estimator.estimate(buffer, layout: FrameLayout(format), regions: regions)
                    let end = clockNanoseconds()
                    grayTimes.append(middle - start)
                    flowTimes.append(end - middle)
                }
            }
            grayTimes = Array(grayTimes.dropFirst(Self.warmUpFrames))
            flowTimes = Array(flowTimes.dropFirst(Self.warmUpFrames))
            table.add(["optical flow alone, detector idle", ms(flowTimes, 0.5), ms(flowTimes, 0.99), ms(flowTimes, 1), "", ""])
            table.add(["  of which the gray copy (\(scaler.outputWidth)x\(scaler.outputHeight))", ms(grayTimes, 0.5),
                       ms(grayTimes, 0.99), ms(grayTimes, 1), "", ""])
        }
        print(table.markdown)
        print("\nFirst \(Self.warmUpFrames) frames left out; \(Int(seconds)) s of 240 px/s pan over \(canvas.lines.count) lines.")
    }
}
