import Testing
import TextMirrorCore

@Suite("CTCDecoder: greedy decoding of the recognizer's classes")
struct CTCDecoderTests {
    /// Classes: 0 blank, 1 "a", 2 "b", 3 "é", 4 space.
    let decoder = try! CTCDecoder(characterList: "a\nb\né\n")

    @Test func countsTheBlankAndTheSpace() {
        #expect(decoder.characters == ["a", "b", "é"])
        #expect(decoder.classCount == 5)
    }

    @Test func mergesRepeatsAndDropsBlanks() {
        // a a _ a b b _ _ é  ->  "aabé": a blank between two a's keeps both.
        let (text, score) = decoder.decode(
            classes: [1, 1, 0, 1, 2, 2, 0, 0, 3],
            probabilities: [0.9, 0.1, 0.5, 0.7, 0.8, 0.2, 0.5, 0.5, 0.6])
        #expect(text == "aabé")
        // The probability of each character's first step: 0.9, 0.7, 0.8, 0.6.
        #expect(abs(score - 0.75) < 1e-6)
    }

    @Test func keepsInnerSpacesAndTrimsOuterOnes() {
        let (text, score) = decoder.decode(classes: [4, 1, 4, 2, 4], probabilities: [0.1, 1, 1, 1, 0.1])
        #expect(text == "a b")
        #expect(abs(score - 1) < 1e-6)
    }

    @Test func nothingReadScoresZero() {
        #expect(decoder.decode(classes: [0, 0, 4, 0], probabilities: [1, 1, 1, 1]) == ("", 0))
        #expect(decoder.decode(classes: [], probabilities: []) == ("", 0))
    }

    @Test func classesOutOfRangeAreBlanks() {
        #expect(decoder.decode(classes: [-3, 1, 99, 2], probabilities: [1, 0.5, 1, 0.5]).text == "ab")
    }

    @Test func refusesBadLists() {
        #expect(throws: CTCDecoder.Failure.self) { try CTCDecoder(characterList: "") }
        #expect(throws: CTCDecoder.Failure.self) { try CTCDecoder(characterList: "a\n\nb\n") }
    }
}
