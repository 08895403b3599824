import Testing
@testable import TextMirrorEvalCore

@Suite("ReadBackScore: mirrored lines read back whole")
struct ReadBackScoreTests {
    /// One 40x10 line "Exit" at the left of a 100x20 picture.
    let ground = [
        GroundTruthLine(
            polygon: [EvalPoint(0, 0), EvalPoint(40, 0), EvalPoint(40, 10), EvalPoint(0, 10)], transcription: "Exit")
    ]

    func score(_ boxes: [RotatedBox]) -> ImageScore {
        ImageScore(name: "p", ground: ground, boxes: boxes, changed: PixelMask(width: 100, height: 20))
    }

    func box(x: Double, width: Double, text: String, mirrored: Bool) -> RotatedBox {
        RotatedBox(centerX: x + width / 2, centerY: 5, width: width, height: 10, angle: 0, text: text)
            .with(mirrored: mirrored)
    }

    @Test func aLineReadBackTurnedIsWhole() {
        let first = score([box(x: 0, width: 40, text: "Exit", mirrored: false)])
        let second = score([box(x: 0, width: 40, text: "Exit", mirrored: true)])
        let back = ReadBackScore(first: [first], second: [second])
        #expect(back.judged == 1 && back.whole == 1 && back.failures.isEmpty)
    }

    @Test func aWordLeftUnmirroredOnTheLineReadsExtra() {
        let first = score([box(x: 0, width: 40, text: "Exit", mirrored: false)])
        // The mirrored part, and a word of the line that stayed as it was, in its own box.
        let second = score([
            box(x: 10, width: 30, text: "Exit", mirrored: true), box(x: 0, width: 9, text: "the", mirrored: false)
        ])
        let back = ReadBackScore(first: [first], second: [second])
        #expect(back.judged == 1 && back.whole == 0)
        #expect(back.failures.map(\.readsExtra) == [true])
    }

    @Test func aCutLetterFailsWithoutReadingExtra() {
        let first = score([box(x: 0, width: 40, text: "Exit", mirrored: false)])
        let second = score([box(x: 0, width: 40, text: "Exi", mirrored: true)])
        let back = ReadBackScore(first: [first], second: [second])
        #expect(back.whole == 0 && back.failures.map(\.readsExtra) == [false])
    }

    @Test func linesMisreadInTheInputAreNotJudged() {
        let first = score([box(x: 0, width: 40, text: "Ekit", mirrored: false)])
        let second = score([box(x: 0, width: 40, text: "Ekit", mirrored: true)])
        #expect(ReadBackScore(first: [first], second: [second]).judged == 0)
    }

    @Test func aNeighbourTouchingTheLineIsNotReadWithIt() {
        let first = score([box(x: 0, width: 40, text: "Exit", mirrored: false)])
        // A box mostly beside the line, overlapping it by 5 of its 45 pixels wide.
        let second = score([
            box(x: 0, width: 40, text: "Exit", mirrored: true), box(x: 35, width: 45, text: "Lift", mirrored: false)
        ])
        #expect(ReadBackScore(first: [first], second: [second]).whole == 1)
    }
}

extension RotatedBox {
    fileprivate func with(mirrored: Bool) -> RotatedBox {
        var box = self
        box.mirrored = mirrored
        return box
    }
}
