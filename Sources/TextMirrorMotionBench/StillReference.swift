import TextMirrorCore
import TextMirrorPlugin

/// The photo canvas's lines as textmirror itself boxes them with the camera held still: the
/// reference that isolates what motion costs. Against the hand-drawn boxes, q also counts how
/// far textmirror's fit of real, blurred print is from a person's (an axis a pixel off already
/// halves q) and the lines the detector never finds; against these boxes, a moving camera
/// scores 1 when it mirrors exactly what a still one would, so lag and doubled letters are
/// what is left.
enum StillReference {
    /// Still views `step` canvas pixels apart along the pan: a line up to `width - step` wide
    /// is then wholly inside one of them.
    static let step = 320

    /// The canvas with each legible line replaced by the box a still detection (sync mode, one
    /// frame, tracking off) mirrors on it: from the still view in which the line is nearest
    /// the middle, the mirrored box that overlaps the hand-drawn one most (IoU ≥ 0.3). Lines no
    /// still view found become illegible: still text (never counted as non-text), not scored.
    static func canvas(
        _ renderer: FrameRenderer, path: CameraPath, seconds: Double, format: PixelFormat, detector: TextDetector
    ) throws(MotionBenchError) -> (canvas: SceneCanvas, found: Int) {
        var canvas = renderer.canvas
        let width = path.frameWidth, height = path.frameHeight
        let first = path.start, last = first.x + path.panSpeed * seconds
        let offsets = Array(stride(from: first.x, to: last, by: Double(step))) + [last]
        var views: [(view: Motion, boxes: [PixelBox])] = []
        for x in offsets {
            // Whole-pixel offsets: the still frame is an exact copy of canvas pixels.
            let view = Motion.translation(x.rounded(), first.y.rounded())
            let frame = renderer.render(view, format: format, width: width, height: height)
            let run = try EngineRun.run(
                [frame], settings: EngineRun.Settings(live: false, tracking: false), detector: detector)
            views.append((view, run.boxes[0].map { view.apply($0.text.box) }))
        }
        var found = 0
        for index in canvas.lines.indices where canvas.lines[index].legible {
            let line = canvas.lines[index]
            let truth = PixelBox(
                centerX: line.centerX, centerY: line.centerY, width: line.x1 - line.x0, height: line.y1 - line.y0,
                angle: line.angle)
            let inView = views.filter { candidate in
                let box = candidate.view.inverse!.apply(truth)
                let e = box.halfExtent
                return box.centerX - e.x >= 0 && box.centerX + e.x <= Double(width)
            }
            let middle = inView.min { a, b in
                abs(a.view.inverse!.apply(truth).centerX - Double(width) / 2)
                    < abs(b.view.inverse!.apply(truth).centerX - Double(width) / 2)
            }
            guard let best = middle?.boxes.max(by: { $0.iou(truth) < $1.iou(truth) }), best.iou(truth) >= 0.3 else {
                canvas.lines[index].legible = false
                continue
            }
            found += 1
            canvas.lines[index].x0 = best.centerX - best.width / 2
            canvas.lines[index].x1 = best.centerX + best.width / 2
            canvas.lines[index].y0 = best.centerY - best.height / 2
            canvas.lines[index].y1 = best.centerY + best.height / 2
            canvas.lines[index].angle = best.angle
        }
        return (canvas, found)
    }
}
