/// A line ends where its text ends: ink beyond the characters the reader read is something
/// printed beside the line.
///
/// Why: a direction sign prints an arrow after "Sports Centre" as tall as the letters and a
/// letter's gap after them, so the fit's own tests (`lineEnds`) take it for a letter, and the
/// arrow was mirrored into the line, to its other end. The reader reads "Sports Centre" and
/// nothing in the arrow: its characters end before the arrow begins.
extension InkRefinement {
    /// A line fitted to its ink and read, without what is printed beside it at either end:
    /// `line`, and each end's cut-off part, if any.
    struct TextEnds {
        var line: PixelBox
        var cutOff: [PixelBox]
    }

    /// `box`, a line fitted to its ink and read, without the pieces of ink at either end that
    /// lie beyond its outer characters' middles (`characters`: `TextReading.characterSpan`,
    /// along `box`), when they reach at least a letter's height along it (a full stop, a
    /// quote, a letter's stroke stays). Nil when there are none or the line's ink cannot be
    /// told.
    ///
    /// A recognizer step is a fifth of a line height and more, and where a character lies in
    /// its steps is known only so far, so such a cut may still cut a letter: the caller reads
    /// both parts before taking it (`InkFitting.endingAtText`).
    func endingAtText(
        _ box: PixelBox, characters: ClosedRange<Double>, in frame: FrameBuffer, format: PixelFormat
    ) -> TextEnds? {
        upright(box, reach: AtEnds(both: 0), in: frame, format: format) { picture, format, level, placement in
            guard let line = lineColumns(of: level, in: picture, format: format) else { return nil }
            // The picture's x runs along `box` or, for a level box at 180°, against it.
            let sign: Double = (box.axes.along * placement.u).sum() >= 0 ? 1 : -1
            let ends = [characters.lowerBound, characters.upperBound].map { level.centerX + sign * $0 - line.offset }
            let runs = line.letterPieces
            let keep = runs.filter { Double($0.upperBound + 1) > ends.min()! && Double($0.lowerBound) < ends.max()! }
            guard let first = keep.first, let last = keep.last else { return nil }
            let start = level.centerX - level.width / 2, end = level.centerX + level.width / 2
            let minCut = Double(line.letterHeight)
            // Each cut lies in the middle of the gap it is made in (step column i lies between
            // pixels `offset + i` and the next).
            let before = runs.last { $0.upperBound < first.lowerBound }, after = runs.first { $0.lowerBound > last.upperBound }
            func part(_ a: Double, _ b: Double, of rows: PixelBox = level) -> PixelBox {
                var part = rows
                part.centerX = (a + b) / 2
                part.width = b - a
                return placement.frameBox(part)
            }
            var cuts: [PixelBox] = []
            var lineStart = start, lineEnd = end
            if let before, Double(before.upperBound + 1 - runs[0].lowerBound) >= minCut {
                lineStart = line.offset + Double(before.upperBound + first.lowerBound) / 2 + 1
                cuts.append(part(start, lineStart))
            }
            if let after, Double(runs[runs.count - 1].upperBound + 1 - after.lowerBound) >= minCut {
                lineEnd = line.offset + Double(last.upperBound + after.lowerBound) / 2 + 1
                cuts.append(part(lineEnd, end))
            }
            guard !cuts.isEmpty else { return nil }
            // What was cut off (an arrow taller than the letters, 15-20 px above "Sports
            // Centre") had added rows of its own: the rows again over what is kept. Only ever
            // fewer: a cut takes rows away.
            var kept = part(lineStart, lineEnd)
            let keptColumns = Int((lineStart - line.offset).rounded(.up))..<Int((lineEnd - line.offset).rounded(.down))
            if let (rows, top) = line.rowsOver(keptColumns) {
                let refitted = fitted(level, to: rows, windowTop: top)
                if refitted.height < level.height { kept = part(lineStart, lineEnd, of: refitted) }
            }
            return TextEnds(line: kept, cutOff: cuts)
        }
    }
}
