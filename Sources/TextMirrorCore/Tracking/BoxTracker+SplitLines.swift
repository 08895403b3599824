/// Lines the detector found in pieces.
///
/// PP-OCR's detector sometimes splits a line at a word gap ("Private | Hire" on a real sign),
/// more often the larger the text is in its input: at `detection-size=960` the photo pan of
/// textmirror-motion-bench had that line in two or three pieces in one detection of five.
/// Mirrored one by one, pieces reverse their words in place but not the line, and pieces that
/// overlap (boxes grown past the ink) reverse the overlap twice and show letters doubled (its
/// "overlaps" column). Pieces of one line are one line: they are joined before they are
/// matched with tracks, and the whole line is mirrored, as a person reads it.
extension BoxTracker {
    /// Two pieces of one line are at most this far apart along it, as a fraction of the higher
    /// one's height. A word space is 0.2-0.5 of a line's height (0.44 in "Private Hire"), a
    /// monospaced font's 0.7 ("Bus stop | 42" of textmirror-motion-bench's scene, in pieces on
    /// one detection in two); the gutter between two columns is a line height or more, and
    /// columns stay apart. The higher piece's height, not the lower's: a piece of digits or
    /// capitals alone ("42") lacks the line's ascenders and descenders, and is up to a fifth
    /// lower than the line.
    static let maxWordGap = 0.75

    /// `boxes` with each set of pieces of one line joined into one box. Two boxes are pieces of
    /// one line when they run the same way (within `levelWithin` degrees), are about as high
    /// (within 30%), sit on one baseline (centres within a quarter of the lower height across
    /// the line) and overlap along it or leave at most a word space between them
    /// (`maxWordGap`). Phrases the fit parted (`TextBox.isPhrase`) are not pieces of one line.
    static func joiningSplitLines(_ boxes: [TextBox], levelWithin: Double) -> [TextBox] {
        var joined = boxes
        var merged = true
        while merged {
            merged = false
            search: for i in joined.indices {
                for j in joined.indices where j > i {
                    if let line = Self.join(joined[i], joined[j], levelWithin: levelWithin) {
                        joined[i] = line
                        joined.remove(at: j)
                        merged = true
                        break search
                    }
                }
            }
        }
        return joined
    }

    /// One box for two pieces of a line, or nil when they are not (see `joiningSplitLines`).
    static func join(_ a: TextBox, _ b: TextBox, levelWithin: Double) -> TextBox? {
        guard !(a.isPhrase && b.isPhrase) else { return nil }
        let first = a.box, second = BoxSmoothing.sameRectangle(b.box, nearestAngleTo: a.box.angle)
        guard abs(second.angle - first.angle) <= levelWithin,
            first.width >= first.height, second.width >= second.height,
            min(first.height, second.height) >= 0.7 * max(first.height, second.height)
        else { return nil }
        // Readings that disagree on the way the text reads are of different text.
        if let p = a.reading, let q = b.reading, p.mirrored != q.mirrored || p.turnedHalf != q.turnedHalf { return nil }
        let (along, across) = first.axes
        let c1 = first.center, c2 = second.center
        // Positions along and across the line.
        let s1: Double = (c1 * along).sum(), s2: Double = (c2 * along).sum()
        let t1: Double = (c1 * across).sum(), t2: Double = (c2 * across).sum()
        let w1 = first.width / 2, w2 = second.width / 2, h1 = first.height / 2, h2 = second.height / 2
        let wordSpace = Self.maxWordGap * 2 * max(h1, h2)
        guard abs(t2 - t1) <= 0.5 * min(h1, h2), abs(s2 - s1) <= w1 + w2 + wordSpace else { return nil }
        let start = min(s1 - w1, s2 - w2), end = max(s1 + w1, s2 + w2)
        let top = min(t1 - h1, t2 - h2), bottom = max(t1 + h1, t2 + h2)
        let centre: SIMD2<Double> = along * ((start + end) / 2) + across * ((top + bottom) / 2)
        let box = PixelBox(
            centerX: centre.x, centerY: centre.y, width: end - start, height: bottom - top, angle: first.angle)
        // The reading in reading order: along the line, or against it for text that reads
        // against its box.
        var reading: TextReading?
        if let p = a.reading, let q = b.reading {
            let (left, right) = (s1 <= s2) != p.readsAgainstBox ? (p, q) : (q, p)
            reading = TextReading(
                text: [left.text, right.text].filter { !$0.isEmpty }.joined(separator: " "),
                score: min(p.score, q.score), mirrored: p.mirrored, turnedHalf: p.turnedHalf)
        } else {
            reading = a.reading ?? b.reading
        }
        return TextBox(box: box, score: max(a.score, b.score), fitted: a.fitted && b.fitted, reading: reading)
    }
}
