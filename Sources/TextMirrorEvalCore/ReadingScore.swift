/// How well the element read the legible lines: exact lines and character accuracy, pooled over
/// a set. Both compare with spaces collapsed (a run of spaces is one space, none at the ends),
/// since the recognizer's spacing between words is not what is being judged, and case kept.
public struct ReadingScore: Equatable, Sendable {
    /// Legible lines measured (lines no box covers count too: they were not read).
    public var lines: Int
    /// Lines read exactly.
    public var exact: Int
    /// Lines read exactly but for spaces: the recognizer (trained mostly on Chinese, which has
    /// none) often drops the space between two Latin words, which changes nothing of what a
    /// line is or whether it reads normally or mirrored.
    public var exactButSpaces: Int
    /// Characters in the transcriptions, and the edits (insertions, deletions, substitutions)
    /// between them and what was read.
    public var characters: Int
    public var edits: Int

    public init(_ scores: [ImageScore]) {
        var lines = 0, exact = 0, exactButSpaces = 0, characters = 0, edits = 0
        for line in scores.flatMap(\.legible) {
            let truth = Array(Self.normalized(line.transcription))
            let read = Array(Self.normalized(line.read ?? ""))
            lines += 1
            if truth == read { exact += 1 }
            if truth.filter({ $0 != " " }) == read.filter({ $0 != " " }) { exactButSpaces += 1 }
            characters += truth.count
            edits += Self.editDistance(truth, read)
        }
        self.lines = lines
        self.exact = exact
        self.exactButSpaces = exactButSpaces
        self.characters = characters
        self.edits = edits
    }

    public var exactShare: Double { lines == 0 ? .nan : Double(exact) / Double(lines) }
    public var exactButSpacesShare: Double { lines == 0 ? .nan : Double(exactButSpaces) / Double(lines) }
    /// 1 − edits / characters (can go below 0 when much more is read than written).
    public var characterAccuracy: Double { characters == 0 ? .nan : 1 - Double(edits) / Double(characters) }

    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(
                    previous[j] + 1, current[j - 1] + 1,
                    previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
