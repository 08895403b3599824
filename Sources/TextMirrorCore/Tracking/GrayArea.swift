/// A tracked box's bounding rectangle in gray pixels (OpenCV's convention: pixel centres on
/// integers), clipped to the picture.
struct GrayArea {
    var x0: Int, y0: Int, x1: Int, y1: Int
    /// Corners a third of the line height apart spread over the glyphs.
    var spacing: Float

    init(_ box: PixelBox, factor: Double, width: Int, height: Int) {
        let extent = box.halfExtent / factor
        let ex = extent.x, ey = extent.y
        func clip(_ v: Double, _ limit: Int) -> Int {
            guard v.isFinite else { return v > 0 ? limit : 0 }
            return Int(min(max(v, 0), Double(limit)))
        }
        x0 = clip((box.centerX / factor - ex).rounded(.down), width)
        y0 = clip((box.centerY / factor - ey).rounded(.down), height)
        x1 = clip((box.centerX / factor + ex).rounded(.up), width)
        y1 = clip((box.centerY / factor + ey).rounded(.up), height)
        spacing = Float(max(min(box.height, box.width) / factor / 3, 2))
    }

    func contains(_ p: FlowPoint) -> Bool {
        Double(p.x) + 0.5 >= Double(x0) && Double(p.x) + 0.5 < Double(x1)
            && Double(p.y) + 0.5 >= Double(y0) && Double(p.y) + 0.5 < Double(y1)
    }

    func request(points: Int, quality: Float) -> FlowArea {
        FlowArea(
            x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0),
            maxPoints: max(points, 1), minDistance: spacing, quality: quality)
    }
}
