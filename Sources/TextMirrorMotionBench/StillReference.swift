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
        _ renderer: FrameRenderer, path: CameraPath, seconds: Double, format: PixelFormat, models: Models
    ) throws(ToolError) -> (canvas: SceneCanvas, found: Int) {
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
                [frame], settings: EngineRun.Settings(live: false, tracking: false), models: models)
            views.append((view, run.boxes[0].map { view.apply($0.text.box) }))
        }
        var found = 0
        for index in canvas.lines.indices where canvas.lines[index].legible {
            let truth = canvas.lines[index].box
            // The views holding the whole line, each with where the line lies in it.
            let inView = views.map { (boxes: $0.boxes, frameBox: $0.view.inverse!.apply(truth)) }.filter {
                $0.frameBox.centerX - $0.frameBox.halfExtent.x >= 0
                    && $0.frameBox.centerX + $0.frameBox.halfExtent.x <= Double(width)
            }
            let middle = inView.min {
                abs($0.frameBox.centerX - Double(width) / 2) < abs($1.frameBox.centerX - Double(width) / 2)
            }
            guard let best = middle?.boxes.max(by: { $0.iou(truth) < $1.iou(truth) }), best.iou(truth) >= 0.3 else {
                canvas.lines[index].legible = false
                continue
            }
            found += 1
            canvas.lines[index].box = best
        }
        return (canvas, found)
    }
}
