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
            RecognizedSteps(
                classes: [1, 1, 0, 1, 2, 2, 0, 0, 3],
                probabilities: [0.9, 0.1, 0.5, 0.7, 0.8, 0.2, 0.5, 0.5, 0.6]))
        #expect(text == "aabé")
        // The probability of each character's first step: 0.9, 0.7, 0.8, 0.6.
        #expect(abs(score - 0.75) < 1e-6)
    }

    @Test func keepsInnerSpacesAndTrimsOuterOnes() {
        let (text, score) = decoder.decode(
            RecognizedSteps(classes: [4, 1, 4, 2, 4], probabilities: [0.1, 1, 1, 1, 0.1]))
        #expect(text == "a b")
        #expect(abs(score - 1) < 1e-6)
    }

    @Test func aSpaceIsReadWhereTheStepsBetweenTwoCharactersGiveItAShare() {
        let threshold = CTCDecoder.spaceThreshold
        // a _ _ b _ a: the space's share of the blanks between "a" and "b" decides; the steps
        // of the characters themselves (and a repeat of one) do not count.
        func read(_ spaces: [Float]) -> (text: String, score: Double) {
            decoder.decode(
                RecognizedSteps(
                    classes: [1, 0, 0, 2, 2, 0, 1], probabilities: [0.9, 1, 1, 0.7, 0.7, 1, 0.8],
                    spaceProbabilities: spaces))
        }
        let low = threshold / 2
        #expect(read([0.9, low, low, 0.9, 0.9, low, 0.9]).text == "aba")
        let between = read([0, low, threshold, 0, 0, 0, 0])
        #expect(between.text == "a ba")
        // The space the network did not choose adds nothing to the score: mean of 0.9, 0.7, 0.8.
        #expect(abs(between.score - 0.8) < 1e-6)
        #expect(read([0, 0, 0, 0, 0, threshold, 0]).text == "ab a")
        // Not at either end, and not beside a space the network chose.
        #expect(
            decoder.decode(
                RecognizedSteps(
                    classes: [0, 1, 0, 4, 0, 2, 0], probabilities: [1, 1, 1, 1, 1, 1, 1],
                    spaceProbabilities: [1, 0, 1, 1, 1, 0, 1])
            ).text == "a b")
    }

    @Test func noSpaceIsAddedBeforeClosingPunctuation() {
        // Classes: 1 "e", 2 ".", 3 "?", 4 "x", 5 space.
        let punctuated = try! CTCDecoder(characterList: "e\n.\n?\nx\n")
        func read(_ classes: [Int32]) -> String {
            punctuated.decode(
                RecognizedSteps(
                    classes: classes, probabilities: classes.map { _ in 1 },
                    spaceProbabilities: classes.map { $0 == 0 ? 0.5 : 0 })
            ).text
        }
        // The blank steps give the space a share everywhere: it is read before a letter only.
        #expect(read([1, 0, 2, 0, 4]) == "e. x")
        #expect(read([1, 0, 3]) == "e?")
        // A space the network chose itself stays.
        #expect(read([1, 5, 2]) == "e .")
    }

    @Test func fullWidthPunctuationAfterLatinIsReadAsASCII() {
        // Classes: 1 "b", 2 "？", 3 "中", 4 "：".
        let mixed = try! CTCDecoder(characterList: "b\n？\n中\n：\n")
        func read(_ classes: [Int32]) -> String {
            mixed.decode(RecognizedSteps(classes: classes, probabilities: classes.map { _ in 1 })).text
        }
        #expect(read([1, 0, 2]) == "b?")
        #expect(read([3, 0, 4]) == "中：")
        #expect(read([2, 0, 1]) == "？b")
    }

    @Test func nothingReadScoresZero() {
        #expect(decoder.decode(RecognizedSteps(classes: [0, 0, 4, 0], probabilities: [1, 1, 1, 1])) == ("", 0))
        #expect(decoder.decode(RecognizedSteps(classes: [], probabilities: [])) == ("", 0))
    }

    @Test func classesOutOfRangeAreBlanks() {
        #expect(decoder.decode(RecognizedSteps(classes: [-3, 1, 99, 2], probabilities: [1, 0.5, 1, 0.5])).text == "ab")
    }

    /// Where the text lies: from the first character's step to the last's, spaces, blanks
    /// and classes out of range not counted.
    @Test func characterStepsSpanTheCharactersRead() {
        func steps(_ classes: [Int32]) -> ClosedRange<Int>? {
            decoder.characterSteps(RecognizedSteps(classes: classes, probabilities: classes.map { _ in 1 }))
        }
        let space = Int32(decoder.characters.count + 1)
        #expect(steps([0, space, 1, 1, 0, space, 2, 0, 99, space]) == 2...6)
        #expect(steps([0, 0, 3, 0]) == 2...2)
        #expect(steps([0, space, 0, 99]) == nil)
        #expect(steps([]) == nil)
    }

    @Test func refusesBadLists() {
        #expect(throws: CTCDecoder.Failure.self) { try CTCDecoder(characterList: "") }
        #expect(throws: CTCDecoder.Failure.self) { try CTCDecoder(characterList: "a\n\nb\n") }
    }
}
