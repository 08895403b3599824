/// The reversal applied inside each region.
public enum Flip: Sendable, CaseIterable {
    case horizontal, vertical, rotate180

    var mirrorsColumns: Bool { self != .vertical }
    var mirrorsRows: Bool { self != .horizontal }
}
