import Testing
@testable import TextMirrorCore

/// The row measures the fit reads out of a window of luma.
@Suite struct InkWindowTests {
    static let width = 120, height = 40

    /// A light sign (200) with dark strokes (60) 3 px wide every 6 px on rows 15..<25, and a
    /// faint rim (contrast 30) on rows 14 and 25: what a soft lens leaves above and below
    /// letters. `border`: a dark stripe at x 10..<14 down the whole window (a sign's edge).
    static func window(border: Bool, texture: Bool = false) throws -> InkWindow {
        var pixels = [UInt8](repeating: 200, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                if texture { pixels[i] = x % 2 == 0 ? 180 : 200 }
                let stroke = x >= 20 && x < 104 && (x - 20) % 6 < 3
                if stroke, (15..<25).contains(y) { pixels[i] = 60 }
                if stroke, y == 14 || y == 25 { pixels[i] = 170 }
                if border, (10..<14).contains(x) { pixels[i] = 60 }
            }
        }
        return try pixels.withUnsafeMutableBytes { raw in
            try #require(
                InkWindow(
                    FrameBuffer(width: width, height: height, planes: [raw.baseAddress!], strides: [width]),
                    format: .gray8, columns: 0..<width, rows: 0..<height))
        }
    }

    @Test func aSurfacesUprightEdgeIsNoRowsStroke() throws {
        // The border steps 140 in every row. Counted, it gave each rim row a stroke's contrast
        // and every row a stroke's sum, so the fit took rows above and below the letters for
        // ascenders and descenders (ocv_scenetext01's "PROHIBITED", between two such borders,
        // boxed a third too tall on the motion bench's photo still, the borders mirrored in).
        let window = try Self.window(border: true)
        let plain = try Self.window(border: false)
        let columns = 0..<window.columns
        let ink = window.rowInk(columns: columns), inkWithout = plain.rowInk(columns: columns)
        #expect(ink.sums == inkWithout.sums)
        #expect(ink.strongest == inkWithout.strongest)
        #expect(ink.strongest[14] == 30 && ink.strongest[20] == 140 && ink.strongest[5] == 0)
    }

    @Test func aTexturesColumnsAllCount() throws {
        // A grain that steps in every column of every row is no edge: the letters' own
        // columns step there too, so leaving such columns out would leave out the letters.
        let window = try Self.window(border: true, texture: true)
        #expect(window.columnsThrough(0..<window.columns).isEmpty)
        let ink = window.rowInk(columns: 0..<window.columns)
        // A row above the letters: 119 steps, of 20 but for the border's (140 into it, 0
        // three times inside it, 120 out of it onto a darker grain column).
        #expect(ink.sums[5] == 114 * 20 + 140 + 120, "\(ink.sums[5])")
    }
}
