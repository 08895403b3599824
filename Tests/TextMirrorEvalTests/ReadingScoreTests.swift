import Testing
@testable import TextMirrorEvalCore

@Suite("ReadingScore: exact lines and character accuracy")
struct ReadingScoreTests {
    @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
        #expect(ReadingScore.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(ReadingScore.editDistance(Array(""), Array("abc")) == 3)
        #expect(ReadingScore.editDistance(Array("Straße"), Array("Strasse")) == 2)
    }

    @Test func poolsLinesAndCharactersWithSpacesCollapsed() {
        var score = ImageScore(name: "a", ground: [], boxes: [], changed: PixelMask(width: 1, height: 1))
        score.legible = [
            .init(transcription: "Car  Parks", coverage: 1, pixels: 10, read: " Car Parks"),
            .init(transcription: "Exit", coverage: 1, pixels: 10, read: "Ekit"),
            .init(transcription: "Lift", coverage: 0, pixels: 10, read: nil),
        ]
        let reading = ReadingScore([score])
        #expect(reading.lines == 3 && reading.exact == 1 && reading.exactButSpaces == 1)
        #expect(reading.characters == 17 && reading.edits == 5)
        #expect(abs(reading.characterAccuracy - (1 - 5.0 / 17)) < 1e-12)
    }
}
