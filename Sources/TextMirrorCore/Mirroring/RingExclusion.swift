/// Another detected box, as the rings of its neighbours see it: text, not background. The box
/// is grown by the ring's gap (its ink may stand a pixel or two out of it) and kept turned,
/// so that the background between tilted lines stays in their rings (a tilted line's bounding
/// rectangle covers its neighbours' gaps as well).
struct RingExclusion {
    let box: PixelBox
    /// The grown box's bounding rectangle in luma pixels, for a quick rejection.
    let x0: Double, y0: Double, x1: Double, y1: Double
    private let cosA: Double, sinA: Double, halfW: Double, halfH: Double

    /// Nil for a box that is not finite.
    init?(_ box: PixelBox) {
        let along = box.axes.along
        cosA = along.x
        sinA = along.y
        var grown = box
        grown.width += 2 * Double(RingBackground.gap)
        grown.height += 2 * Double(RingBackground.gap)
        halfW = grown.width / 2
        halfH = grown.height / 2
        let extent = grown.halfExtent
        let ex = extent.x, ey = extent.y
        guard ex.isFinite, ey.isFinite, box.centerX.isFinite, box.centerY.isFinite else { return nil }
        self.box = box
        x0 = box.centerX - ex
        x1 = box.centerX + ex
        y0 = box.centerY - ey
        y1 = box.centerY + ey
    }

    func contains(x: Double, y: Double) -> Bool {
        guard x >= x0, x < x1, y >= y0, y < y1 else { return false }
        let dx = x - box.centerX, dy = y - box.centerY
        return abs(dx * cosA + dy * sinA) <= halfW && abs(-dx * sinA + dy * cosA) <= halfH
    }

    /// Where the line at `across` (y for a row, x for a column: `alongRows`) runs inside the
    /// box: the interval of the other coordinate, or nil.
    func span(at across: Double, alongRows: Bool) -> ClosedRange<Double>? {
        // u = a·t + b and v = c·t + d along the line, t the coordinate running along it.
        let d0 = across - (alongRows ? box.centerY : box.centerX)
        let (a, b, c, d) = alongRows ? (cosA, d0 * sinA, -sinA, d0 * cosA) : (sinA, d0 * cosA, cosA, -d0 * sinA)
        var low = -Double.infinity, high = Double.infinity
        for (k, m, half) in [(a, b, halfW), (c, d, halfH)] {
            if abs(k) < 1e-12 {
                guard abs(m) <= half else { return nil }
            } else {
                let t0 = (-half - m) / k, t1 = (half - m) / k
                low = max(low, min(t0, t1))
                high = min(high, max(t0, t1))
            }
        }
        let origin = alongRows ? box.centerX : box.centerY
        return low <= high ? (origin + low)...(origin + high) : nil
    }
}
