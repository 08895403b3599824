import Testing
@testable import TextMirrorCore

/// A line ends where its text does (`InkRefinement.endingAtText`): a shape printed beside it
/// is cut off, a full stop is not.
@Suite struct TextEndsTests {
    static let width = 200, height = 100

    /// Five strokes (4 px of ink every 6 px, rows 40..<60: letters 20 px high) from x = 40, and
    /// dark columns at `beside` in `besideRows`.
    static func line(beside: [Range<Int>], besideRows: Range<Int> = 40..<60) -> [UInt8] {
        var pixels = [UInt8](repeating: 225, count: width * height)
        let columns = (0..<5).flatMap { (40 + 6 * $0)..<(44 + 6 * $0) }
        for y in 40..<60 { for x in columns { pixels[y * width + x] = 25 } }
        for y in besideRows { for x in beside.flatMap({ $0 }) { pixels[y * width + x] = 25 } }
        return pixels
    }

    static func ends(
        _ pixels: [UInt8], box x0: Double, _ x1: Double, boxHeight: Double = 22, angle: Double = 0,
        characters: ClosedRange<Double>
    ) -> InkRefinement.TextEnds? {
        var bytes = pixels
        return bytes.withUnsafeMutableBytes { raw in
            InkRefinement().endingAtText(
                PixelBox(centerX: (x0 + x1) / 2, centerY: 50, width: x1 - x0, height: boxHeight, angle: angle),
                characters: characters,
                in: FrameBuffer(width: width, height: height, planes: [raw.baseAddress!], strides: [width]),
                format: .gray8)
        }
    }

    /// The strokes span 40..<68 (the box's centre at 54 in the first case): the reader's
    /// characters from the first stroke's middle to the last's.
    static let characters = (42.0 - 54)...(66 - 54)

    @Test func aShapeBesideTheLastLetterIsCutOffInTheGap() throws {
        // A 24 px block (wider than a letter is high) 4 px after the last stroke.
        let ends = try #require(Self.ends(Self.line(beside: [72..<96]), box: 39, 97, characters: Self.characters.shifted(by: 54 - 68)))
        #expect(abs(ends.line.centerX - ends.line.width / 2 - 39) < 1e-9)
        #expect(abs(ends.line.centerX + ends.line.width / 2 - 70) < 1e-9, "\(ends.line)")
        try #require(ends.cutOff.count == 1)
        #expect(abs(ends.cutOff[0].centerX - ends.cutOff[0].width / 2 - 70) < 1e-9)
        #expect(abs(ends.cutOff[0].centerX + ends.cutOff[0].width / 2 - 97) < 1e-9)
    }

    /// The box was fitted to the shape's rows too (an arrow taller than the letters): the
    /// line keeps only its letters' rows.
    @Test func aTallerShapeCutOffTakesItsRowsWithIt() throws {
        // 52 px wide: wider than the 40 rows it adds to the letters' 20.
        let pixels = Self.line(beside: [72..<124], besideRows: 30..<70)
        let ends = try #require(
            Self.ends(pixels, box: 39, 125, boxHeight: 44, characters: Self.characters.shifted(by: 54 - 82)))
        #expect(abs(ends.line.centerX + ends.line.width / 2 - 70) < 1e-9, "\(ends.line)")
        #expect(abs(ends.line.centerY - 50) < 1 && ends.line.height < 30, "\(ends.line)")
    }

    @Test func aShapeBeforeTheFirstLetterIsCutOff() throws {
        // The block 4 px before the first stroke; the box from 11 to 69, centred at 40.
        let ends = try #require(
            Self.ends(Self.line(beside: [12..<36]), box: 11, 69, characters: Self.characters.shifted(by: 54 - 40)))
        #expect(abs(ends.line.centerX - ends.line.width / 2 - 38) < 1e-9, "\(ends.line)")
        #expect(ends.cutOff.count == 1)
    }

    /// A box at 180° runs along -x: its characters' offsets are the other way round.
    @Test func aBoxTurnedHalfIsCutAtTheSameEnd() throws {
        let ends = try #require(
            Self.ends(
                Self.line(beside: [72..<96]), box: 39, 97, angle: 180,
                characters: (-Self.characters.upperBound + 14)...(-Self.characters.lowerBound + 14)))
        let xs = ends.line.corners.map(\.x)
        #expect(abs(xs.max()! - 70) < 1e-9 && abs(xs.min()! - 39) < 1e-9, "\(ends.line)")
    }

    @Test func aFullStopAndTheLettersStay() {
        // A 3 px stop after the last stroke: narrower than a letter is high.
        #expect(Self.ends(Self.line(beside: [71..<74]), box: 39, 75, characters: Self.characters.shifted(by: 54 - 57)) == nil)
        #expect(Self.ends(Self.line(beside: []), box: 39, 69, characters: Self.characters) == nil)
    }

    /// A stroke wider than the blur steps only at its edges: the gap between them is inside
    /// the ink, and the pieces are joined across it; a gap after a step out of the ink and
    /// before one into it is paper. Light print on dark steps the other way.
    @Test func piecesJoinAcrossAStrokesInside() {
        func pieces(_ pattern: String, light: Bool = false) -> [ClosedRange<Int>] {
            // "<" a step into dark ink, ">" out of it, "." no step.
            let signed: [Int32] = pattern.map { $0 == "<" ? -50 : $0 == ">" ? 50 : 0 }
            return LineColumns(
                inky: pattern.map { $0 != "." }, signed: light ? signed.map { -$0 } : signed, offset: 0, height: 10,
                letterHeight: 8, letterGap: 1, rowsOver: { _ in nil }
            ).letterPieces
        }
        // A wide stem, a gap, a thin stroke, a gap, another wide stem.
        let line = "<...>..<>..<....>"
        #expect(pieces(line) == [0...4, 7...8, 11...16])
        #expect(pieces(line, light: true) == [0...4, 7...8, 11...16])
        #expect(InkRefinement.inkRuns(line.map { $0 != "." }).count == 5)
    }

    @Test func aLineEndsAtItsTextOnlyWhereTheReaderConfirmsIt() {
        var bytes = Self.line(beside: [72..<96])
        let box = PixelBox(centerX: 68, centerY: 50, width: 58, height: 22)
        let read = TextBox(
            box: box, score: 0.9, fitted: true,
            reading: TextReading(text: "ab", score: 0.9, mirrored: false, characterSpan: Self.characters.shifted(by: -14)))
        var unread = read
        unread.reading?.characterSpan = nil
        var unfitted = read
        unfitted.fitted = false
        bytes.withUnsafeMutableBytes { raw in
            let frame = FrameBuffer(width: Self.width, height: Self.height, planes: [raw.baseAddress!], strides: [Self.width])
            var asked = 0
            let confirmed = InkFitting().endingAtText([read, unread, unfitted], in: frame, format: .gray8) { _, cutOff, _ in
                asked += 1
                return cutOff.count == 1
            }
            #expect(asked == 1)
            #expect(abs(confirmed[0].box.width - 31) < 1e-9, "\(confirmed[0].box)")
            #expect(confirmed[1] == unread && confirmed[2] == unfitted)
            let refused = InkFitting().endingAtText([read], in: frame, format: .gray8) { _, _, _ in false }
            #expect(refused == [read])
            // Remembered: the next detections of the line take the answer without reading.
            let memory = LineMemory<Bool>()
            asked = 0
            for _ in 0..<3 {
                let ended = InkFitting().endingAtText([read], in: frame, format: .gray8, memory: memory, renewAfter: 5) {
                    _, _, _ in
                    asked += 1
                    return true
                }
                #expect(abs(ended[0].box.width - 31) < 1e-9)
            }
            #expect(asked == 1)
        }
    }
}

extension ClosedRange<Double> {
    func shifted(by offset: Double) -> ClosedRange<Double> { (lowerBound + offset)...(upperBound + offset) }
}
