/// A level box's window in a frame (or an upright picture): the box, `reach` line heights beyond
/// its start and its end (half a line height unless the line runs on) and a quarter above and
/// below, clipped to the frame. A glyph the box cuts through is followed into the window: the
/// detector's box edges are a few pixels off either way.
struct BoxWindow {
    /// Line heights read beyond each end of the box unless its line runs on (a quarter above
    /// and below).
    static let reach = 0.5

    /// The window, in frame pixels.
    let x0: Int, x1: Int, y0: Int, y1: Int
    /// The box in window coordinates: its step columns (`InkWindow`) and its rows.
    let boxColumns: Range<Int>
    let boxRows: Range<Int>

    init?(_ box: PixelBox, reach: AtEnds<Double>, frameWidth: Int, frameHeight: Int) {
        let bx0 = Int((box.centerX - box.width / 2).rounded()), bx1 = Int((box.centerX + box.width / 2).rounded())
        let by0 = Int((box.centerY - box.height / 2).rounded()), by1 = Int((box.centerY + box.height / 2).rounded())
        let ey = Int((0.25 * box.height).rounded())
        x0 = max(bx0 - Int((reach.start * box.height).rounded()), 0)
        x1 = min(bx1 + Int((reach.end * box.height).rounded()), frameWidth)
        y0 = max(by0 - ey, 0)
        y1 = min(by1 + ey, frameHeight)
        let cx0 = max(bx0, 0), cx1 = min(bx1, frameWidth), cy0 = max(by0, 0), cy1 = min(by1, frameHeight)
        guard x1 - x0 >= 6, y1 - y0 >= 6, cx1 - cx0 >= 4, cy1 - cy0 >= 4 else { return nil }
        boxColumns = (cx0 - x0)..<(cx1 - x0 - 1)
        boxRows = (cy0 - y0)..<(cy1 - y0)
    }

    init?(_ box: PixelBox, reach: Double, frameWidth: Int, frameHeight: Int) {
        self.init(box, reach: AtEnds(both: reach), frameWidth: frameWidth, frameHeight: frameHeight)
    }
}
