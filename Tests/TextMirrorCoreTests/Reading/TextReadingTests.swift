import Testing
import TextMirrorCore

@Suite struct TextReadingTests {
    @Test(arguments: [
        // Lines of several characters count from the minimum mean score on.
        ("Car Parks", TextReading.minimumScore, true),
        ("Car Parks", TextReading.minimumScore - 0.01, false),
        // Two or three characters need more: a dog's fur read as "1o" at 0.54.
        ("1o", 0.54, false),
        ("the", TextReading.minimumShortScore, true),
        ("1 3", TextReading.minimumShortScore - 0.01, false),
        ("Exit", TextReading.minimumScore, true),
        // A lone character needs more still.
        ("3", TextReading.minimumLoneScore, true),
        (" 3 ", TextReading.minimumLoneScore - 0.01, false),
        // A lone round glyph is never enough: a cup's rim read as "0" at 0.89.
        ("0", 0.89, false),
        ("O", 0.99, false),
        ("о", 0.99, false),  // Cyrillic
        ("00", 0.99, true),
        // Nor a lone mark that is no letter or digit: a stroke in clutter read as "_" at 0.93.
        ("_", 0.93, false),
        ("-", 0.99, false),
        ("B", TextReading.minimumLoneScore, true),
        ("定", 0.99, true),
        // Nothing but spaces is nothing.
        ("  ", 0.99, false),
        ("", 0, false)
    ])
    func foundTextNeedsMoreCertaintyFromFewerCharacters(_ text: String, _ score: Double, _ found: Bool) {
        #expect(TextReading(text: text, score: score, mirrored: false).foundText == found)
    }

    /// One to three characters over more than a quarter of the frame are not text: a coffee
    /// cup that filled the picture read as "8" at 0.97, and on a CPU with bf16 as "18" at 0.87.
    @Test(arguments: ["8", "18", "1 8", "A18"])
    func aShortReadingFillingTheFrameIsNoText(_ text: String) {
        let reading = TextReading(text: text, score: 0.97, mirrored: false)
        let frame = 600.0 * 400
        #expect(reading.foundText(boxArea: 80 * 100, frameArea: frame))
        #expect(!reading.foundText(boxArea: 539 * 400, frameArea: frame))
    }

    /// Four characters and more count however large: a close-up of a word.
    @Test func aWordFillingTheFrameIsText() {
        let frame = 600.0 * 400
        #expect(TextReading(text: "Café", score: 0.97, mirrored: false).foundText(boxArea: 539 * 400, frameArea: frame))
    }
}
