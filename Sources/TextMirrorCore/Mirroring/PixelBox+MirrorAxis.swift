/// Where the mirror's axis lands for a tracked box.
///
/// The axis-aligned mirror works on whole pixels (and, in subsampled formats, on the chroma
/// grid): it rounds a box's edges and widens them to the grid, so its axis is the midpoint of
/// two rounded edges. That midpoint depends on the box's width as much as on its centre: a box
/// centred on 100.0 and 51 wide rounds to [75, 126) and mirrors about 100.5. Half a pixel off
/// shifts every reversed stroke by a pixel, which the benchmark sees as a quarter of the mirror
/// quality lost. So boxes are given to the mirror with their edges already on the grid, placed
/// symmetrically about the grid position nearest their centre (at most a grid step wider).
///
/// Detected boxes go further (`mirrorRects`): each plane is mirrored about the axis nearest the
/// box's centre that its own samples allow. In 4:2:0 the luma plane then mirrors about half
/// pixels like a 4:4:4 frame, and only the chroma planes, at half the resolution, keep whole
/// pixels; one axis shared by all planes put luma up to half a pixel off (textmirror-motion-bench:
/// I420's ceiling 0.844 against Y444's 1.000). Chroma is then up to half a luma pixel from
/// luma's axis, a quarter of a chroma sample: invisible next to the subsampling itself.
extension PixelBox {
    /// For each plane of `layout` (in `layout.planes` order), the luma-pixel rectangle that
    /// plane mirrors for this box: symmetric about the axis nearest the box's centre on that
    /// plane's own unit grid, and covering the luma rectangle (so every mirrored pixel has its
    /// chroma mirrored with it), clipped to the frame. The finest plane's rectangle has edges on
    /// its grid symmetric about the axis nearest the centre (`symmetricSpan`). Nil for a rotated or non-finite box (the
    /// caller mirrors it as it is) or one wholly outside the frame (an array of nils).
    public func mirrorRects(layout: FrameLayout, frameWidth: Int, frameHeight: Int) -> [PixelRect?]? {
        guard isAxisAligned, centerX.isFinite, centerY.isFinite, width.isFinite, height.isFinite,
            width > 0, height > 0, !layout.planes.isEmpty
        else { return nil }
        let fineX = layout.planes.map(\.pixelsPerUnit).min()!, fineY = layout.planes.map(\.rowsPerUnit).min()!
        let lumaX = Self.symmetricSpan(centre: centerX, size: width, grid: fineX)
        let lumaY = Self.symmetricSpan(centre: centerY, size: height, grid: fineY)
        // Far outside: nothing to mirror, and Int(_:) below must not see huge values.
        guard lumaX.end > 0, lumaX.start < Double(frameWidth), lumaY.end > 0, lumaY.start < Double(frameHeight)
        else { return layout.planes.map { _ in nil } }
        return layout.planes.map { plane in
            let x = Self.covering(lumaX, centre: centerX, grid: plane.pixelsPerUnit)
            let y = Self.covering(lumaY, centre: centerY, grid: plane.rowsPerUnit)
            let rect = PixelRect(
                x0: Int(max(x.start, 0)), y0: Int(max(y.start, 0)),
                x1: Int(min(x.end, Double(frameWidth))), y1: Int(min(y.end, Double(frameHeight))))
            return rect.isEmpty ? nil : rect
        }
    }

    /// Edges on the `grid`, symmetric about the grid axis nearest `centre` (grid multiples of
    /// half a step), the left one at or below where a box of `size` centred on that axis
    /// would start.
    static func symmetricSpan(centre: Double, size: Double, grid: Int) -> (start: Double, end: Double) {
        let g = Double(grid)
        let axis = nearestAxis(to: centre, grid: grid)
        let start = ((axis - size / 2) / g).rounded(.down) * g
        return (start, 2 * axis - start)
    }

    /// The narrowest span on the `grid`, symmetric about the grid axis nearest `centre`, that
    /// contains `span`.
    static func covering(_ span: (start: Double, end: Double), centre: Double, grid: Int) -> (
        start: Double, end: Double
    ) {
        let g = Double(grid)
        let axis = nearestAxis(to: centre, grid: grid)
        let reach = max(axis - span.start, span.end - axis)
        let start = ((axis - reach) / g).rounded(.down) * g
        return (start, 2 * axis - start)
    }

    /// The axis a `grid` allows (a multiple of half its step) nearest `centre`.
    static func nearestAxis(to centre: Double, grid: Int) -> Double {
        let g = Double(grid)
        return (centre * 2 / g).rounded() * g / 2
    }
}
