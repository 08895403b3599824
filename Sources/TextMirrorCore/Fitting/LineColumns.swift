/// Which columns of a fitted line carry ink: what cutting a line along its length decides on
/// (`InkRefinement.phrases`, `InkRefinement.endingAtText`).
struct LineColumns {
    /// One flag per step column of the box (`InkWindow`), from its start: the column's steps
    /// over the line's rows reach the ink threshold.
    var inky: [Bool]
    /// The signed step across each of those columns, summed over the line's rows.
    var signed: [Int32]
    /// The picture's x of `inky[0]`: step column i lies between pixels `offset + i` and the next.
    var offset: Double
    /// The line's rows from top to bottom (continuous pixels).
    var height: Double
    /// Rows of the line's letters without ascenders and descenders (`LineRows.core`).
    var letterHeight: Int
    /// Widest gap between a word's letters, in columns (`InkRefinement.maxGap`).
    var letterGap: Int
    /// The line's rows over some of its columns (a range of `inky`'s indices), in the picture's
    /// rows: those of a part of the line without what is cut off from it.
    var rowsOver: (Range<Int>) -> (rows: InkRefinement.LineRows, windowTop: Int)?
}

extension InkRefinement {
    /// The ink columns of `level` (a box fitted to its ink, level in `picture`); nil when its
    /// rows or its ink cannot be told.
    func lineColumns(of level: PixelBox, in picture: FrameBuffer, format: PixelFormat) -> LineColumns? {
        guard let g = BoxWindow(level, reach: 0, frameWidth: picture.width, frameHeight: picture.height),
            let window = InkWindow(picture, format: format, columns: g.x0..<g.x1, rows: g.y0..<g.y1)
        else { return nil }
        let rowGap = max(Int((maxRowGap * level.height).rounded()), 1)
        guard
            let line = lineRows(
                window.rowInk(columns: g.boxColumns), inside: g.boxRows, pixels: g.boxColumns.count, maxGap: rowGap)
        else { return nil }
        let rows = Int(line.top.rounded(.down))..<min(Int(line.bottom.rounded(.up)), window.rows)
        let steps = window.columnSteps(rows: rows)
        let energy = steps.energy
        guard let threshold = inkThreshold(energy, inside: g.boxColumns, pixels: rows.count, stroke: line.stroke)
        else { return nil }
        let height = line.bottom - line.top, columns = energy.indices.clamped(to: g.boxColumns)
        return LineColumns(
            inky: columns.map { Double(energy[$0]) >= threshold }, signed: Array(steps.signed[columns]),
            offset: Double(g.x0 + g.boxColumns.lowerBound), height: height, letterHeight: line.core.count,
            letterGap: max(Int((maxGap * height).rounded()), 1)
        ) { part in
            let part = (part.lowerBound + columns.lowerBound)..<(part.upperBound + columns.lowerBound)
            guard part.count >= 4 else { return nil }
            return lineRows(window.rowInk(columns: part), inside: g.boxRows, pixels: part.count, maxGap: rowGap)
                .map { ($0, g.y0) }
        }
    }

    /// The runs of true flags, each from its first to its last.
    static func inkRuns(_ inky: [Bool]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for (i, ink) in inky.enumerated() where ink {
            if let last = runs.last, i == last.upperBound + 1 {
                runs[runs.count - 1] = last.lowerBound...i
            } else {
                runs.append(i...i)
            }
        }
        return runs
    }
}

extension LineColumns {
    /// The runs of inky columns, joined across the gaps inside a stroke: a stroke wider than
    /// the blur steps only at its two edges. A gap lies between letters when the run before
    /// it ends stepping out of the ink and the one after begins stepping into it; which sign
    /// steps out of the ink is the line's own (dark print or light): its runs' last steps lean
    /// that way, their first steps the other.
    var letterPieces: [ClosedRange<Int>] {
        let runs = InkRefinement.inkRuns(inky)
        let outOfInk = runs.reduce(Int64(0)) { $0 + Int64(signed[$1.upperBound]) - Int64(signed[$1.lowerBound]) }.signum()
        var pieces: [ClosedRange<Int>] = []
        for run in runs {
            if let last = pieces.last,
                Int64(signed[last.upperBound]).signum() != outOfInk || Int64(signed[run.lowerBound]).signum() != -outOfInk
            {
                pieces[pieces.count - 1] = last.lowerBound...run.upperBound
            } else {
                pieces.append(run)
            }
        }
        return pieces
    }
}
