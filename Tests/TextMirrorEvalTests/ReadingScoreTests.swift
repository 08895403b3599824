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
            .init(transcription: "Lift", coverage: 0, pixels: 10, read: nil)
        ]
        let reading = ReadingScore([score])
        #expect(reading.lines == 3 && reading.exact == 1 && reading.exactButSpaces == 1)
        #expect(reading.characters == 17 && reading.edits == 5)
        #expect(abs(reading.characterAccuracy - (1 - 5.0 / 17)) < 1e-12)
    }
}

@Suite("Ground truth of a mirrored picture")
struct MirroredGroundTruthTests {
    @Test func mirrorsCornersAndKeepsTheText() {
        let line = GroundTruthLine(
            polygon: [EvalPoint(10, 5), EvalPoint(30, 5), EvalPoint(30, 15), EvalPoint(10, 15)],
            transcription: "Exit")
        let mirrored = line.mirrored(width: 100)
        #expect(mirrored.polygon.map(\.x) == [90, 70, 70, 90])
        #expect(mirrored.polygon.map(\.y) == [5, 5, 15, 15])
        #expect(mirrored.transcription == "Exit")
        // A pixel mask of the mirrored polygon is the mirrored mask.
        let a = PixelMask.polygon(line.polygon, width: 100, height: 20)
        let b = PixelMask.polygon(mirrored.polygon, width: 100, height: 20)
        #expect(a.count == b.count)
        #expect(b[99 - 12, 8] && a[12, 8])
    }
}
