import Foundation

/// Measuring a turned (rotated) box: its neighbourhood is resampled upright, in the box's own
/// axes, and measured there exactly like an axis-aligned box.
///
/// Why: on textmirror-eval's pages about four lines in ten are tilted by a few degrees, and
/// their detected boxes are as loose as level ones; fitting only level boxes left most of the
/// non-text pixels the mirror moves on those pages.
extension InkRefinement {
    /// Largest upright picture made for one box (pixels); bigger boxes are left as they are.
    static let maxTurnedSamples = 1 << 20
    /// A turned box whose part inside the frame is shorter than this many times its height is
    /// left as it is (`shortenedIntoFrame`): too little of the line to read.
    static let minInFrame = 2.0

    /// Where an upright picture of a box's neighbourhood lies in the frame: picture point p is
    /// frame point `centre + (p.x - half.x) * u + (p.y - half.y) * v`.
    struct Placement {
        var centre = SIMD2<Double>(0, 0)
        var half = SIMD2<Double>(0, 0)
        var u = SIMD2<Double>(1, 0)
        var v = SIMD2<Double>(0, 1)
        /// The box's angle: a level box of the picture lies at this angle in the frame.
        var angle = 0.0
        /// The ends at which the frame stopped the picture short of the reach asked for.
        var clipped = AtEnds(both: false)

        /// Whether the picture is the frame itself (a level box's), not one resampled.
        var isFrame: Bool { half == .zero }

        /// `box` (level, in the picture) in the frame.
        func frameBox(_ box: PixelBox) -> PixelBox {
            let p = centre + (box.centerX - half.x) * u + (box.centerY - half.y) * v
            return PixelBox(centerX: p.x, centerY: p.y, width: box.width, height: box.height, angle: angle + box.angle)
        }
    }

    /// `body` on `box`'s neighbourhood seen upright: the frame itself for a level box, else a
    /// picture resampled along the box's axes (the window `BoxWindow` reads around a level box:
    /// `reach` line heights beyond each end, a quarter above and below), with the box level in
    /// it. Each end reaches no further than the frame (`reachWithin`), and an end beyond the
    /// side of the frame the line runs to is moved in to it (`shortenedIntoFrame`). Nil when
    /// `body` is, or the rest of the turned box, a quarter of its height above and below,
    /// leaves the frame.
    func upright<R>(
        _ box: PixelBox, reach: AtEnds<Double>, in frame: FrameBuffer, format: PixelFormat,
        _ body: (FrameBuffer, PixelFormat, PixelBox, Placement) -> R?
    ) -> R? {
        if box.isAxisAligned {
            var level = box
            level.angle = 0
            return body(frame, format, level, Placement(angle: box.angle))
        }
        let (along, across) = box.axes
        // A turned line coming into view at the frame's side: the part of its box still in
        // the frame, read up to the frame's edge (its reach there is none).
        guard
            let (box, cut) = Self.shortenedIntoFrame(box, frameWidth: frame.width, frameHeight: frame.height)
        else { return nil }
        let wanted = AtEnds(start: cut.start ? 0 : reach.start * box.height, end: cut.end ? 0 : reach.end * box.height)
        guard let ends = Self.reachWithin(box, reach: wanted, frameWidth: frame.width, frameHeight: frame.height)
        else { return nil }
        let w = Int((box.width + ends.start + ends.end).rounded(.up)), h = Int((1.5 * box.height).rounded(.up))
        guard w >= 6, h >= 6, w * h <= Self.maxTurnedSamples else { return nil }
        // The picture's centre lies off the box's towards the end that reaches further.
        let placement = Placement(
            centre: box.center + (ends.end - ends.start) / 2 * along, half: SIMD2(Double(w), Double(h)) / 2,
            u: along, v: across, angle: box.angle,
            clipped: AtEnds(start: cut.start || ends.start < wanted.start, end: cut.end || ends.end < wanted.end))
        let centre = placement.centre, half = placement.half, u = placement.u, v = placement.v
        var upright = [UInt8](repeating: 0, count: w * h)
        let luma = LumaReader(frame, format: format)
        // Beyond the frame's edges that `reachWithin` leaves free, its last rows or columns.
        let (low, high) = Self.readableBounds(frameWidth: frame.width, frameHeight: frame.height)
        for j in 0..<h {
            for i in 0..<w {
                // Pixel (i, j) of the upright picture is centred on this point of the frame;
                // pixel centres sit at +0.5, hence the shift before interpolating.
                let p = centre + (Double(i) + 0.5 - half.x) * u + (Double(j) + 0.5 - half.y) * v - 0.5
                let q = p.clamped(lowerBound: low - 0.5, upperBound: high - 0.5)
                upright[j * w + i] = luma.bilinear(x: q.x, y: q.y)
            }
        }
        let level = PixelBox(
            centerX: half.x - (ends.end - ends.start) / 2, centerY: half.y, width: box.width, height: box.height)
        return upright.withUnsafeMutableBytes { bytes -> R? in
            guard let base = bytes.baseAddress else { return nil }
            return body(FrameBuffer(width: w, height: h, planes: [base], strides: [w]), .gray8, level, placement)
        }
    }

    /// Turned `box` with each end whose neighbourhood (a quarter of its height above and
    /// below) leaves the frame through the side the line runs towards (the left or right
    /// side for a line nearer level than upright) moved in until it does not, and which ends
    /// were; nil when what is left is shorter than `minInFrame` times the box's height.
    ///
    /// Why: the detector boxes a tilted line that a pan brings into view up to the frame's
    /// edge and beyond; unread, the line kept the detector's box, twice as tall as its letters
    /// (a direction sign 4° off level on the real-photo pan, at every frame until it was
    /// wholly in view). Only that side: a box whose end leaves through the top or bottom is
    /// turned across the frame, more often by a tilt misread on texture than by a line's.
    static func shortenedIntoFrame(_ box: PixelBox, frameWidth: Int, frameHeight: Int)
        -> (box: PixelBox, cut: AtEnds<Bool>)?
    {
        let u = box.axes.along
        let axis = runningAxis(box)
        let (low, high) = readableBounds(frameWidth: frameWidth, frameHeight: frameHeight)
        /// How far the end `direction` points to moves in until both its corners are inside
        /// along `axis`.
        func inset(_ direction: SIMD2<Double>) -> Double {
            var t = 0.0
            for corner in endCorners(of: box, toward: direction) {
                let bound = direction[axis] > 0 ? high[axis] : low[axis]
                t = max(t, (corner[axis] - bound) / direction[axis])
            }
            // A hair more, so the moved corners are inside however they round.
            return t > 0 ? t + 1e-6 : 0
        }
        let start = inset(-u), end = inset(u)
        guard start > 0 || end > 0 else { return (box, AtEnds(both: false)) }
        guard box.width - start - end >= minInFrame * box.height else { return nil }
        return (box.withEnds(at: start - box.width / 2, box.width / 2 - end), AtEnds(start: start > 0, end: end > 0))
    }

    /// How far beyond its start and its end the neighbourhood of turned `box` (a quarter of
    /// its height above and below) stays inside the frame across the sides the line runs
    /// towards (the left and right for a line nearer level than upright), up to `reach` pixels
    /// at each; nil when the box's own neighbourhood does not there, or the box itself leaves
    /// the frame across the other two.
    ///
    /// Why each end on its own: a line near the frame's edge often runs on from the detector's
    /// box the other way (a newspaper photographed sideways, its headline's first word at the
    /// top edge), and a window reaching equally far both ways left the frame and was not read
    /// at all, so the line kept the detector's piece of it.
    ///
    /// Why only those sides: beyond the other two the picture reads the frame's last rows
    /// (`upright`), as a level line's window stops there. Required inside, a line measured a
    /// little off level within a quarter of its height of the top or bottom edge was never
    /// fitted, and kept the detector's box: the SANYO logo 20 px below the top of
    /// ocv_segmented_word05 (the box a third taller than the letters, 4.5% of the picture's
    /// background mirrored with them), "Customer" at the top of the motion bench's zoomed
    /// frames.
    static func reachWithin(_ box: PixelBox, reach: AtEnds<Double>, frameWidth: Int, frameHeight: Int)
        -> AtEnds<Double>?
    {
        let u = box.axes.along
        let axis = runningAxis(box)
        let (low, high) = readableBounds(frameWidth: frameWidth, frameHeight: frameHeight)
        let other = 1 - axis
        // The line's axis must lie in the frame; the box's sides may leave it (a detector's box a
        // third taller than the letters, on a line near the frame's bottom). `refine` then
        // takes the fit only if the line it finds lies in the frame (`sidesInFrame`).
        let axisEnds = [-1.0, 1.0].map { box.center + $0 * box.width / 2 * u }
        guard axisEnds.allSatisfy({ (low[other]...high[other]).contains($0[other]) }) else { return nil }
        /// The furthest `t` in 0...`limit` for which both corners of the end `direction` points
        /// to, moved t along it, are inside along `axis`; nil when they are not at 0.
        func furthest(_ direction: SIMD2<Double>, _ limit: Double) -> Double? {
            var t = limit
            for corner in endCorners(of: box, toward: direction) {
                let a = corner[axis], b = direction[axis]
                guard a >= low[axis], a <= high[axis] else { return nil }
                if b > 0 { t = min(t, (high[axis] - a) / b) } else if b < 0 { t = min(t, (low[axis] - a) / b) }
            }
            return max(t, 0)
        }
        guard let start = furthest(-u, reach.start), let end = furthest(u, reach.end) else { return nil }
        return AtEnds(start: start, end: end)
    }

    /// Whether the sides of turned `box` (the edges along it) lie in the frame (within
    /// `readableBounds`).
    static func sidesInFrame(_ box: PixelBox, frameWidth: Int, frameHeight: Int) -> Bool {
        let other = 1 - runningAxis(box)
        let (low, high) = readableBounds(frameWidth: frameWidth, frameHeight: frameHeight)
        return box.corners.allSatisfy { (low[other]...high[other]).contains($0[other]) }
    }

    /// The corners of the end of turned `box` that `direction` (its along axis, either way)
    /// points to, a quarter of its height beyond its sides: the neighbourhood an upright
    /// picture reads there.
    static func endCorners(of box: PixelBox, toward direction: SIMD2<Double>) -> [SIMD2<Double>] {
        let v = box.axes.across
        return [-0.75, 0.75].map { box.center + box.width / 2 * direction + $0 * box.height * v }
    }

    /// The frame axis turned `box` runs along more than across (0: x, for a line nearer level
    /// than upright; 1: y): the one whose sides its ends face.
    static func runningAxis(_ box: PixelBox) -> Int {
        let u = box.axes.along
        return abs(u.x) >= abs(u.y) ? 0 : 1
    }

    /// The range in which a turned box's end corner counts as inside the frame: with room for
    /// the bilinear taps (`LumaReader.bilinear`) the upright picture reads around it.
    static func readableBounds(frameWidth: Int, frameHeight: Int) -> (low: SIMD2<Double>, high: SIMD2<Double>) {
        (SIMD2(0.5, 0.5), SIMD2(Double(frameWidth) - 1.5, Double(frameHeight) - 1.5))
    }
}

/// Luma of plane 0 at any point, for the formats `GrayDownscaler.source` knows.
private struct LumaReader {
    let plane: UnsafePointer<UInt8>
    let stride: Int
    let source: GrayDownscaler.Source

    init(_ frame: FrameBuffer, format: PixelFormat) {
        plane = UnsafePointer(frame.planes[0].assumingMemoryBound(to: UInt8.self))
        stride = frame.strides[0]
        source = GrayDownscaler.source(for: format)
    }

    func at(_ x: Int, _ y: Int) -> Int { Int(source.luma(plane + y * stride, x)) }

    /// Callers keep (x, y) and (x + 1, y + 1) inside the frame, so both are positive: truncation
    /// is the floor, and adding a half before it rounds as `rounded()` would. Why not those
    /// calls: they are calls into the C library, a third of a turned box's resampling time
    /// (perf on textmirror-motion-bench's photo pan).
    func bilinear(x: Double, y: Double) -> UInt8 {
        let x0 = Int(x), y0 = Int(y)
        let fx = x - Double(x0), fy = y - Double(y0)
        let top = Double(at(x0, y0)) * (1 - fx) + Double(at(x0 + 1, y0)) * fx
        let bottom = Double(at(x0, y0 + 1)) * (1 - fx) + Double(at(x0 + 1, y0 + 1)) * fx
        return UInt8(top * (1 - fy) + bottom * fy + 0.5)
    }
}
