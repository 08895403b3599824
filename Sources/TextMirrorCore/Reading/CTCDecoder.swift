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

    /// The text and its mean character probability (0 for no text). Classes out of range are
    /// taken as blanks; spaces at either end (the crop's margins) are dropped.
    public func decode(classes: [Int32], probabilities: [Float]) -> (text: String, score: Double) {
        var read: [(character: String, probability: Double)] = []
        var previous: Int32 = 0
        for (step, best) in classes.enumerated() {
            defer { previous = best }
            guard best > 0, best != previous, Int(best) <= characters.count + 1 else { continue }
            let character = Int(best) == characters.count + 1 ? " " : characters[Int(best) - 1]
            read.append((character, Double(step < probabilities.count ? probabilities[step] : 0)))
        }
        while read.first?.character == " " { read.removeFirst() }
        while read.last?.character == " " { read.removeLast() }
        let score = read.isEmpty ? 0 : read.map(\.probability).reduce(0, +) / Double(read.count)
        return (read.map(\.character).joined(), score)
    }
}
