import Testing
import TextMirrorCore

@Suite struct TextReadingTests {
    @Test(arguments: [
        // Lines of several characters count from the minimum mean score on.
        ("Car Parks", TextReading.minimumScore, true),
        ("Car Parks", TextReading.minimumScore - 0.01, false),
        // A lone character needs the higher score: a ring of water read as "0" at 0.60.
        ("0", 0.60, false),
        ("3", TextReading.minimumLoneScore, true),
        (" 3 ", TextReading.minimumLoneScore - 0.01, false),
        // Nothing but spaces is nothing.
        ("  ", 0.99, false),
        ("", 0, false)
    ])
    func foundTextNeedsMoreCertaintyFromFewerCharacters(_ text: String, _ score: Double, _ found: Bool) {
        #expect(TextReading(text: text, score: score, mirrored: false).foundText == found)
    }
}
