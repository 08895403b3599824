import Testing
import TextMirrorEvalCore

@Suite struct EvalSummaryTests {
    /// Image A: 10 legible lines, 9 mirrored, 1% of 1000 non-text pixels changed.
    /// Image B: 1 legible line, not mirrored, none of 9000 changed.
    static let scores: [ImageScore] = {
        func square(_ x: Double, _ y: Double) -> [EvalPoint] { PixelMaskTests.rect(x, y, x + 2, y + 2) }
        var a: [GroundTruthLine] = []
        var boxes: [RotatedBox] = []
        for i in 0..<10 {
            a.append(GroundTruthLine(polygon: square(Double(i * 3), 0), transcription: "w\(i)"))
            if i < 9 { boxes.append(RotatedBox(centerX: Double(i * 3) + 1, centerY: 1, width: 2, height: 2, angle: 0)) }
        }
        var changedA = PixelMask(width: 40, height: 35)
        // 10 changed pixels far from the text (rows 20..<30 of column 0).
        for y in 20..<30 { changedA[0, y] = true }
        var rules = ScoringRules()
        rules.textMargin = 0
        rules.grouping = nil
        let imageA = ImageScore(name: "a", ground: a, boxes: boxes, changed: changedA, rules: rules)
        let imageB = ImageScore(
            name: "b", ground: [GroundTruthLine(polygon: square(0, 0), transcription: "x")],
            boxes: [], changed: PixelMask(width: 100, height: 90), rules: rules)
        return [imageA, imageB]
    }()

    @Test func figuresArePooledOverTheSet() {
        #expect(Self.scores[0].nonTextPixels == 40 * 35 - 40)
        let summary = EvalSummary(Self.scores)
        #expect(summary.legible == 11)
        #expect(summary.mirrored == 9)
        #expect(summary.mirroredShare == 9.0 / 11.0)
        #expect(summary.nonTextPixels == 1360 + 8996)
        #expect(summary.nonTextChanged == 10)
        #expect(summary.worstNonTextChanged == 10.0 / 1360.0)
        #expect(!summary.passes(QualityTargets()))
    }

    @Test func verdictNamesBothFigures() {
        let verdict = EvalReport.verdict(EvalSummary(Self.scores), QualityTargets())
        #expect(verdict.hasPrefix("FAIL: legible lines mirrored 81.8% (target >= 90.0%, missed)"))
        #expect(verdict.hasSuffix("non-text pixels changed 0.10% (target < 1.0%, met)"))
    }

    @Test func emptySetFails() {
        let summary = EvalSummary([])
        #expect(summary.mirroredShare.isNaN)
        #expect(!summary.passes(QualityTargets()))
    }

    @Test func tableHasARowPerImageAndATotal() {
        let table = EvalReport.table(Self.scores, milliseconds: [12.4, 7.6])
        let rows = table.split(separator: "\n")
        #expect(rows.count == 2 + 2 + 1)
        #expect(rows[2].hasPrefix("| a | 40x35 | 10 | 9 | 0.900 |"))
        #expect(rows.last!.hasPrefix("| **total** | 2 images | 11 | 9 (81.8%) |"))
        #expect(rows.last!.hasSuffix("| 20 |"))
    }

    @Test(arguments: [
        (0.0, 2, "0.00"), (1.005, 1, "1.0"), (0.125, 2, "0.13"), (-2.5, 0, "-3"),
        (99.96, 1, "100.0"), (0.001, 3, "0.001"), (.nan, 2, "–")
    ])
    func fixedFormatting(value: Double, decimals: Int, text: String) {
        #expect(EvalReport.fixed(value, decimals) == text)
    }
}
