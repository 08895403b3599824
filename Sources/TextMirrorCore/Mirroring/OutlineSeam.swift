/// How strongly a mirrored box's outline stands out from what lies around it: the root mean
/// square step across the outline between the samples just inside and just outside, in the
/// frame's first sample grid (luma, or R+G+B). Each side is averaged over three samples' depth
/// and the step over a few points along the edge, as a viewer (and textmirror-eval's smoothed
/// edge figure) sees it: a letter stroke cut by the outline fades, a step in the background
/// along a whole side stays.
///
/// Seamless mirroring adds a background correction to hide the box's edge. It can only be as
/// right as the ring it read the background from: on a sign whose frame is dark and whose panel
/// is lit, the ring lies on the frame and the correction draws the edge it was meant to hide.
/// `FrameMirror` therefore compares the step the seamless mirror left with the one the plain
/// mirror would leave (`plainStep`, predicted from the frame before it is mirrored) and keeps
/// the plain mirror where it is the smaller.
struct OutlineSeam {
    /// Grid sample coordinates, two per outline point and side: inside, outside, and where the
    /// plain mirror takes each inside sample from.
    private var inside: [SIMD2<Int>] = []
    private var outside: [SIMD2<Int>] = []
    private var source: [SIMD2<Int>] = []
    /// Where each edge's points end in the arrays above (in points).
    private var edgeEnds: [Int] = []
    private let grid: FrameLayout.SampleGrid

    /// Depths, in luma pixels from the outline, of the samples averaged on each side.
    private static let depths = [0.5, 1.5, 2.5]
    /// Points along an edge whose steps are averaged (centred on each point).
    private static let window = 5
    /// Outline points this close to a corner are left out: there, inside and outside are
    /// ambiguous.
    private static let cornerMargin = 2.0

    /// Outline points every luma pixel along `box`'s edges that lie in the frame with their
    /// samples on both sides.
    init(_ box: PixelBox, flip: Flip, grid: FrameLayout.SampleGrid, frameWidth: Int, frameHeight: Int) {
        self.grid = grid
        let (along, across) = box.axes
        let c = box.corners
        // Top, right, bottom, left edge, each with its outward normal.
        let edges = [(c[0], c[1], -across), (c[1], c[2], along), (c[2], c[3], across), (c[3], c[0], -along)]
        let columns = (frameWidth + grid.pixelsPerSample - 1) / grid.pixelsPerSample
        let rows = (frameHeight + grid.rowsPerSample - 1) / grid.rowsPerSample
        func sample(_ p: SIMD2<Double>) -> SIMD2<Int>? {
            guard p.x >= 0, p.y >= 0 else { return nil }
            let s = SIMD2(Int(p.x) / grid.pixelsPerSample, Int(p.y) / grid.rowsPerSample)
            return s.x < columns && s.y < rows ? s : nil
        }
        func reflected(_ p: SIMD2<Double>) -> SIMD2<Double> {
            let d = p - box.center
            var u = (d * along).sum(), v = (d * across).sum()
            if flip.mirrorsColumns { u = -u }
            if flip.mirrorsRows { v = -v }
            return box.center + along * u + across * v
        }
        for (start, end, normal) in edges {
            let length = ((end - start) * (end - start)).sum().squareRoot()
            guard length > 2 * Self.cornerMargin else { continue }
            let direction = (end - start) / length
            var t = Self.cornerMargin
            while t <= length - Self.cornerMargin {
                let point = start + direction * t
                t += 1
                let ins = Self.depths.map { sample(point - normal * $0) }
                let outs = Self.depths.map { sample(point + normal * $0) }
                let sources = Self.depths.map { sample(reflected(point - normal * $0)) }
                guard !ins.contains(nil), !outs.contains(nil), !sources.contains(nil) else { continue }
                inside += ins.map { $0! }
                outside += outs.map { $0! }
                source += sources.map { $0! }
            }
            edgeEnds.append(inside.count / Self.depths.count)
        }
    }

    /// Mean step across the outline as the frame is now; 0 without outline points.
    func step(in frame: FrameBuffer) -> Double { meanStep(frame, inside: inside) }

    /// The step the plain mirror would leave, read from the frame before it is mirrored: each
    /// inside sample is the one the mirror will move there.
    func plainStep(in frame: FrameBuffer) -> Double { meanStep(frame, inside: source) }

    private func meanStep(_ frame: FrameBuffer, inside ins: [SIMD2<Int>]) -> Double {
        let depth = Self.depths.count
        // Inside minus outside at each point, summed over the depths.
        let steps = (0..<(ins.count / depth)).map { p in
            ((p * depth)..<((p + 1) * depth)).reduce(0) { $0 + value(frame, ins[$1]) - value(frame, outside[$1]) }
        }
        var total = 0.0, count = 0
        var start = 0
        for end in edgeEnds {
            defer { start = end }
            let half = Self.window / 2
            guard end - start >= Self.window else { continue }
            for p in (start + half)..<(end - half) {
                let step = Double(steps[(p - half)...(p + half)].reduce(0, +)) / Double(Self.window * depth)
                total += step * step
                count += 1
            }
        }
        return count > 0 ? (total / Double(count)).squareRoot() : 0
    }

    /// The sum of the sample's channels, in 8-bit levels.
    private func value(_ frame: FrameBuffer, _ s: SIMD2<Int>) -> Int {
        let base = frame.row(plane: grid.plane, s.y) + grid.offset + s.x * grid.sampleStride
        var sum = 0
        for channel in grid.channels { sum += Int(grid.coding.value8(base + channel)) }
        return sum
    }
}
