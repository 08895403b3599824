/// A tracked box's bounding rectangle in gray pixels (OpenCV's convention: pixel centres on
/// integers), clipped to the picture.
struct GrayArea {
    var rect: PixelRect
    /// Corners a third of the line height apart spread over the glyphs.
    var spacing: Float

    init(_ box: PixelBox, factor: Double, width: Int, height: Int) {
        let extent = box.halfExtent / factor
        let x = box.centerX / factor, y = box.centerY / factor
        rect = PixelRect(
            covering: x - extent.x, y - extent.y, x + extent.x, y + extent.y, width: width, height: height)
        spacing = Float(max(min(box.height, box.width) / factor / 3, 2))
    }

    func contains(_ p: FlowPoint) -> Bool {
        Double(p.x) + 0.5 >= Double(rect.x0) && Double(p.x) + 0.5 < Double(rect.x1)
            && Double(p.y) + 0.5 >= Double(rect.y0) && Double(p.y) + 0.5 < Double(rect.y1)
    }

    func request(points: Int, quality: Float) -> FlowArea {
        FlowArea(
            x: rect.x0, y: rect.y0, width: rect.width, height: rect.height,
            maxPoints: max(points, 1), minDistance: spacing, quality: quality)
    }
}
