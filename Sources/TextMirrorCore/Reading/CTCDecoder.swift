/// Greedy CTC decoding of the PP-OCR recognizer's output: the best class of each output step,
/// repeats merged, blanks dropped.
///
/// Classes: 0 is the CTC blank, 1...n the model's character list in order, n + 1 the space
/// (PP-OCR appends it to the list when it trains with spaces, as PP-OCRv4 does).
public struct CTCDecoder: Sendable, Equatable {
    public let characters: [String]

    /// `characterList`: one character a line, as scripts/fetch-model.sh writes it from the
    /// model's metadata. A trailing empty line is ignored; other empty lines are refused.
    public init(characterList: String) throws(Failure) {
        var lines = characterList.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard !lines.isEmpty else { throw Failure(description: "the character list is empty") }
        if let bad = lines.firstIndex(where: { $0.isEmpty }) {
            throw Failure(description: "the character list has an empty line \(bad + 1)")
        }
        characters = lines
    }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Classes the network must output for this list: blank, the characters, the space.
    public var classCount: Int { characters.count + 2 }

    /// Probability of the space at a step between two characters from which they are read as
    /// two words. The network rarely lets the space win a step (greedy decoding then drops
    /// almost every space after a full stop or comma, and many between words), but gives it a
    /// share of the blank steps between words. Lower thresholds begin to put spaces inside
    /// words and before full stops. Measured by the lines read exactly in
    /// `textmirror-eval out/eval-set` (docs/QUALITY.md); the sweep is in git history.
    public static let spaceThreshold: Float = 0.02

    /// Punctuation that follows its word without a space, in Latin text: a space read from the
    /// steps before it is dropped ("made . Came" for "made. Came"; on the generated set, 6 more
    /// of 493 lines read exactly). A space the network chose itself stays.
    static let closesClause: Set<String> = [".", ",", ";", ":", "!", "?"]

    /// `character` as the ASCII character it is the full-width form of (U+FF01-FF5E) when it
    /// follows an ASCII character, else as it is. The list has both forms, from Chinese text
    /// where the full-width ones belong, and the network picks either for the same glyph in a
    /// Latin line ("by？" for "by?").
    static func halfWidth(_ character: String, after previous: String?) -> String {
        guard let previous, previous.unicodeScalars.allSatisfy(\.isASCII),
            character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
            (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0)
        else { return character }
        return String(Character(ascii))
    }

    /// The steps from the first character's to the last character's (spaces not counted):
    /// where the text lies in the crop, a step being the crop's width over the step count.
    /// Nil when no character was read.
    public func characterSteps(_ steps: RecognizedSteps) -> ClosedRange<Int>? {
        func isCharacter(_ best: Int32) -> Bool { best > 0 && Int(best) <= characters.count }
        guard let first = steps.classes.firstIndex(where: isCharacter),
            let last = steps.classes.lastIndex(where: isCharacter)
        else { return nil }
        return first...last
    }

    /// The text and its mean character probability (0 for no text). Classes out of range are
    /// taken as blanks; spaces at either end (the crop's margins) are dropped. A space is read
    /// between two characters where the steps between them give it at least `spaceThreshold`
    /// (`steps.spaceProbabilities`), but not before closing punctuation (`closesClause`), as
    /// well as where it wins a step. Full-width punctuation in Latin text is read as ASCII
    /// (`halfWidth`).
    public func decode(_ steps: RecognizedSteps) -> (text: String, score: Double) {
        var read: [(character: String, probability: Double)] = []
        var previous: Int32 = 0
        // Highest space probability since the last character.
        var spaceSince: Float = 0
        for (step, best) in steps.classes.enumerated() {
            defer { previous = best }
            guard best > 0, Int(best) <= characters.count + 1 else {
                // A blank step (or one out of range, taken as blank).
                if step < steps.spaceProbabilities.count {
                    spaceSince = max(spaceSince, steps.spaceProbabilities[step])
                }
                continue
            }
            guard best != previous else { continue }  // the same character, repeated
            let character =
                Int(best) == characters.count + 1
                ? " " : Self.halfWidth(characters[Int(best) - 1], after: read.last { $0.character != " " }?.character)
            if character != " ", !Self.closesClause.contains(character), spaceSince >= Self.spaceThreshold,
                let last = read.last, last.character != " "
            {
                // Not counted in the score: the network did not choose it.
                read.append((" ", .nan))
            }
            spaceSince = 0
            read.append((character, Double(step < steps.probabilities.count ? steps.probabilities[step] : 0)))
        }
        while read.first?.character == " " { read.removeFirst() }
        while read.last?.character == " " { read.removeLast() }
        let chosen = read.map(\.probability).filter { !$0.isNaN }
        let score = chosen.isEmpty ? 0 : chosen.reduce(0, +) / Double(chosen.count)
        return (read.map(\.character).joined(), score)
    }
}
