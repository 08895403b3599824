/// Whether a mirrored line came out whole: the mirrored output is run through the element
/// again, and a line counts as whole when what is read there, turned back, is its
/// transcription with nothing extra. A word left out of its line (a ghost: the unmirrored word
/// beside its mirrored line), a cut letter or a band across the letters changes that reading.
///
/// Only lines the element mirrored and read exactly in the input are judged: for the others,
/// the reader's own mistakes would be counted as the mirror's.
public struct ReadBackScore: Equatable, Sendable {
    /// A judged line that did not read back whole.
    public struct Failure: Equatable, Sendable {
        public var picture: String
        public var transcription: String
        /// The readings on the line in the output, most covering first; "(turned)" marks those
        /// that read mirror-reversed.
        public var readBack: [ImageScore.Reading]
        /// Other lines inside the box read over this one: their letters are not extra.
        public var sharingTheBox = ImageScore.LinesAround()

        /// More was read on the line than it holds, or some of it reads the right way round: a
        /// word left unmirrored beside the line, or a neighbour mirrored into it. (The other
        /// failures are letters lost or read differently: a cut letter, a band, or the reader
        /// reading a slightly different crop differently.)
        public var readsExtra: Bool {
            func letters(_ text: String) -> Int { text.count { !$0.isWhitespace } }
            let read = readBack.reduce(0) { $0 + letters($1.text) }
            let held = (sharingTheBox.before + [transcription] + sharingTheBox.after).reduce(0) { $0 + letters($1) }
            return read > held || readBack.contains { !$0.mirrored }
        }
    }

    /// Lines mirrored and read exactly in the input.
    public var judged: Int
    /// Of those, lines whose output reads back as their transcription, turned, with no other
    /// reading on them that is not turned.
    public var whole: Int
    public var failures: [Failure]

    /// `first`: the scores of the element's run on the pictures; `second`: of its run on the
    /// first run's output pictures, against the same ground truth in the same order.
    public init(first: [ImageScore], second: [ImageScore], rules: ScoringRules = ScoringRules()) {
        precondition(first.count == second.count, "one read-back score per picture")
        var judged = 0, whole = 0
        var failures: [Failure] = []
        for (input, output) in zip(first, second) {
            precondition(input.legible.count == output.legible.count, "the same ground truth")
            for (line, back) in zip(input.legible, output.legible)
            where line.coverage >= rules.mirroredCoverage && Self.same(line.read, line.transcription) {
                judged += 1
                if Self.isWhole(back) {
                    whole += 1
                } else {
                    failures.append(
                        Failure(
                            picture: input.name, transcription: line.transcription, readBack: back.readings,
                            sharingTheBox: back.sharingTheBox))
                }
            }
        }
        self.judged = judged
        self.whole = whole
        self.failures = failures
    }

    /// The box covering most of the line reads as the transcription, turned, and no other box on
    /// the line reads the right way round (an unmirrored word beside the line). A box read over
    /// neighbouring lines as well (`sharingTheBox`) reads them too: whole when each was
    /// mirrored in place, which turned back reads them in the opposite order.
    static func isWhole(_ line: ImageScore.Line) -> Bool {
        // `read` is the best box's text; `readings` leaves out boxes that were not read.
        guard let read = line.read, let best = line.readings.first, best.text == read, best.mirrored,
            line.readings.dropFirst().allSatisfy(\.mirrored)
        else { return false }
        return same(read, line.transcription) || readsInPlace(read, line.transcription, among: line.sharingTheBox)
    }

    /// `read`, a box's text turned back, is `transcription` with the lines around it each
    /// mirrored in place: those after it first and those before it last, both in reverse order
    /// (a box mirrored as one would read them in their own order). The line's own words must
    /// read exactly; a neighbour's may differ by a third of its letters (the reader misreading
    /// a neighbour is not this line's fault, but a neighbour unmirrored reads as something else
    /// entirely).
    static func readsInPlace(_ read: String, _ transcription: String, among around: ImageScore.LinesAround) -> Bool {
        guard !around.before.isEmpty || !around.after.isEmpty else { return false }
        func words(_ text: String) -> [Substring] { text.split(whereSeparator: \.isWhitespace) }
        let order = around.after.reversed() + [transcription] + around.before.reversed()
        let own = around.after.count
        var readWords = words(read)[...]
        for (index, expected) in order.enumerated() {
            let count = words(expected).count
            guard readWords.count >= count else { return false }
            let segment = readWords.prefix(count).joined(separator: " ")
            readWords = readWords.dropFirst(count)
            if index == own {
                guard same(segment, transcription) else { return false }
            } else {
                let distance = ReadingScore.editDistance(Array(segment), Array(ReadingScore.normalized(expected)))
                guard 3 * distance <= expected.count else { return false }
            }
        }
        return readWords.isEmpty
    }

    static func same(_ read: String?, _ transcription: String) -> Bool {
        ReadingScore.normalized(read ?? "") == ReadingScore.normalized(transcription)
    }
}
