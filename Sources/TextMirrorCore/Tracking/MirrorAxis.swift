/// Where the mirror's axis lands for a tracked box.
///
/// The axis-aligned mirror works on whole pixels (and, in subsampled formats, on the chroma
/// grid): it rounds a box's edges and widens them to the grid, so its axis is the midpoint of
/// two rounded edges. That midpoint depends on the box's width as much as on its centre: a box
/// centred on 100.0 and 51 wide rounds to [75, 126) and mirrors about 100.5. Half a pixel off
/// shifts every reversed stroke by a pixel, which the benchmark sees as a quarter of the mirror
/// quality lost. So boxes are given to the mirror with their edges already on the grid, placed
/// symmetrically about the grid position nearest their centre (at most a grid step wider).
extension PixelBox {
    /// This box with grid-aligned edges symmetric about the axis nearest its centre: axes fall
    /// on half pixels with a 1-pixel grid and on whole pixels with a 2-pixel grid (the finest
    /// each allows). Rotated and non-finite boxes are returned as they are.
    public func alignedForMirror(horizontalGrid: Int, verticalGrid: Int) -> PixelBox {
        guard isAxisAligned, centerX.isFinite, centerY.isFinite, width.isFinite, height.isFinite,
              width > 0, height > 0, horizontalGrid > 0, verticalGrid > 0 else { return self }
        func span(_ centre: Double, _ size: Double, _ grid: Int) -> (centre: Double, size: Double) {
            let g = Double(grid)
            let axis = (centre * 2 / g).rounded() * g / 2
            let start = ((axis - size / 2) / g).rounded(.down) * g
            return (axis, 2 * (axis - start))
        }
        let x = span(centerX, width, horizontalGrid), y = span(centerY, height, verticalGrid)
        return PixelBox(centerX: x.centre, centerY: y.centre, width: x.size, height: y.size, angle: angle)
    }
}
