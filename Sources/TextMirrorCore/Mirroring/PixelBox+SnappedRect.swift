extension PixelBox {
    /// The pixels an axis-aligned box covers, clipped to the frame and widened outwards to the
    /// chroma grid (`hGrid` x `vGrid` luma pixels) so luma and chroma share one mirror axis.
    /// Nil when nothing of the box is inside the frame.
    public func snappedRect(frameWidth: Int, frameHeight: Int, hGrid: Int, vGrid: Int) -> PixelRect? {
        // Rounding edges (not centre and size separately) keeps neighbouring boxes seamless.
        func edge(_ v: Double, limit: Int) -> Int {
            guard v.isFinite else { return v > 0 ? limit : 0 }
            return Int(min(max(v.rounded(), 0), Double(limit)))
        }
        var x0 = edge(centerX - width / 2, limit: frameWidth)
        var x1 = edge(centerX + width / 2, limit: frameWidth)
        var y0 = edge(centerY - height / 2, limit: frameHeight)
        var y1 = edge(centerY + height / 2, limit: frameHeight)
        if x1 <= x0 || y1 <= y0 { return nil }
        x0 = x0 / hGrid * hGrid
        y0 = y0 / vGrid * vGrid
        x1 = min((x1 + hGrid - 1) / hGrid * hGrid, frameWidth)
        y1 = min((y1 + vGrid - 1) / vGrid * vGrid, frameHeight)
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}
