import Glibc
import TextMirrorCore

/// The measures, computed on the luma plane against the scene's known truth:
///
/// - q per true box per frame: 1 − err(out, ideal) / err(in, ideal), where ideal is the input
///   with that box mirrored about its own centre (sampled straight from the canvas, so it is
///   exact at sub-pixel positions) and err the sum of absolute differences over the box grown
///   by a margin (so spill past the box counts). 1 is perfect, 0 as if untouched, below 0
///   worse than untouched. Only boxes wholly in the frame are scored: of a line half out of
///   view there is no right answer.
/// - non-text pixels changed: pixels further than 2 px from every true box whose luma the
///   engine changed (by more than twice the camera noise, if any), as a fraction of all such
///   pixels.
/// - centre jitter: for each line, the RMS distance of its mirrored box's centre from that
///   centre's mean over the run (after the warm-up); meaningful for a still camera.
struct Score {
    var q: [Double] = []
    /// The canvas line each entry of `q` belongs to.
    var qLine: [Int] = []
    var nonTextChanged = 0
    var nonTextPixels = 0
    /// Per line followed: RMS centre jitter, and horizontal distance of the mean centre from
    /// the truth (the mirror axis's lasting error).
    var jitter: [Double] = []
    var bias: [Double] = []
    /// (line, frame) pairs scored, and how many had a mirrored box on them (IoU >= 0.3).
    var covered = 0
    /// q of those that had: what is left once lines the detector never found are set aside.
    var coveredQ: [Double] = []
    /// Horizontal distance from each scored true box's centre to the centre of the mirrored box
    /// on it: where a horizontal mirror puts its axis.
    var centreErrors: [Double] = []
    /// Mirrored box width minus true width, same boxes.
    var widthErrors: [Double] = []
    /// Pairs of mirrored boxes covering each other by more than 5% of the smaller one, summed
    /// over frames: where they overlap, text is mirrored twice (doubled letters).
    var overlaps = 0
    /// Mirrored boxes on no line at all, summed over frames, and the last frame with one.
    var phantoms = 0
    var lastPhantomFrame: Int?
    var frames = 0
    /// The longest run of consecutive detections that missed a line in full view.
    var longestMissStreak = 0

    var meanQ: Double { q.isEmpty ? .nan : q.reduce(0, +) / Double(q.count) }
    var meanCoveredQ: Double { coveredQ.isEmpty ? .nan : coveredQ.reduce(0, +) / Double(coveredQ.count) }
    var nonTextFraction: Double { nonTextPixels == 0 ? 0 : Double(nonTextChanged) / Double(nonTextPixels) }
    var meanJitter: Double { jitter.isEmpty ? .nan : jitter.reduce(0, +) / Double(jitter.count) }
    var maxJitter: Double { jitter.max() ?? .nan }
    var meanBias: Double { bias.isEmpty ? .nan : bias.reduce(0, +) / Double(bias.count) }
    var coverage: Double { q.isEmpty ? .nan : Double(covered) / Double(q.count) }
    func percentile(_ p: Double) -> Double { Self.percentile(q, p) }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(Int(p * Double(sorted.count)), sorted.count - 1)]
    }
}

struct Scorer {
    let canvas: SceneCanvas
    let path: CameraPath
    let renderer: FrameRenderer
    let inputs: [VideoFrame]
    /// Frames at the start left out of every measure (detector start-up).
    let warmUp: Int
    /// A non-text pixel counts as changed when it moved by more than this (twice the camera
    /// noise: mirroring noise moves noise).
    var changeTolerance = 0
    /// Print every scored box's error to stderr (MOTION_BENCH_TRACE set), for tuning.
    let trace = getenv("MOTION_BENCH_TRACE") != nil

    var width: Int { inputs[0].width }
    var height: Int { inputs[0].height }

    func time(_ n: Int) -> Double { Double(n) / EngineRun.frameRate }

    /// Scores output frames given as luma planes, with the boxes that produced them (nil: no
    /// boxes reported, e.g. for the ceiling).
    func score(outputs: [[UInt8]], boxes: [[TrackedBox]]?, detectionFrames: [Bool] = []) -> Score {
        var score = Score()
        var centres = [[SIMD2<Double>]](repeating: [], count: canvas.lines.count)
        var missStreaks = [Int](repeating: 0, count: canvas.lines.count)
        for n in warmUp..<inputs.count {
            score.frames += 1
            let t = time(n)
            let view = path.view(at: t)
            let input = inputs[n].luma, output = outputs[n]
            let truth = canvas.lines.map { path.trueBox($0, at: t) }
            for (index, box) in truth.enumerated() where canvas.lines[index].legible {
                guard let q = boxQuality(index, of: truth, view: view, input: input, output: output) else {
                    missStreaks[index] = 0
                    continue
                }
                if n < detectionFrames.count, detectionFrames[n], let boxes {
                    let seen = boxes[n].contains { $0.fresh && $0.text.box.iou(box) >= 0.3 }
                    missStreaks[index] = seen ? 0 : missStreaks[index] + 1
                    score.longestMissStreak = max(score.longestMissStreak, missStreaks[index])
                }
                score.q.append(q)
                score.qLine.append(index)
                if trace, let boxes, let best = boxes[n].max(by: { $0.text.box.iou(box) < $1.text.box.iou(box) }) {
                    let b = best.text.box
                    progress(
                        "trace frame \(n) line \(index) q \(fixed(q, 2)) dx \(fixed(b.centerX - box.centerX, 2)) dy \(fixed(b.centerY - box.centerY, 2)) dw \(fixed(b.width - box.width, 1)) fresh \(best.fresh) track \(best.track) true \(fixed(box.centerX, 2)),\(fixed(box.centerY, 2)) \(fixed(box.width, 1))x\(fixed(box.height, 1)) \"\(canvas.lines[index].text)\" \(canvas.lines[index].font)"
                    )
                }
                if let boxes {
                    let best = boxes[n].max { $0.text.box.iou(box) < $1.text.box.iou(box) }
                    if let best, best.text.box.iou(box) >= 0.3 {
                        score.covered += 1
                        score.coveredQ.append(q)
                        score.centreErrors.append(abs(best.text.box.centerX - box.centerX))
                        score.widthErrors.append(best.text.box.width - box.width)
                        centres[index].append(
                            SIMD2(best.text.box.centerX - box.centerX, best.text.box.centerY - box.centerY))
                    }
                }
            }
            if let boxes {
                let mirrored = boxes[n].map(\.text.box)
                for i in mirrored.indices {
                    for j in mirrored.indices where j > i && mirrored[i].overlapOfSmaller(mirrored[j]) > 0.05 {
                        score.overlaps += 1
                        if trace {
                            let (a, b) = (mirrored[i], mirrored[j])
                            progress(
                                "trace frame \(n) overlap \(fixed(a.overlapOfSmaller(b), 2)): \(fixed(a.centerX, 1)),\(fixed(a.centerY, 1)) \(fixed(a.width, 1))x\(fixed(a.height, 1)) \(fixed(a.angle, 1))° and \(fixed(b.centerX, 1)),\(fixed(b.centerY, 1)) \(fixed(b.width, 1))x\(fixed(b.height, 1)) \(fixed(b.angle, 1))°"
                            )
                        }
                    }
                }
                let phantoms = boxes[n].map(\.text.box).filter { b in !truth.contains { $0.iou(b) >= 0.1 } }
                score.phantoms += phantoms.count
                if !phantoms.isEmpty { score.lastPhantomFrame = n }
                if trace {
                    for x in phantoms {
                        progress(
                            "trace frame \(n) phantom \(fixed(x.centerX, 1)),\(fixed(x.centerY, 1)) \(fixed(x.width, 1))x\(fixed(x.height, 1)) \(fixed(x.angle, 1))°"
                        )
                    }
                }
            }
            let (changed, pixels) = nonText(truth, input: input, output: output)
            score.nonTextChanged += changed
            score.nonTextPixels += pixels
        }
        // Jitter and bias of lines followed for most of the run (the still camera's case).
        for offsets in centres where offsets.count >= max((inputs.count - warmUp) / 2, 2) {
            let mean = offsets.reduce(SIMD2<Double>.zero, +) / Double(offsets.count)
            let spread = offsets.reduce(0.0) { $0 + (($1 - mean) * ($1 - mean)).sum() } / Double(offsets.count)
            score.jitter.append(spread.squareRoot())
            score.bias.append(abs(mean.x))
        }
        return score
    }

    /// The margin around a true box over which errors are summed: spill from a box that is
    /// too large or misplaced lands there.
    static func margin(_ box: PixelBox) -> Double { max(3, 0.3 * box.height) }

    /// q of true box `index` of `truth` (frame pixels) in one frame. The ideal has every
    /// legible true box mirrored, not only this one: lines of a real sign sit closer than the
    /// margin, which then reaches into a neighbour that must be mirrored too. Pixels of an
    /// illegible (`###`) line in the margin are left out: they may be mirrored or not. Nil
    /// when the box (with its margin) is not wholly in the frame.
    func boxQuality(_ index: Int, of truth: [PixelBox], view: Motion, input: ArraySlice<UInt8>, output: [UInt8])
        -> Double?
    {
        let box = truth[index]
        let m = Self.margin(box)
        let grown = TrueRegion(
            PixelBox(
                centerX: box.centerX, centerY: box.centerY, width: box.width + 2 * m,
                height: box.height + 2 * m, angle: box.angle))
        let (x0, y0, x1, y1) = grown.pixelBounds
        guard x0 >= 0, y0 >= 0, x1 <= width, y1 <= height else { return nil }
        let own = TrueRegion(box)
        // Other lines reaching into the margin (none in the drawn scene, whose lines are apart).
        let neighbours = truth.indices.filter { j in
            guard j != index else { return false }
            let b = TrueRegion(truth[j]).pixelBounds
            return b.x0 < x1 && b.x1 > x0 && b.y0 < y1 && b.y1 > y0
        }.map { (region: TrueRegion(truth[$0]), legible: canvas.lines[$0].legible) }
        var errIn = 0.0, errOut = 0.0, pixels = 0
        let base = input.startIndex
        for y in y0..<y1 {
            let cy = Double(y) + 0.5
            pixel: for x in x0..<x1 {
                let cx = Double(x) + 0.5
                // An axis-aligned box's margin is every pixel of its rounded bounds.
                guard own.axisAligned || grown.contains(cx, cy) else { continue }
                let i = y * width + x
                let inValue = Double(input[base + i])
                var ideal = inValue
                if own.contains(cx, cy) {
                    ideal = mirrored(own, cx, cy, view: view)
                } else {
                    for (region, legible) in neighbours where region.contains(cx, cy) {
                        guard legible else { continue pixel }
                        ideal = mirrored(region, cx, cy, view: view)
                        break
                    }
                }
                pixels += 1
                errIn += abs(inValue - ideal)
                errOut += abs(Double(output[i]) - ideal)
            }
        }
        // A line that reads the same mirrored cannot be scored.
        guard errIn > Double(pixels) else { return nil }
        return 1 - errOut / errIn
    }

    /// The canvas luma at the mirror image of frame point (x, y) in `region`.
    @inline(__always)
    private func mirrored(_ region: TrueRegion, _ x: Double, _ y: Double, view: Motion) -> Double {
        let p = region.mirror(x, y)
        let c = view.apply(x: p.x, y: p.y)
        return renderer.luma(c.x, c.y).rounded()
    }

    func nonText(_ truth: [PixelBox], input: ArraySlice<UInt8>, output: [UInt8]) -> (changed: Int, pixels: Int) {
        var isText = [Bool](repeating: false, count: width * height)
        for box in truth {
            // The box's axis-aligned bounds (all of a turned box) plus 2 px.
            let e = box.halfExtent
            let ex = e.x, ey = e.y
            let x0 = max(Int((box.centerX - ex - 2).rounded(.down)), 0)
            let x1 = min(Int((box.centerX + ex + 2).rounded(.up)), width)
            let y0 = max(Int((box.centerY - ey - 2).rounded(.down)), 0)
            let y1 = min(Int((box.centerY + ey + 2).rounded(.up)), height)
            guard x1 > x0, y1 > y0 else { continue }
            for y in y0..<y1 { for x in x0..<x1 { isText[y * width + x] = true } }
        }
        var changed = 0, pixels = 0
        let base = input.startIndex
        for i in 0..<(width * height) where !isText[i] {
            pixels += 1
            if abs(Int(input[base + i]) - Int(output[i])) > changeTolerance { changed += 1 }
        }
        return (changed, pixels)
    }

    /// What a perfect tracker would reach: the true boxes given to the mirror as the engine
    /// gives its boxes (each plane about its nearest axis, `PixelBox.mirrorRects`). The gap
    /// between this and 1 is the pixel grid (half pixels in luma), not tracking. `axisShift`
    /// moves every box that many pixels to the right: how much q a mirror axis that far off
    /// costs these lines (hand-drawn boxes of real print are themselves no better than a pixel).
    func ceiling(axisShift: Double = 0) throws(ToolError) -> Score {
        var outputs: [[UInt8]] = []
        for (n, input) in inputs.enumerated() {
            var frame = input
            do {
                let mirror = try FrameMirror(format: frame.format, width: frame.width, height: frame.height)
                let boxes = canvas.lines.filter(\.legible).map {
                    var box = path.trueBox($0, at: time(n))
                    box.centerX += axisShift
                    return box
                }
                frame.withFrameBuffer { mirror.mirror(boxes, flip: .horizontal, axes: .nearestPerPlane, in: $0) }
            } catch {
                throw ToolError("cannot mirror \(frame.format): \(error)")
            }
            outputs.append(Array(frame.luma))
        }
        return score(outputs: outputs, boxes: nil)
    }
}

/// A true box as the scorer tests pixels against it: axis-aligned ones exactly as the mirror's
/// half-open pixel spans, turned ones in their own coordinates.
struct TrueRegion {
    let box: PixelBox
    let axisAligned: Bool
    private let along: SIMD2<Double>, across: SIMD2<Double>

    init(_ box: PixelBox) {
        self.box = box
        axisAligned = box.angle == 0
        (along, across) = box.axes
    }

    /// The pixels [x0, x1) x [y0, y1) holding the box.
    var pixelBounds: (x0: Int, y0: Int, x1: Int, y1: Int) {
        let e = box.halfExtent
        let ex = e.x, ey = e.y
        return (
            Int((box.centerX - ex).rounded(.down)), Int((box.centerY - ey).rounded(.down)),
            Int((box.centerX + ex).rounded(.up)), Int((box.centerY + ey).rounded(.up))
        )
    }

    @inline(__always)
    func contains(_ x: Double, _ y: Double) -> Bool {
        if axisAligned {
            return x >= box.centerX - box.width / 2 && x < box.centerX + box.width / 2
                && y >= box.centerY - box.height / 2 && y < box.centerY + box.height / 2
        }
        let p = SIMD2(x - box.centerX, y - box.centerY)
        return abs((p * along).sum()) < box.width / 2 && abs((p * across).sum()) < box.height / 2
    }

    /// The point's mirror image across the box's own vertical axis.
    @inline(__always)
    func mirror(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        if axisAligned { return (2 * box.centerX - x, y) }
        let p = SIMD2(x - box.centerX, y - box.centerY)
        let q = SIMD2(box.centerX, box.centerY) - along * (p * along).sum() + across * (p * across).sum()
        return (q.x, q.y)
    }
}
