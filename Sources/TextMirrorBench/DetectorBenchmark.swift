import TextMirrorCore
import TextMirrorPlugin

/// What one detection costs with each model, detection-size and thread count, on a
/// 1920x1080 NV12 frame with eight lines of text (`TextScene`), and the rate that allows.
///
/// Each detection is timed in the three steps the element runs, with the same code:
/// - snapshot: `TextDetector.prepare`, the only part on the streaming thread (a copy of the frame);
/// - downscale: `DetectionInput.makeRGB`, box-filtered NV12 -> RGB at the input size (detection queue);
/// - forward + post: `TextDetector.detectKernels` (OpenVINO forward pass, then OpenCV's
///   thresholding, contours and box scores in C++) plus `TextBoxPostprocess.textBoxes` (unclip, to frame pixels, in Swift);
/// - ink fit: `InkFitting.fit` on the frame, each box fitted to its line's ink and tilt (detection
///   queue), for lines seen for the first time, and again for the same lines remembered (their
///   tilts known, as on all but about one detection a second of a line) and moved by 2 px (a
///   line that has not moved takes its last fit and costs nothing).
/// The achievable rate is what one detection queue reaches back to back: 1 / (downscale +
/// forward + post + ink fit of known lines), medians. Reading new lines comes on top.
///
/// All configurations are interleaved round-robin so load bursts on a shared machine hit them
/// alike. The rounds run all sizes at one thread count, then all at the other (rotating the
/// order each round), after an untimed detection at that count, so a thread pool that grows
/// or shrinks does so outside a measurement.
struct DetectorBenchmark {
    static let allSizes = [320, 480, 640, 960]
    static let threadCounts = [1, 2]
    static let frameWidth = 1920, frameHeight = 1080

    struct Row {
        let model: String
        let size: Int
        let threads: Int
        let input: DetectorInputSize
        var snapshot: [UInt64] = []
        var downscale: [UInt64] = []
        var forward: [UInt64] = []
        var forwardCPU: [UInt64] = []
        var fit: [UInt64] = []
        var knownFit: [UInt64] = []
        var boxes: [Int] = []
    }

    /// Detector files, compared in one run.
    let models: [String]
    let sizes: [Int]
    let runs: Int

    func run(progress: (String) -> Void) throws(ToolError) -> [Row] {
        progress("detector: rendering the text scene at \(Self.frameWidth)x\(Self.frameHeight)")
        let frame = try SourceFrame(
            format: "NV12", width: Self.frameWidth, height: Self.frameHeight,
            source: TextScene.source(height: Self.frameHeight))
        let layout = FrameLayout(.nv12)
        var detectors: [[TextDetector]] = []  // [threads][model and size]
        var rows: [[Row]] = []
        for threads in Self.threadCounts {
            var line: [TextDetector] = [], rowLine: [Row] = []
            for model in models {
                for size in sizes {
                    let name = DetectionModel.describing(path: model).name
                    progress("detector: loading \(name) for detection-size \(size), threads \(threads)")
                    let detector: TextDetector
                    do {
                        detector = try TextDetector(.init(modelPath: model, detectionSize: size, threads: threads))
                        try detector.preload(frameWidth: Self.frameWidth, frameHeight: Self.frameHeight)
                    } catch {
                        throw ToolError("\(name) at \(size), \(threads) threads: \(error)")
                    }
                    line.append(detector)
                    rowLine.append(
                        Row(
                            model: name, size: size, threads: threads,
                            input: detector.inputSize(frameWidth: Self.frameWidth, frameHeight: Self.frameHeight)))
                }
            }
            detectors.append(line)
            rows.append(rowLine)
        }

        let start = MonotonicClock.nanoseconds()
        // Round 0 is a warm-up (first passes fill OpenVINO's buffers and caches), not recorded.
        for round in 0...runs {
            for t in Self.threadCounts.indices.map({ ($0 + round) % Self.threadCounts.count }) {
                // Untimed: wakes this thread count's workers.
                _ = try frame.withPicture { picture throws(ToolError) in
                    try Self.detect(detectors[t][0], picture, layout)
                }
                let count = detectors[t].count
                for s in detectors[t].indices.map({ ($0 + round) % count }) {
                    let timing = try frame.withPicture { picture throws(ToolError) in
                        try Self.detect(detectors[t][s], picture, layout)
                    }
                    guard round > 0 else { continue }
                    rows[t][s].snapshot.append(timing.snapshot)
                    rows[t][s].downscale.append(timing.downscale)
                    rows[t][s].forward.append(timing.forward)
                    rows[t][s].forwardCPU.append(timing.forwardCPU)
                    rows[t][s].fit.append(timing.fit)
                    rows[t][s].knownFit.append(timing.knownFit)
                    rows[t][s].boxes.append(timing.boxes)
                }
            }
            if round > 0 {
                let seconds = Int(Double(MonotonicClock.nanoseconds() - start) / 1e9)
                progress("detector: round \(round)/\(runs), \(seconds) s, load \(MachineFacts.loadAverage())")
            }
        }
        return rows.flatMap { $0 }.sorted { ($0.size, $0.threads, $0.model) < ($1.size, $1.threads, $1.model) }
    }

    private static func detect(_ detector: TextDetector, _ picture: FrameBuffer, _ layout: FrameLayout)
        throws(ToolError) -> (
            snapshot: UInt64, downscale: UInt64, forward: UInt64, forwardCPU: UInt64, fit: UInt64,
            knownFit: UInt64, boxes: Int
        )
    {
        let t0 = MonotonicClock.nanoseconds()
        let prepared = detector.prepare(picture, layout: layout)
        let t1 = MonotonicClock.nanoseconds()
        let rgb = prepared.makeRGB()
        let t2 = MonotonicClock.nanoseconds()
        let cpu2 = MonotonicClock.processCPUNanoseconds()
        let input = DetectionInput(
            width: prepared.width, height: prepared.height, rgb: rgb,
            frameWidth: prepared.frameWidth, frameHeight: prepared.frameHeight)
        let lines: [TextBox]
        do {
            let kernels = try detector.detectKernels(input, thresholds: DetectionThresholds())
            lines = detector.configuration.postprocess.textBoxes(
                kernels, input: DetectorInputSize(width: input.width, height: input.height),
                frameWidth: input.frameWidth, frameHeight: input.frameHeight)
        } catch {
            throw ToolError("detection failed: \(error)")
        }
        let t3 = MonotonicClock.nanoseconds()
        let cpu3 = MonotonicClock.processCPUNanoseconds()
        let fits = LineMemory<InkFitting.LineFit>()
        func fit(_ lines: [TextBox]) {
            _ = InkFitting().fit(
                lines, in: picture, format: layout.format, horizontally: true, vertically: false,
                memory: fits, renewAfter: 2)
        }
        fit(lines)
        let t4 = MonotonicClock.nanoseconds()
        // The same lines detected 2 px off, as a hand-held camera moves them: fitted again at
        // their known tilts (boxes that have not moved take their last fit without a look).
        fit(lines.map { var line = $0; line.box.centerX += 2; return line })
        let t5 = MonotonicClock.nanoseconds()
        return (t1 - t0, t2 - t1, t3 - t2, cpu3 - cpu2, t4 - t3, t5 - t4, lines.count)
    }

    static func markdown(_ rows: [Row], runs: Int) -> String {
        var lines = [
            "| model | detection-size | input | threads | snapshot (streaming thread) | downscale | forward + post | "
                + "forward + post, CPU | ink fit, new lines | ink fit, known lines | total | achievable rate | lines found |",
            "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        ]
        for row in rows {
            let snapshot = Percentiles(nanoseconds: row.snapshot)
            let downscale = Percentiles(nanoseconds: row.downscale)
            let forward = Percentiles(nanoseconds: row.forward)
            let forwardCPU = Percentiles(nanoseconds: row.forwardCPU)
            let fit = Percentiles(nanoseconds: row.fit), knownFit = Percentiles(nanoseconds: row.knownFit)
            let total = Percentiles(
                nanoseconds: row.downscale.indices.map {
                    row.downscale[$0] + row.forward[$0] + row.knownFit[$0]
                })
            let rate = total.median > 0 ? 1000 / total.median : 0
            let boxes = row.boxes.sorted()
            let found =
                boxes.isEmpty ? "-" : boxes.first == boxes.last ? "\(boxes[0])" : "\(boxes.first!)-\(boxes.last!)"
            lines.append(
                "| \(row.model) | \(row.size) | \(row.input) | \(row.threads) | \(pair(snapshot)) | \(pair(downscale)) | "
                    + "\(pair(forward)) | \(pair(forwardCPU)) | \(pair(fit)) | \(pair(knownFit)) | \(pair(total)) | \(fixed(rate, 1)) Hz | \(found) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// "median / p90" in ms.
    static func pair(_ p: Percentiles) -> String {
        "\(fixed(p.median, p.median < 10 ? 2 : 1)) / \(fixed(p.ms(0.9), p.ms(0.9) < 10 ? 2 : 1))"
    }
}
