/// Phrases that share a baseline but not a line.
///
/// Why: a label prints "Peso Netto 250 g ℮" and "NET WT 8.8 OZ" on one baseline a letter and
/// a half apart, and the detector boxes them as one line. Mirrored as one, the two phrases
/// swap places; mirrored apart, each reads back in its own place. A gap is taken for the
/// space between two phrases when it is wider than a letter is high and several times the
/// line's own word spaces: a justified line's spaces are all wide alike and stay one line
/// (cut in pieces, its words would be reversed piece by piece, not as a line).
extension InkRefinement {
    /// `box`, a line fitted to its ink, cut at each space between phrases (see above) into
    /// the phrases on either side, each ending at the space with the fit's rim;
    /// `[box]` when it has no such space or its ink cannot be told.
    func phrases(of box: PixelBox, in frame: FrameBuffer, format: PixelFormat) -> [PixelBox] {
        let pieces: [PixelBox]? = upright(box, reach: AtEnds(both: 0), in: frame, format: format) {
            picture, format, level, placement in
            guard let line = lineColumns(of: level, in: picture, format: format) else { return nil }
            let runs = phraseRuns(line.inky, letterGap: line.letterGap, letterHeight: line.letterHeight)
            guard runs.count > 1 else { return nil }
            let rim = max(minMargin, margin * line.height), offset = line.offset
            return runs.enumerated().map { k, run in
                var piece = level
                // Step column i lies between pixels i and i + 1: a run of step columns a...b spans
                // pixels a ... b + 1. The line's own ends stay where its fit placed them, to a
                // fraction of a pixel (`lineEnds`); only the ends at the spaces are new.
                let left = k == 0 ? level.centerX - level.width / 2 : offset + Double(run.lowerBound) - rim
                let right =
                    k == runs.count - 1 ? level.centerX + level.width / 2 : offset + Double(run.upperBound + 1) + rim
                piece.centerX = (left + right) / 2
                piece.width = right - left
                return placement.frameBox(piece)
            }
        }
        return pieces ?? [box]
    }

    /// The stretches of `inky` (one flag per column) between spaces that part phrases, each
    /// from its first inky column to its last; empty without ink. Gaps wider than `letterGap`
    /// columns are spaces; one parts phrases when it is wider than `minPhraseGap` letter
    /// heights and `minPhraseSpaceRatio` times the median of the line's other spaces (or, with
    /// no other space to compare, than `maxWordGap` letter heights), and every phrase is at
    /// least `minPhraseLength` letter heights long.
    func phraseRuns(_ inky: [Bool], letterGap: Int, letterHeight: Int) -> [ClosedRange<Int>] {
        let pieces = Self.inkRuns(inky)
        let gaps = zip(pieces, pieces.dropFirst()).map { $1.lowerBound - $0.upperBound - 1 }
        let spaces = gaps.filter { $0 > letterGap }.sorted()
        func parts(_ gap: Int) -> Bool {
            guard gap > letterGap, Double(gap) > minPhraseGap * Double(letterHeight) else { return false }
            var others = spaces
            if let own = others.firstIndex(of: gap) { others.remove(at: own) }
            guard !others.isEmpty else { return Double(gap) > maxWordGap * Double(letterHeight) }
            return Double(gap) >= minPhraseSpaceRatio * Double(others[others.count / 2])
        }
        var runs: [ClosedRange<Int>] = []
        for (k, piece) in pieces.enumerated() {
            if let last = runs.last, k > 0, !parts(gaps[k - 1]) {
                runs[runs.count - 1] = last.lowerBound...piece.upperBound
            } else {
                runs.append(piece)
            }
        }
        // A phrase holds a few letters at least: a mark or a single glyph beyond a wide space
        // is not one, and read alone it may pass for text where the whole box did not (a
        // textless wallpaper's "16" in the real-photo set).
        guard let first = runs.first, let last = runs.last else { return [] }
        guard runs.allSatisfy({ Double($0.count) >= minPhraseLength * Double(letterHeight) }) else {
            return [first.lowerBound...last.upperBound]
        }
        return runs
    }
}
