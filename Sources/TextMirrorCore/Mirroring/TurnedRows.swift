/// A turned box's reflection on one sample grid, row by row.
///
/// Along a row of samples a box's own coordinates (u along its width, v across it) and the
/// position each sample is reflected to change by constants, so a row is one run of samples
/// and every sample of it costs a few multiplications: no division, no rounding call, no
/// trigonometry. Why: evaluated from scratch per sample (two `floor` calls among them), a
/// 1080p frame's 8 lines turned 2° took 9 ms to mirror, against 0.1 ms level (textmirror-bench,
/// section turned).
struct TurnedRows {
    /// One row: the samples whose centres may lie in the box, and its coordinates at sample 0.
    struct Row {
        /// Widened by a sample at each end beyond the exact crossing of the box's edges, so
        /// that rounding never loses a sample: each one is still tested (`inside`).
        let run: Range<Int>
        let u0: Double
        let v0: Double
        /// Where sample 0 is reflected to, in samples (continuous: sample i covers [i, i + 1)).
        let x0: Double
        let y0: Double
    }

    let halfWidth: Double
    let halfHeight: Double
    /// Change of u, v and of the reflected position per sample along a row.
    let du: Double
    let dv: Double
    let dx: Double
    let dy: Double
    private let box: PixelBox
    private let along: SIMD2<Double>
    private let signs: (u: Double, v: Double)
    private let pixelsPerSample: Double
    private let rowsPerSample: Double

    init(box: PixelBox, flip: Flip, pixelsPerSample: Int, rowsPerSample: Int) {
        self.box = box
        along = box.axes.along
        halfWidth = box.width / 2
        halfHeight = box.height / 2
        signs = (flip.mirrorsColumns ? -1 : 1, flip.mirrorsRows ? -1 : 1)
        self.pixelsPerSample = Double(pixelsPerSample)
        self.rowsPerSample = Double(rowsPerSample)
        let ps = self.pixelsPerSample
        du = ps * along.x
        dv = -ps * along.y
        // Subsampling is a power of two: dividing by it is exact.
        dx = (signs.u * du * along.x - signs.v * dv * along.y) / ps
        dy = (signs.u * du * along.y + signs.v * dv * along.x) / self.rowsPerSample
    }

    /// The larger of a sample's width and height, in luma pixels.
    var sampleSize: Double { max(pixelsPerSample, rowsPerSample) }

    /// Row `gy`, its run clipped to `columns`; nil when no sample of it is in the box (grown
    /// by `margin` luma pixels on every side).
    func row(_ gy: Int, within columns: Range<Int>, margin: Double = 0) -> Row? {
        let (u0, v0) = coordinates(ofSample: 0, gy)
        let ru = signs.u * u0, rv = signs.v * v0
        let x0 = (box.centerX + ru * along.x - rv * along.y) / pixelsPerSample
        let y0 = (box.centerY + ru * along.y + rv * along.x) / rowsPerSample
        guard let byU = Self.run(start: u0, step: du, half: halfWidth + margin),
            let byV = Self.run(start: v0, step: dv, half: halfHeight + margin)
        else { return nil }
        let first = max(byU.lowerBound, byV.lowerBound, Double(columns.lowerBound))
        let last = min(byU.upperBound, byV.upperBound, Double(columns.upperBound - 1))
        guard first <= last else { return nil }
        return Row(run: Int(first)..<Int(last) + 1, u0: u0, v0: v0, x0: x0, y0: y0)
    }

    /// Where the centre of sample (gx, gy) lies in the box's own coordinates (luma pixels
    /// from its centre).
    @inline(__always)
    func coordinates(ofSample gx: Int, _ gy: Int) -> (u: Double, v: Double) {
        let ox = (Double(gx) + 0.5) * pixelsPerSample - box.centerX
        let oy = (Double(gy) + 0.5) * rowsPerSample - box.centerY
        return (ox * along.x + oy * along.y, -ox * along.y + oy * along.x)
    }

    /// Whether a sample at (u, v) lies in the box.
    @inline(__always)
    func inside(u: Double, v: Double) -> Bool {
        abs(u) <= halfWidth && abs(v) <= halfHeight
    }

    /// The sample indices (as whole numbers, widened by one each way) where |start + i * step|
    /// ≤ half; nil when there are none. Unbounded (±∞) when the row runs along the edge.
    private static func run(start: Double, step: Double, half: Double) -> ClosedRange<Double>? {
        if abs(step) < 1e-12 {
            return abs(start) <= half ? -Double.infinity...Double.infinity : nil
        }
        let a = (-half - start) / step, b = (half - start) / step
        return (min(a, b).rounded(.down) - 1)...(max(a, b).rounded(.up) + 1)
    }
}
