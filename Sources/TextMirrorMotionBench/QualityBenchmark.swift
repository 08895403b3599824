import Glibc
import TextMirrorCore
import TextMirrorPlugin

/// The scored table: every scenario through sync and live runs, tracking on and off, plus the
/// ceiling a perfect tracker would reach and a reproducibility check of sync mode.
struct QualityBenchmark {
    let options: MotionBenchOptions
    let models: Models

    /// Frames left out of the scores at the start: the detector's first result in live mode
    /// takes this long on a 2-core machine, and a stream starts once, not every second.
    static let warmUpFrames = 15

    func run() throws(ToolError) {
        let o = options
        let (canvasWidth, canvasHeight) = CameraPath.canvasSize(
            frameWidth: o.width, frameHeight: o.height,
            seconds: o.seconds, panSpeed: 240)
        var scenarios = o.scenarios
        var skipped: String?
        var photoRenderer: FrameRenderer?
        if scenarios.contains(where: \.photos) {
            do {
                progress("reading the photographs in \(o.photoDirectory)...")
                var photos: [Photo] = []
                for name in o.photoNames {
                    photos.append(try Photo.load(name, from: o.photoDirectory).dimmed(to: o.light))
                }
                photoRenderer = FrameRenderer(
                    canvas: SceneCanvas(photos: photos, width: canvasWidth, height: canvasHeight))
            } catch {
                // Asked for by name: an error. By default: the drawn scene still runs.
                if o.scenariosGiven { throw error }
                skipped = error.description
                scenarios.removeAll(where: \.photos)
            }
        }
        var drawnRenderer: FrameRenderer?
        if scenarios.contains(where: { !$0.photos }) {
            progress("rendering the scene (textoverlay)...")
            drawnRenderer = FrameRenderer(
                canvas: try SceneCanvas(width: canvasWidth, height: canvasHeight, frameHeight: o.height))
        }
        do {
            try models.detector.preload(frameWidth: o.width, frameHeight: o.height)
        } catch {
            throw ToolError("detector: \(error)")
        }
        if let canvas = drawnRenderer?.canvas {
            print(
                "- Scene: \(canvas.lines.count) lines of text on plain signs over a cluttered background, "
                    + "canvas \(canvasWidth)x\(canvasHeight)")
        }
        if let canvas = photoRenderer?.canvas {
            let legible = canvas.lines.filter(\.legible).count
            print(
                "- Photographs (photo-*): \(o.photoNames.joined(separator: ", ")) from \(o.photoDirectory), side by side, "
                    + "each at its own size or enlarged to the canvas height; \(legible) legible lines in their ground truth "
                    + "(\(canvas.lines.count - legible) ### not scored), canvas \(canvasWidth)x\(canvasHeight)"
                    + (o.light < 1 ? "; dimmed to \(o.light) of their brightness" : ""))
        }
        if let skipped { print("- Photo scenarios skipped: \(skipped)") }
        // The photo canvas as textmirror boxes it with the camera still: a second reference
        // for the photo scenarios, which scores motion alone (`StillReference`).
        var stillCanvas: SceneCanvas?
        if let photoRenderer {
            progress("boxing the photographs with the camera still...")
            let (canvas, found) = try StillReference.canvas(
                photoRenderer, path: CameraPath(kind: .pan, frameWidth: o.width, frameHeight: o.height),
                seconds: o.seconds, format: o.format, models: models)
            stillCanvas = canvas
            print(
                "- q vs still boxes (photo-*): against the boxes textmirror mirrors on the same lines with the camera "
                    + "still (sync, one frame), not the ground truth's; \(found) of "
                    + "\(photoRenderer.canvas.lines.filter(\.legible).count) legible lines found still, the rest not scored"
            )
        }
        print(
            "- Frames \(o.width)x\(o.height) \(o.format.rawValue) at 30 fps, "
                + "\(Int(o.seconds)) s per scenario, first \(Self.warmUpFrames) frames not scored")
        print(
            "- Engine settings: smoothing \(o.smoothing), hold-time \(Int(o.holdTime)) ms, detection-rate \(o.rate) Hz"
                + (o.noise > 0 ? "; camera noise up to ±\(o.noise) luma levels (q then counts the noise too)" : ""))
        print(
            "- pan: 240 px/s; pan-zoom-shake: the pan, zoom 1-1.15x (4 s period), shake about ±5 px at 3-8 Hz; "
                + "cut: a still camera that jumps 700 px halfway\n")

        var table = MarkdownTable([
            "scenario", "run", "mean q", "q p10", "q vs still boxes", "on text", "q on text", "non-text changed",
            "phantoms/frame", "overlaps/frame", "axis err px p50/p90", "width err px p50", "jitter px (mean/max)",
            "axis bias px", "detections/s",
            "engine ms p50/p99", "flow ms p50/p99"
        ])
        var summary = MarkdownTable([
            "scenario", "format", "ceiling", "sync, tracking on", "sync, off",
            "live async, on", "live async, off"
        ])
        var notes: [String] = []
        for scenario in scenarios {
            let kind = scenario.kind, name = scenario.name
            guard let renderer = scenario.photos ? photoRenderer : drawnRenderer else { continue }
            let canvas = renderer.canvas
            var path = CameraPath(kind: kind, frameWidth: o.width, frameHeight: o.height)
            path.cutTime = o.seconds / 2
            let count = Int(o.seconds * EngineRun.frameRate)
            progress("\(name): rendering \(count) frames...")
            let frames = (0..<count).map { n in
                var frame = renderer.render(
                    path.view(at: Double(n) / EngineRun.frameRate), format: o.format,
                    width: o.width, height: o.height)
                if o.noise > 0 { addNoise(&frame, amplitude: o.noise, seed: UInt64(n)) }
                return frame
            }
            func makeScorer(against canvas: SceneCanvas) -> Scorer {
                var scorer = Scorer(
                    canvas: canvas, path: path, renderer: renderer, inputs: frames, warmUp: Self.warmUpFrames)
                scorer.changeTolerance = Int((2 * o.noise).rounded(.up))
                return scorer
            }
            let scorer = makeScorer(against: canvas)
            let ceiling = try scorer.ceiling()
            let stillScorer = scenario.photos ? stillCanvas.map(makeScorer(against:)) : nil
            var means: [String: String] = [:]
            table.add([
                name, "true boxes (ceiling)", fixed(ceiling.meanQ, 3), fixed(ceiling.percentile(0.1), 3),
                "", "", "", percent(ceiling.nonTextFraction), "", "", "", "", "", "", "", "", ""
            ])
            let offAxis = try scorer.ceiling(axisShift: 1)
            table.add([
                name, "true boxes, axis 1 px off", fixed(offAxis.meanQ, 3), fixed(offAxis.percentile(0.1), 3),
                "", "", "", percent(offAxis.nonTextFraction), "", "", "", "", "", "", "", "", ""
            ])
            for live in o.live {
                for tracking in o.tracking {
                    let settings = EngineRun.Settings(
                        live: live, tracking: tracking, smoothing: o.smoothing,
                        holdTime: o.holdTime, rate: o.rate)
                    progress("\(name): \(settings)...")
                    let result = try EngineRun.run(frames, settings: settings, models: models)
                    let score = scorer.score(
                        outputs: result.outputLuma, boxes: result.boxes,
                        detectionFrames: result.detectionFrames)
                    if kind == .cut {
                        let cutFrame = Int(path.cutTime * EngineRun.frameRate)
                        let linger = score.lastPhantomFrame.map { max($0 - cutFrame + 1, 0) } ?? 0
                        notes.append(
                            "\(name), \(settings): boxes of the old view lingered \(Int(Double(linger) * 1000 / EngineRun.frameRate)) ms after the cut"
                        )
                    }
                    // Without tracking, detections are compared where the line was, not where it
                    // is: the count would measure the lag, not the detector.
                    if tracking && score.longestMissStreak > 0 {
                        notes.append(
                            "\(name), \(settings): longest run of detections missing a line in full view: \(score.longestMissStreak)"
                        )
                    }
                    let still = kind == .still
                    let againstStill = stillScorer.map {
                        fixed($0.score(outputs: result.outputLuma, boxes: result.boxes).meanQ, 3)
                    }
                    let flow = tracking ? "\(ms(result.flowTimes, 0.5))/\(ms(result.flowTimes, 0.99))" : "-"
                    means[settings.description] = fixed(score.meanQ, 3) + (againstStill.map { " (\($0))" } ?? "")
                    table.add([
                        name, settings.description, fixed(score.meanQ, 3), fixed(score.percentile(0.1), 3),
                        againstStill ?? "", percent(score.coverage), fixed(score.meanCoveredQ, 3),
                        percent(score.nonTextFraction),
                        fixed(Double(score.phantoms) / Double(max(score.frames, 1)), 2),
                        fixed(Double(score.overlaps) / Double(max(score.frames, 1)), 2),
                        "\(fixed(Score.percentile(score.centreErrors, 0.5), 2))/\(fixed(Score.percentile(score.centreErrors, 0.9), 2))",
                        fixed(Score.percentile(score.widthErrors, 0.5), 1),
                        still ? "\(fixed(score.meanJitter, 2))/\(fixed(score.maxJitter, 2))" : "",
                        still ? fixed(score.meanBias, 2) : "",
                        fixed(Double(result.detections) / o.seconds, 1),
                        "\(ms(result.processTimes, 0.5))/\(ms(result.processTimes, 0.99))", flow
                    ])
                    if result.lateFrames > 0 {
                        notes.append("\(name), \(settings): \(result.lateFrames) frames pushed more than a frame late")
                    }
                    if !live && tracking {
                        let again = try EngineRun.run(frames, settings: settings, models: models)
                        notes.append(
                            "\(name), sync, tracking on: a second run gave "
                                + (again.outputHash == result.outputHash
                                    ? "identical output bytes" : "DIFFERENT output bytes"))
                    }
                    if scenario.photos {
                        notes.append("\(name), \(settings), mean q per photograph: " + perPhoto(score, canvas))
                    }
                    if let directory = o.dump {
                        try dump(
                            directory, "\(name)-\(live ? "live" : "sync")-\(tracking ? "on" : "off")", frames, result,
                            scorer: scorer)
                    }
                }
            }
            summary.add(
                [name, o.format.rawValue, fixed(ceiling.meanQ, 3)]
                    + ["sync, tracking on", "sync, tracking off", "live async, tracking on", "live async, tracking off"]
                    .map { means[$0] ?? "–" })
        }
        print(summary.markdown)
        print(
            "\nMean q per run (details below); for photo-* in brackets: q against textmirror's own boxes with the "
                + "camera still (motion alone).\n")
        print(table.markdown)
        print(
            """

            q = 1 − err(out, ideal)/err(in, ideal) per true box per frame (luma, box plus a margin of \
            max(3 px, 0.3 × height)); "on text": share of scored boxes with a mirrored box on them \
            (IoU ≥ 0.3), "q on text" the mean q of those (lines the detector never found set aside); axis err: horizontal distance between the mirrored box's centre and the true one; non-text changed: luma pixels more than 2 px from every true box that changed; \
            phantoms: mirrored boxes on no line; overlaps: pairs of mirrored boxes covering more than 5% of the smaller one (text mirrored twice); jitter: RMS of a still line's box centre about its mean; \
            axis bias: horizontal distance of that mean from the true centre. Engine ms: time per frame inside \
            MirrorEngine.process (what the streaming thread spends), flow ms: the optical-flow part of it.
            """)
        for note in notes { print("- \(note)") }
    }

    /// "name q (lines scored)" for each photograph in view, in canvas order.
    private func perPhoto(_ score: Score, _ canvas: SceneCanvas) -> String {
        var order: [String] = []
        var sums: [String: (q: Double, count: Int, lines: Set<Int>)] = [:]
        for (q, line) in zip(score.q, score.qLine) {
            let name = canvas.lines[line].font
            if sums[name] == nil { order.append(name) }
            var entry = sums[name] ?? (0, 0, [])
            entry.q += q
            entry.count += 1
            entry.lines.insert(line)
            sums[name] = entry
        }
        return order.map { name in
            let entry = sums[name]!
            return "\(name) \(fixed(entry.q / Double(entry.count), 3)) (\(entry.lines.count) lines)"
        }.joined(separator: ", ")
    }

    private func dump(
        _ directory: String, _ name: String, _ frames: [VideoFrame], _ result: EngineRun.Result,
        scorer: Scorer
    ) throws(ToolError) {
        if mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw ToolError("--dump \(directory): \(String(cString: strerror(errno)))")
        }
        let chosen = options.dumpFrames ?? [frames.count / 3, 2 * frames.count / 3]
        for n in chosen where n < frames.count {
            let w = frames[n].width, h = frames[n].height
            try writeNetpbm("\(directory)/\(name)-\(n)-in.pgm", gray: true, Array(frames[n].luma), w, h)
            try writeNetpbm("\(directory)/\(name)-\(n)-out.pgm", gray: true, result.outputLuma[n], w, h)
            var picture = BoxPicture(luma: result.outputLuma[n], width: w, height: h)
            var truth = BoxPicture(luma: Array(frames[n].luma), width: w, height: h)
            let t = Double(n) / EngineRun.frameRate
            for line in scorer.canvas.lines {
                let color: (UInt8, UInt8, UInt8) = line.legible ? (0, 220, 0) : (40, 80, 255)
                picture.outline(scorer.path.trueBox(line, at: t), color: color)
                truth.outline(scorer.path.trueBox(line, at: t), color: color)
            }
            try truth.write("\(directory)/\(name)-\(n)-in-boxes.ppm")
            for box in result.boxes[n] {
                picture.outline(box.text.box, color: box.fresh ? (255, 0, 0) : (255, 220, 0))
            }
            try picture.write("\(directory)/\(name)-\(n)-boxes.ppm")
        }
    }
}

/// An output frame's luma as RGB with box outlines drawn on it, for looking at.
struct BoxPicture {
    var rgb: [UInt8]
    let width: Int
    let height: Int

    init(luma: [UInt8], width: Int, height: Int) {
        self.width = width
        self.height = height
        rgb = luma.flatMap { [$0, $0, $0] }
    }

    mutating func outline(_ box: PixelBox, color: (UInt8, UInt8, UInt8)) {
        let corners = box.corners
        for k in 0..<4 {
            let a = corners[k], b = corners[(k + 1) % 4]
            let steps = max(Int(((b - a) * (b - a)).sum().squareRoot() * 2), 1)
            for s in 0...steps {
                let p = a + (b - a) * (Double(s) / Double(steps))
                let x = Int(p.x.rounded(.down)), y = Int(p.y.rounded(.down))
                guard x >= 0, y >= 0, x < width, y < height else { continue }
                let i = 3 * (y * width + x)
                (rgb[i], rgb[i + 1], rgb[i + 2]) = color
            }
        }
    }

    func write(_ path: String) throws(ToolError) {
        try writeNetpbm(path, gray: false, rgb, width, height)
    }
}

/// Sensor-like noise on the luma plane: uniform in ±amplitude, from a fixed seed per frame.
func addNoise(_ frame: inout VideoFrame, amplitude: Double, seed: UInt64) {
    var rng = SplitMix64(seed: 0xA015E ^ (seed &* 0x9E37_79B9_7F4A_7C15))
    for i in 0..<(frame.width * frame.height) {
        let v = Double(frame.bytes[i]) + rng.uniform(-amplitude, amplitude)
        frame.bytes[i] = UInt8(min(max(v.rounded(), 0), 255))
    }
}

/// A PGM (`gray`, one byte a pixel) or PPM (three) picture.
func writeNetpbm(_ path: String, gray: Bool, _ bytes: [UInt8], _ width: Int, _ height: Int) throws(ToolError) {
    guard let file = fopen(path, "wb") else { throw ToolError("\(path): \(String(cString: strerror(errno)))") }
    defer { fclose(file) }
    let header = Array("\(gray ? "P5" : "P6")\n\(width) \(height)\n255\n".utf8)
    let written =
        header.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        + bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    guard written == header.count + bytes.count else { throw ToolError("\(path): write failed") }
}
