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
    /// Byte offsets, from the grid's plane start in the frame the seam was laid out on, of the
    /// samples at each outline point: `depths.count` inside, as many outside, and where the
    /// plain mirror takes each inside sample from.
    private var inside: [Int] = []
    private var outside: [Int] = []
    private var source: [Int] = []
    /// Where each edge's points end, counted in points.
    private var edgeEnds: [Int] = []
    private let grid: FrameLayout.SampleGrid
    /// `grid.channels`, worked out once (it is computed on each call).
    private let channels: [Int]

    /// Depths, in luma pixels from the outline, of the samples averaged on each side.
    private static let depths = [0.5, 1.5, 2.5]
    /// Luma pixels between outline points: at least `spacing`, and wider on an edge longer than
    /// `maxPointsPerEdge` points (a seam worth undoing runs along much of a side; the cost
    /// stays that of a short line's outline, whatever the line's length).
    private static let spacing = 2.0
    private static let maxPointsPerEdge = 96.0
    /// Points along an edge whose steps are averaged (centred on each point).
    private static let window = 3
    /// Outline points this close to a corner are left out: there, inside and outside are
    /// ambiguous.
    private static let cornerMargin = 2.0

    /// Outline points along `box`'s edges that lie in `frame` with their samples on both sides.
    /// The seam is read from this frame only (its strides are in the offsets).
    init(_ box: PixelBox, flip: Flip, grid: FrameLayout.SampleGrid, in frame: FrameBuffer) {
        self.grid = grid
        channels = grid.channels
        // A box that is not finite has no outline to walk (and would never end one).
        guard [box.centerX, box.centerY, box.width, box.height, box.angle].allSatisfy(\.isFinite) else { return }
        let (along, across) = box.axes
        let c = box.corners
        // Top, right, bottom, left edge, each with its outward normal.
        let edges = [(c[0], c[1], -across), (c[1], c[2], along), (c[2], c[3], across), (c[3], c[0], -along)]
        let columns = (frame.width + grid.pixelsPerSample - 1) / grid.pixelsPerSample
        let rows = (frame.height + grid.rowsPerSample - 1) / grid.rowsPerSample
        let stride = frame.strides[grid.plane]
        let perSample = SIMD2(1 / Double(grid.pixelsPerSample), 1 / Double(grid.rowsPerSample))
        func sample(_ p: SIMD2<Double>) -> Int? {
            let s = p * perSample
            // Compared as doubles first: Int(_:) traps beyond its range.
            guard s.x >= 0, s.y >= 0, s.x < Double(columns), s.y < Double(rows) else { return nil }
            return Int(s.y) * stride + grid.offset + Int(s.x) * grid.sampleStride
        }
        // The mirror map is affine: p -> centre + reflect(p - centre), reflect linear.
        let signs = SIMD2<Double>(flip.mirrorsColumns ? -1 : 1, flip.mirrorsRows ? -1 : 1)
        func reflect(_ d: SIMD2<Double>) -> SIMD2<Double> {
            along * ((d * along).sum() * signs.x) + across * ((d * across).sum() * signs.y)
        }
        let capacity = Int(4 * Self.maxPointsPerEdge + 4) * Self.depths.count
        inside.reserveCapacity(capacity)
        outside.reserveCapacity(capacity)
        source.reserveCapacity(capacity)
        for (start, end, normal) in edges {
            let length = ((end - start) * (end - start)).sum().squareRoot()
            // A finite box can still have an edge whose square overflows.
            guard length.isFinite, length > 2 * Self.cornerMargin else { continue }
            let direction = (end - start) / length
            let reflectedNormal = reflect(normal)
            let spacing = max(Self.spacing, (length - 2 * Self.cornerMargin) / (Self.maxPointsPerEdge - 1))
            var t = Self.cornerMargin
            while t <= length - Self.cornerMargin {
                let point = start + direction * t
                let mirroredPoint = box.center + reflect(point - box.center)
                t += spacing
                // All of a point's samples, or none of them.
                let kept = inside.count
                for depth in Self.depths {
                    guard let i = sample(point - normal * depth), let o = sample(point + normal * depth),
                        let m = sample(mirroredPoint - reflectedNormal * depth)
                    else { break }
                    inside.append(i)
                    outside.append(o)
                    source.append(m)
                }
                if inside.count - kept != Self.depths.count {
                    inside.removeLast(inside.count - kept)
                    outside.removeLast(outside.count - kept)
                    source.removeLast(source.count - kept)
                }
            }
            edgeEnds.append(inside.count / Self.depths.count)
        }
    }

    /// Root mean square step across the outline as the frame is now; 0 without outline points.
    func step(in frame: FrameBuffer) -> Double { rmsStep(frame, inside: inside) }

    /// The step the plain mirror would leave, read from the frame before it is mirrored: each
    /// inside sample is the one the mirror will move there.
    func plainStep(in frame: FrameBuffer) -> Double { rmsStep(frame, inside: source) }

    private func rmsStep(_ frame: FrameBuffer, inside ins: [Int]) -> Double {
        let depth = Self.depths.count
        let base = UnsafeRawPointer(frame.planes[grid.plane])
        // Inside minus outside at each point, summed over the depths.
        var steps = [Int](repeating: 0, count: ins.count / depth)
        if grid.coding.bytes == 1 && channels == [0] {
            for k in ins.indices {
                steps[k / depth] += Int(base.load(fromByteOffset: ins[k], as: UInt8.self))
                    - Int(base.load(fromByteOffset: outside[k], as: UInt8.self))
            }
        } else {
            for k in ins.indices { steps[k / depth] += value(base + ins[k]) - value(base + outside[k]) }
        }
        var total = 0.0, count = 0
        var start = 0
        let half = Self.window / 2
        for end in edgeEnds {
            defer { start = end }
            guard end - start >= Self.window else { continue }
            // A running sum over the window.
            var sum = steps[start..<(start + Self.window - 1)].reduce(0, +)
            for p in (start + half)..<(end - half) {
                sum += steps[p + half]
                let step = Double(sum) / Double(Self.window * depth)
                total += step * step
                count += 1
                sum -= steps[p - half]
            }
        }
        return count > 0 ? (total / Double(count)).squareRoot() : 0
    }

    /// The sum of a sample's channels, in 8-bit levels.
    private func value(_ sample: UnsafeRawPointer) -> Int {
        var sum = 0
        for channel in channels { sum += Int(grid.coding.value8(sample + channel)) }
        return sum
    }
}
