@testable import TextMirrorCore

extension PixelBox {
    /// This box with grid-aligned edges symmetric about the axis nearest its centre (axes on
    /// half pixels with a 1-pixel grid, on whole pixels with a 2-pixel grid); rotated and
    /// non-finite boxes as they are. The reference `mirrorRects` is checked against: its finest
    /// plane's rectangle is this box's. Only the tests need it as a box.
    func alignedForMirror(horizontalGrid: Int, verticalGrid: Int) -> PixelBox {
        guard isAxisAligned, centerX.isFinite, centerY.isFinite, width.isFinite, height.isFinite,
            width > 0, height > 0, horizontalGrid > 0, verticalGrid > 0
        else { return self }
        let x = Self.symmetricSpan(centre: centerX, size: width, grid: horizontalGrid)
        let y = Self.symmetricSpan(centre: centerY, size: height, grid: verticalGrid)
        return PixelBox(
            centerX: (x.start + x.end) / 2, centerY: (y.start + y.end) / 2,
            width: x.end - x.start, height: y.end - y.start, angle: angle)
    }
}
