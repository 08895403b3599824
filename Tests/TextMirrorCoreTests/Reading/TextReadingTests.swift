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
        // Nothing but spaces is nothing.
        ("  ", 0.99, false),
        ("", 0, false)
    ])
    func foundTextNeedsMoreCertaintyFromFewerCharacters(_ text: String, _ score: Double, _ found: Bool) {
        #expect(TextReading(text: text, score: score, mirrored: false).foundText == found)
    }
}
