/// The rule for boxes of neighbouring lines that overlap: no pixel is mirrored by two boxes.
///
/// Why: the mirror turns boxes one after the other, in place, so a pixel inside two boxes is
/// moved twice, about two different axes, and lands where neither line's letters belong: on a
/// page whose lines are 1.2 line heights apart, a box reaching a few rows into the next line
/// cut its letters in pieces. Fitted boxes hold their own line's rows, so they overlap only by
/// the tips of descenders and ascenders; boxes not fitted (the detector's, up to twice the
/// ink's height) reach far into their neighbours.
///
/// So two boxes turned alike (within `maxSeparatedTurn`, or `maxUnfittedTurn` when neither
/// was fitted) that overlap across their lines are cut apart along their lines: a box that was
/// fitted to its ink keeps all of its rows and one that was not gives up the overlap; between
/// two of a kind the overlap is shared at its middle.
/// Boxes overlapping end to end (one line's pieces) or at an angle are left to the tracker's
/// duplicate rule (`BoxTracker.Parameters.maxOverlap`).
///
/// Why only boxes this close to parallel: a cut is one straight line along the first box, and
/// a second box turned from it by t loses, besides the overlap, w/2 sin t more at one of its
/// ends (`maxSlant`). On a photographed sign (textmirror-eval's sign_048) two lines 4.6° apart in
/// perspective, the upper one unfitted, lost the bottom of its first letters that way, 9 px,
/// and the line counted as not mirrored; the lines of a page are parallel to a degree.
extension PixelBox {
    /// Boxes turned by more than this from each other are not cut apart (degrees): the
    /// detector's own angle noise on parallel lines. Twice that between two boxes neither of
    /// which was fitted (`maxUnfittedTurn`): each of their angles is the detector's, off by up to
    /// the noise either way. Why: on a London bus's advertisement (ocv_double_decker_bus) two
    /// lines of 6 px letters, 2 px apart and too close for their ink to be told apart, were
    /// boxed 3.1° apart, each box over both lines; both were mirrored, one over the other, and
    /// the panel read as neither line.
    public static let maxSeparatedTurn = PixelBox.detectorAngleNoise
    public static let maxUnfittedTurn = 2 * PixelBox.detectorAngleNoise
    /// ... nor when the second box would lose more than this fraction of its height at one end
    /// for being turned from the first (w/2 sin t).
    public static let maxSlant = 0.2

    /// `boxes` cut apart where they overlap across their lines; `fitted[i]` says whether box i
    /// was fitted to its ink.
    public static func separated(_ boxes: [PixelBox], fitted: [Bool]) -> [PixelBox] {
        precondition(boxes.count == fitted.count, "one fitted flag per box")
        var out = boxes
        for i in out.indices {
            for j in out.indices where j > i {
                guard let (a, b) = cutApart(out[i], fitted[i], out[j], fitted[j]) else { continue }
                out[i] = a
                out[j] = b
            }
        }
        return out
    }

    /// `a` and `b` cut apart across their lines, or nil when they need not or cannot be.
    static func cutApart(_ a: PixelBox, _ aFitted: Bool, _ b: PixelBox, _ bFitted: Bool) -> (PixelBox, PixelBox)? {
        guard a.intersectionArea(b) > 0,
            abs(PixelBox.normalizedAngle(a.angle - b.angle))
                <= (aFitted || bFitted ? maxSeparatedTurn : maxUnfittedTurn)
        else { return nil }
        let v = a.axes.across
        let d = SIMD2(b.centerX - a.centerX, b.centerY - a.centerY)
        // Across a's line, towards b.
        let across = (d * v).sum()
        guard abs(across) >= 0.5 * min(a.height, b.height) else { return nil }
        let towards = across > 0 ? v : -v
        // a reaches `aEdge` towards b, b reaches back to `bEdge` (both along `towards`, from a's
        // centre).
        let aEdge = a.height / 2
        let centre = a.center
        let bEdge = b.corners.map { (($0 - centre) * towards).sum() }.min()!
        guard bEdge < aEdge else { return nil }
        let cut = aFitted == bFitted ? (aEdge + bEdge) / 2 : aFitted ? aEdge : bEdge
        // Each keeps at least a third of its height: more overlap than that is one line
        // boxed twice, for the tracker's duplicate rule.
        let aHeight = a.height / 2 + cut
        // b's edge towards a, moved along b's own across axis until both its ends are beyond
        // the cut (b may be turned a little from a).
        let (ub, bAcross) = b.axes
        var vb = bAcross
        if (vb * towards).sum() < 0 { vb = -vb }
        let fromA = ((b.center - centre) * towards).sum()
        let slant = abs((ub * towards).sum()) * b.width / 2
        guard slant <= maxSlant * b.height else { return nil }
        let bHeight = b.height / 2 + (fromA - slant - cut) / (vb * towards).sum()
        guard aHeight >= a.height / 3, bHeight >= b.height / 3 else { return nil }
        var cutA = a, cutB = b
        let aShift = (a.height - aHeight) / 2, bShift = (b.height - bHeight) / 2
        cutA.height = aHeight
        cutA.centerX -= aShift * towards.x
        cutA.centerY -= aShift * towards.y
        cutB.height = bHeight
        cutB.centerX += bShift * vb.x
        cutB.centerY += bShift * vb.y
        return (cutA, cutB)
    }
}
