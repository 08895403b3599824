import Testing
@testable import TextMirrorCore

/// Two phrases on one baseline are two lines (`InkRefinement.phrases`); the words of one line,
/// however widely a justified line spaces them, are one.
@Suite struct PhraseTests {
    static let width = 500, height = 100

    /// Words of five strokes (4 px of ink every 6 px, rows 40..<60: letters 20 px high) from
    /// x = 20, with `gaps[k]` pixels between word k and word k + 1; and where each word starts
    /// and ends.
    static func words(gaps: [Int]) -> (pixels: [UInt8], spans: [ClosedRange<Int>]) {
        var pixels = [UInt8](repeating: 225, count: width * height)
        var spans: [ClosedRange<Int>] = []
        var x = 20
        for k in 0...gaps.count {
            let start = x
            for stroke in 0..<5 {
                for y in 40..<60 { for c in (x + 6 * stroke)..<(x + 6 * stroke + 4) { pixels[y * width + c] = 25 } }
            }
            x += 28
            spans.append(start...(x - 1))
            if k < gaps.count { x += gaps[k] }
        }
        return (pixels, spans)
    }

    static func fit(_ pixels: [UInt8], over spans: [ClosedRange<Int>]) -> [TextBox] {
        // The detector's box: loose around all the words.
        let x0 = Double(spans.first!.lowerBound) - 6, x1 = Double(spans.last!.upperBound) + 7
        let detected = TextBox(
            box: PixelBox(centerX: (x0 + x1) / 2, centerY: 50, width: x1 - x0, height: 30), score: 0.8)
        return InkFitting().fit(
            [detected], on: InkFittingTests.input(pixels), horizontally: true, vertically: false)
    }

    @Test func twoPhrasesALetterAndAHalfApartAreTwoLines() throws {
        // Three words, 30 px (1.5 letter heights), three words; word spaces 8 px (0.4).
        let (pixels, spans) = Self.words(gaps: [8, 8, 30, 8, 8])
        let lines = Self.fit(pixels, over: spans).sorted { $0.box.centerX < $1.box.centerX }
        try #require(lines.count == 2, "\(lines.map(\.box))")
        for (line, (first, last)) in zip(lines, [(spans[0], spans[2]), (spans[3], spans[5])]) {
            let start = line.box.centerX - line.box.width / 2, end = line.box.centerX + line.box.width / 2
            #expect(abs(start - Double(first.lowerBound)) < 2.5 && abs(end - Double(last.upperBound + 1)) < 2.5, "\(line.box)")
            #expect(line.fitted && line.isPhrase)
        }
        // The tracker does not join them again.
        #expect(BoxTracker.joiningSplitLines(lines, levelWithin: 3).count == 2)
    }

    @Test("The words of one line stay one line", arguments: [[8, 8, 8, 8, 8], [24, 24, 24, 24, 24], [8, 14, 8, 8, 8]])
    func wordsOfOneLineStayTogether(gaps: [Int]) throws {
        // Word spaces of 0.4 letter heights; a badly justified line's, all 1.2 alike; one
        // space wider than the rest, but less than a letter's height.
        let (pixels, spans) = Self.words(gaps: gaps)
        let lines = Self.fit(pixels, over: spans)
        try #require(lines.count == 1, "\(lines.map(\.box))")
        #expect(!lines[0].isPhrase)
    }

    @Test func phraseRunsPartOnlyAtSpacesFarWiderThanTheLinesOwn() {
        let refinement = InkRefinement()
        func runs(_ pattern: String, letterHeight: Int = 8) -> [ClosedRange<Int>] {
            refinement.phraseRuns(pattern.map { $0 == "#" }, letterGap: 1, letterHeight: letterHeight)
        }
        // The biscuit box's "Peso Netto 250 g ℮ | NET WT 8.8 OZ": spaces of 2-3 columns and one of 10.
        #expect(runs("####..###...####..####..........####..###..#####..##") == [0...21, 32...51])
        // ... but not where a phrase would be shorter than two letter heights (a mark beyond a space).
        #expect(runs("####..###...####..####..........####..###") == [0...40])
        // Without other spaces to compare, a lone space parts phrases beyond 1.5 letter heights.
        let word = String(repeating: "#", count: 16)
        #expect(runs(word + String(repeating: ".", count: 13) + word) == [0...15, 29...44])
        #expect(runs(word + String(repeating: ".", count: 12) + word) == [0...43])
        // Letter gaps (one column) are not spaces; no ink, no runs.
        #expect(runs("#.#.#.#") == [0...6])
        #expect(runs("......").isEmpty)
    }
}
