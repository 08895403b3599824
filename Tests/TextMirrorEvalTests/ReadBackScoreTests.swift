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

    /// "the" and "copy centre" on one baseline of a 100x20 picture, each its own line.
    let phrases = [
        GroundTruthLine(
            polygon: [EvalPoint(0, 0), EvalPoint(20, 0), EvalPoint(20, 10), EvalPoint(0, 10)], transcription: "the"),
        GroundTruthLine(
            polygon: [EvalPoint(30, 0), EvalPoint(90, 0), EvalPoint(90, 10), EvalPoint(30, 10)],
            transcription: "copy centre")
    ]

    func phrasesReadBack(asOneBox text: String) -> ReadBackScore {
        func score(_ boxes: [RotatedBox]) -> ImageScore {
            ImageScore(name: "p", ground: phrases, boxes: boxes, changed: PixelMask(width: 100, height: 20))
        }
        let first = score([
            box(x: 0, width: 20, text: "the", mirrored: false),
            box(x: 30, width: 60, text: "copy centre", mirrored: false)
        ])
        // The output read again as one box over both lines.
        return ReadBackScore(first: [first], second: [score([box(x: 0, width: 90, text: text, mirrored: true)])])
    }

    @Test func phrasesEachMirroredInPlaceReadBackWholeAsOneBox() {
        // Turned back, a box over two phrases mirrored in place reads the later one first.
        let back = phrasesReadBack(asOneBox: "copy centre the")
        #expect(back.judged == 2 && back.whole == 2)
    }

    @Test func phrasesMirroredAsOneLineDoNotReadBackWhole() {
        // Mirrored as one line, the phrases swap places: turned back, they read in their own order.
        let back = phrasesReadBack(asOneBox: "the copy centre")
        #expect(back.judged == 2 && back.whole == 0)
        #expect(back.failures.map(\.readsExtra) == [false, false])
    }

    @Test func aNeighbourMisreadSpoilsOnlyItsOwnReading() {
        let back = phrasesReadBack(asOneBox: "copy centre th")
        #expect(back.whole == 1 && back.failures.map(\.transcription) == ["the"])
        // Something else entirely where the neighbour should read: not this line's neighbour.
        #expect(phrasesReadBack(asOneBox: "copy centre xyzzy").whole == 0)
    }

    @Test func aLineBelowInTheCropIsNotReadWithIt() {
        // "Exit" with "Lift" right below it: the crop's margin reaches into "Lift", but the
        // reader reads along "Exit" only, so a letter more is something extra.
        let stacked =
            ground + [
                GroundTruthLine(
                    polygon: [EvalPoint(0, 10), EvalPoint(40, 10), EvalPoint(40, 18), EvalPoint(0, 18)],
                    transcription: "Lift")
            ]
        func score(_ boxes: [RotatedBox]) -> ImageScore {
            ImageScore(name: "p", ground: stacked, boxes: boxes, changed: PixelMask(width: 100, height: 20))
        }
        let first = score([box(x: 0, width: 40, text: "Exit", mirrored: false)])
        #expect(first.legible[0].sharingTheBox == ImageScore.LinesAround())
        let second = score([box(x: 0, width: 40, text: "Exitd", mirrored: true)])
        let back = ReadBackScore(first: [first], second: [second])
        #expect(back.whole == 0 && back.failures.map(\.readsExtra) == [true])
    }
}

extension RotatedBox {
    fileprivate func with(mirrored: Bool) -> RotatedBox {
        var box = self
        box.mirrored = mirrored
        return box
    }
}
