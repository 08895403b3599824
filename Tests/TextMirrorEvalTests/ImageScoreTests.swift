import Testing
import TextMirrorEvalCore

/// Scoring on a tiny picture made here, where every figure can be counted by hand.
@Suite struct ImageScoreTests {
    static let width = 40, height = 20

    /// A 40x20 RGBA picture with a different value in every pixel, and a copy with some pixels
    /// changed.
    static func pictures(changing changed: [(Int, Int)]) -> (before: [UInt8], after: [UInt8]) {
        var before = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                before[4 * (y * width + x)] = UInt8(x * 5)
                before[4 * (y * width + x) + 1] = UInt8(y * 10)
            }
        }
        var after = before
        for (x, y) in changed { after[4 * (y * width + x) + 2] = 0 }
        return (before, after)
    }

    static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [EvalPoint] {
        PixelMaskTests.rect(x0, y0, x1, y1)
    }

    static func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> RotatedBox {
        RotatedBox(centerX: (x0 + x1) / 2, centerY: (y0 + y1) / 2, width: x1 - x0, height: y1 - y0, angle: 0)
    }

    /// A legible line of 20x5 pixels and a "###" region of 8x4, far enough apart not to be
    /// taken for words of one line.
    static let ground = [
        GroundTruthLine(polygon: rect(5, 5, 25, 10), transcription: "LINE"),
        GroundTruthLine(polygon: rect(30, 12, 38, 16), transcription: "###")
    ]

    static func score(boxes: [RotatedBox], changed: [(Int, Int)], rules: ScoringRules = ScoringRules()) -> ImageScore {
        let p = pictures(changing: changed)
        let mask = PixelMask.changedPixels(before: p.before, after: p.after, width: width, height: height)
        return ImageScore(name: "tiny", ground: ground, boxes: boxes, changed: mask, rules: rules)
    }

    @Test func coverageDecidesWhetherALineIsMirrored() {
        let ninety = Self.score(boxes: [Self.box(5, 5, 23, 10)], changed: [])
        #expect(ninety.legible.count == 1)
        #expect(ninety.legible[0].coverage == 0.9)
        #expect(ninety.mirrored == 1)
        #expect(ninety.dontCare == 1)

        let seventy = Self.score(boxes: [Self.box(5, 5, 19, 10)], changed: [])
        #expect(seventy.legible[0].coverage == 0.7)
        #expect(seventy.mirrored == 0)

        // Two boxes together cover it: the union counts, not the best single box.
        let split = Self.score(boxes: [Self.box(5, 5, 15, 10), Self.box(15, 5, 25, 10)], changed: [])
        #expect(split.legible[0].coverage == 1)
        #expect(split.mirrored == 1)
    }

    @Test func nonTextIsOutsideEveryRegionAndItsMargin() {
        let changed = [
            (10, 7),  // inside the line: text
            (4, 5),  // 1 px left of the line: inside the 2 px margin
            (2, 5),  // 3 px left: non-text
            (31, 13),  // inside the ### region: text all the same
            (0, 0), (39, 19)
        ]  // far from text
        let score = Self.score(boxes: [], changed: changed)
        // Text grown by 2 px: the line 24x9 = 216 pixels, the ### region 12x8 = 96 (clipped at
        // the right edge); they do not meet.
        #expect(score.nonTextPixels == 40 * 20 - 216 - 96)
        #expect(score.nonTextChanged == 3)
        #expect(score.nonTextChangedShare == 3.0 / 488.0)

        var noMargin = ScoringRules()
        noMargin.textMargin = 0
        let strict = Self.score(boxes: [], changed: changed, rules: noMargin)
        #expect(strict.nonTextPixels == 800 - 100 - 32)
        #expect(strict.nonTextChanged == 4)
    }

    @Test func falseBoxesAreThoseOnNoText() {
        let score = Self.score(
            boxes: [
                Self.box(5, 5, 23, 10),  // on the line
                Self.box(30, 0, 38, 4),  // on nothing
                Self.box(0, 0, 40, 20)
            ],  // everything, the line included
            changed: [])
        #expect(score.boxes == 3)
        #expect(score.falseBoxes == 1)
    }

    @Test func wordsOfOneLineAreJoinedSoTheirSpacesAreText() throws {
        let ground = try GroundTruthFormat.parse(try Fixture.text("gt_words.txt"))
        // The word spaces of "OPEN 24 HOURS" (x 20..<24 and 34..<38, rows 4..<12) all change,
        // as they do when the line is mirrored.
        var changed = PixelMask(width: 70, height: 40)
        for y in 4..<12 { for x in [20, 21, 22, 23, 34, 35, 36, 37] { changed[x, y] = true } }
        var rules = ScoringRules()
        rules.textMargin = 0
        let joined = ImageScore(name: "words", ground: ground, boxes: [], changed: changed, rules: rules)
        #expect(joined.nonTextChanged == 0)

        rules.grouping = nil
        let alone = ImageScore(name: "words", ground: ground, boxes: [], changed: changed, rules: rules)
        #expect(alone.nonTextChanged == 64)
    }

    @Test func lineGroupingJoinsNeighboursOnly() throws {
        let ground = try GroundTruthFormat.parse(try Fixture.text("gt_words.txt"))
        let hulls = LineGrouping().joins(ground.map(\.polygon))
        // OPEN-24 and 24-HOURS; not OPEN-HOURS (too far apart), not "Next" (the line below).
        #expect(hulls.count == 2)
        #expect(hulls.contains { Set($0.map(\.x)) == [4, 34] })
        #expect(hulls.contains { Set($0.map(\.x)) == [24, 62] })
    }

    @Test func regionsOutsideThePictureAreNotMeasured() {
        let ground = [GroundTruthLine(polygon: Self.rect(100, 100, 120, 110), transcription: "gone")]
        let score = ImageScore(name: "out", ground: ground, boxes: [], changed: PixelMask(width: 10, height: 10))
        #expect(score.legible.isEmpty)
        #expect(score.unmeasurable == 1)
    }
}

extension ImageScoreTests {
    @Test func changesInFalseBoxesAreToldApart() {
        // (33, 2) lies in the false box, (2, 5) beside the line, in no box.
        let score = Self.score(
            boxes: [Self.box(5, 5, 23, 10), Self.box(30, 0, 38, 4)],
            changed: [(33, 2), (2, 5)])
        #expect(score.nonTextChanged == 2)
        #expect(score.nonTextChangedInFalseBoxes == 1)
        let summary = EvalSummary([score])
        #expect(summary.nonTextChangedInFalseBoxes == 1)
        #expect(
            EvalReport.nonTextBreakdown(summary).hasPrefix(
                "Non-text pixels changed: 0.41% of non-text pixels; "
                    + "in false boxes 0.20%, beside text 0.20%."))
    }
}
