/// The reversal applied inside each region (the element's `flip`). Raw values are textmirror.h's
/// TextMirrorFlip values.
public enum Flip: UInt32, Sendable, CaseIterable {
    case horizontal = 0, vertical = 1, rotate180 = 2

    var mirrorsColumns: Bool { self != .vertical }
    var mirrorsRows: Bool { self != .horizontal }
}
