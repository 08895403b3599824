/// Whether the colour channels of a box's kept grounds (FrameMirror+GroundKeeping.swift) take
/// the same ink out of the picture.
///
/// Why: each channel's ground is read on its own, with its own ink side and its own closing or
/// opening, and the mirror that keeps the grounds moves in each channel what that channel's
/// ground took out. Letters of one colour are ink in every channel that sees them at all. A
/// logo of several colours is not: on ocv_segmented_word04's beer sign, a red "F" outlined in
/// white on a blue oval on yellow, each channel's smaller class of levels, which it takes for
/// ink, is a different part of the logo. Moved channel by channel, the box came out fringed
/// with colours the picture never had (green, magenta, cyan). The outline's step, measured on
/// the mean of the colours, does not see them. Where the channels disagree, the box keeps the
/// seamless or plain mirror (FrameMirror.mirror), which moves every channel alike. The rule
/// turns away a harmless difference too (a shape in one channel under which the others are
/// flat): that box is mirrored as it was before grounds were kept.
///
/// The channels are compared on cells of `cellWidth` × `cellHeight` luma pixels (the coarsest
/// grid's samples, so that a chroma plane at half resolution compares with the luma), and a
/// cell is taken by a channel where any of its samples there is.
struct InkAgreement {
    /// A channel counts only where its own two classes of level (`InkSplit.contrast`) lie at
    /// least this many 8-bit levels apart: grey print on paper leaves the chroma of a YUV frame
    /// flat, and a flat channel moves nothing whatever its ground says.
    static let minContrast = 16.0
    /// A sample is taken out where its ground lies this share of its channel's contrast from it,
    /// and at least `minLevels` levels: less is the ground's own texture smoothed away.
    static let takenShare = 0.5
    static let minLevels = 12.0
    /// The channels disagree when more than this share of the cells that any of them takes out
    /// are not taken out by all. On the real and generated eval sets (RGB), every box whose
    /// kept ground was chosen measured at most 0.76 (light letters on red bricks, generated
    /// shop_002, whose R sees mostly the mortar: tinted cyan, but the ring's mirror left the
    /// bricks broken, which is worse); green letters on a mountain photo 0.65. The beer sign's
    /// "F" measured 1.0, in RGB and in I420.
    static let maxDisagreement = 0.85

    let cellWidth: Int
    let cellHeight: Int
    /// The first cell's column and row, in cells from the frame's origin.
    private let first: (column: Int, row: Int)
    private let columns: Int
    private let rows: Int
    /// One map of cells taken out per channel that counts.
    private var taken: [[Bool]] = []

    /// Cells over the luma pixels `rect`.
    init(_ rect: PixelRect, cellWidth: Int, cellHeight: Int) {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        first = (rect.x0 / cellWidth, rect.y0 / cellHeight)
        columns = max((rect.x1 - 1) / cellWidth - first.column + 1, 0)
        rows = max((rect.y1 - 1) / cellHeight - first.row + 1, 0)
    }

    /// Adds one channel: its `picture` and the `ground` read under it (8-bit levels, `width`
    /// samples a row, the first at sample `origin` of a grid of `pixelsPerSample` ×
    /// `rowsPerSample` luma pixels), the samples `inside` the box, and its `split`.
    mutating func add(
        picture: [UInt8], ground: [UInt8], inside: [Bool], split: InkFreeBackground.InkSplit,
        width: Int, origin: (column: Int, row: Int), pixelsPerSample: Int, rowsPerSample: Int
    ) {
        guard split.contrast >= Self.minContrast, width > 0 else { return }
        let least = max(Self.minLevels, Self.takenShare * split.contrast)
        var cells = [Bool](repeating: false, count: columns * rows)
        for i in picture.indices where inside[i] {
            let (p, g) = (Double(picture[i]), Double(ground[i]))
            // The kept ground lies on the ink's side of the picture (above it under dark ink).
            guard (split.darkInk ? g - p : p - g) > least else { continue }
            let x = (origin.column + i % width) * pixelsPerSample / cellWidth - first.column
            let y = (origin.row + i / width) * rowsPerSample / cellHeight - first.row
            cells[y * columns + x] = true
        }
        taken.append(cells)
    }

    /// The share of the cells taken out by any channel that not every channel takes out; 0 with
    /// fewer than two channels that count.
    var disagreement: Double {
        guard taken.count > 1 else { return 0 }
        var any = 0, all = 0
        for c in 0..<(columns * rows) {
            let count = taken.count { $0[c] }
            if count > 0 { any += 1 }
            if count == taken.count { all += 1 }
        }
        return any > 0 ? Double(any - all) / Double(any) : 0
    }

    var agrees: Bool { disagreement <= Self.maxDisagreement }
}
