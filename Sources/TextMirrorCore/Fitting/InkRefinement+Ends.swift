import Foundation

/// A line's ends: its first and last letters, and nothing beside them.
///
/// Why apart from the rows: the detector's box stops short of a line's first letter or reaches
/// past its last into what is printed beside it (a street sign's arrow, a label's frame, a
/// logo), and a box that holds half a letter or a piece of an arrow mirrors them into the
/// line. So a line is followed outwards letter by letter, and a piece at either end whose ink
/// reaches beyond the line's rows as no letter's does is left out.
extension InkRefinement {
    /// Where the line begins and ends along the window's step columns (continuous pixels),
    /// whether something beside it was left out, at which ends its ink ran on to the window's
    /// end (then neither end is the line's), and which ends the frame's edge cuts; nil when it
    /// cannot be told (no contrast).
    ///
    /// The gradient over the line's rows: the ink found inside the box is followed outwards
    /// across gaps of up to `maxGap` (the space between letters, not between words). Its
    /// pieces (runs of inky columns) at either end are left out when they are not letters:
    /// their ink reaches beyond the rows of the line's `letters` (`protrudes`: an arrow, a
    /// frame, a logo; inside the box, only a piece shorter than a word: `minWordPiece`), or
    /// their steps across all go one way (the edge between two surfaces: `minEdgeImbalance`),
    /// or, inside the box, they lie beyond a gap no line has between its words (`maxWordGap`).
    /// The ends are then placed to a fraction of a pixel as `inkSpan` does.
    ///
    /// `frameEdges`: which ends of the window are the frame's edges. A line whose ink runs on to
    /// one of them is cut by it, and ends there: the camera sees no further. Read as running
    /// off instead, its box would keep the detector's end, which stops short of the cut letter
    /// (by 5-15 px on the real-photo pan of textmirror-motion-bench), and that letter's piece
    /// stayed at the edge, unmirrored, beside the mirrored line.
    func lineEnds(
        _ window: InkWindow, rows line: LineRows, letters: ClosedRange<Int>, inside box: Range<Int>,
        frameEdges: AtEnds<Bool>
    ) -> (start: Double, end: Double, trimmed: Bool, runsOff: AtEnds<Bool>, cutByFrame: AtEnds<Bool>)? {
        let rows = Int(line.top.rounded(.down))..<min(Int(line.bottom.rounded(.up)), window.rows)
        let steps = window.columnSteps(rows: rows)
        let energy = steps.energy
        guard let threshold = inkThreshold(energy, inside: box, pixels: rows.count, stroke: line.stroke)
        else { return nil }
        func strong(_ i: Int) -> Bool { Double(energy[i]) >= threshold }
        guard var first = box.first(where: strong), var last = box.last(where: strong) else { return nil }
        /// The run of inky columns through `i`.
        func piece(_ i: Int) -> ClosedRange<Int> {
            var a = i, b = i
            while a > 0, strong(a - 1) { a -= 1 }
            while b + 1 < energy.count, strong(b + 1) { b += 1 }
            return a...b
        }
        let profile = window.rowGradient(columns: box.lowerBound...(box.upperBound - 1))
        let reach = Self.reachBeyond(profile, core: letters)
        // The paper's own gradient per column (its texture, noise, blur): the quietest row's.
        let paper = Double(profile.min() ?? 0) / Double(box.count)
        let letterGap = max(Int((maxGap * (line.bottom - line.top)).rounded()), 1)
        // `minEdgeImbalance`, over piece `p` and the pieces that follow it within a letter's
        // gap in direction `step`: a stem too wide to step inside is two pieces, and its far
        // side lies inwards of a piece inside the box, outwards of one beyond it. (So an edge
        // inside the box within a letter's gap of the letters counts with them, and stays.)
        // Not told where the frame's edge may hide that side: a letter the frame cuts.
        func surfaceEdge(_ p: ClosedRange<Int>, chaining step: Int) -> Bool {
            var a = p.lowerBound, b = p.upperBound
            if step > 0 {
                while let j = ((b + 1)..<min(b + letterGap + 2, energy.count)).first(where: strong) {
                    b = piece(j).upperBound
                }
            } else {
                while let j = (max(a - letterGap - 1, 0)..<a).last(where: strong) { a = piece(j).lowerBound }
            }
            guard !(frameEdges.start && a - letterGap - 1 < 0), !(frameEdges.end && b + letterGap + 1 >= energy.count)
            else { return false }
            let net = abs(steps.signed[a...b].reduce(0, +)), total = energy[a...b].reduce(0, +)
            return Double(net) > minEdgeImbalance * Double(total)
        }
        // Not one of the line's letters: `protrudes`, or `surfaceEdge` (its other side looked
        // for in direction `step`).
        func foreign(_ p: ClosedRange<Int>, chaining step: Int) -> Bool {
            protrudes(window, columns: p, core: letters, reach: reach, paper: paper) || surfaceEdge(p, chaining: step)
        }
        // A piece as long as a word inside the detected box is the line's own: at a few
        // pixels a letter a word's letters run together, and a neighbour's ink touching them
        // (a script capital's loop under "Crisp Almond Cookies") made the whole word protrude.
        // Only its part inside the box counts: clutter beyond a sign's edge, which the box
        // reached 9 px into, ran on out of the box to the window's end, and counted whole it
        // was as long as a word (the sign "Departures" of textmirror-motion-bench's pan, whose
        // box took in the sign's edge and the clutter on one detection in five).
        let wordPiece = Int((minWordPiece * Double(letters.count)).rounded())
        let boxColumns = box.lowerBound...max(box.upperBound - 1, box.lowerBound)
        func foreignInside(_ p: ClosedRange<Int>, chaining step: Int) -> Bool {
            p.clamped(to: boxColumns).count < wordPiece && foreign(p, chaining: step)
        }
        let wordGap = Int((maxWordGap * Double(letters.count)).rounded())
        var trimmed = false
        // Inside the box: ends that are something else.
        while first < last {
            let p = piece(first)
            guard p.upperBound < last, let next = ((p.upperBound + 1)...last).first(where: strong),
                next - p.upperBound > wordGap || foreignInside(p, chaining: 1)
            else { break }
            first = next
            trimmed = true
        }
        while last > first {
            let p = piece(last)
            guard p.lowerBound > first, let next = (first...(p.lowerBound - 1)).last(where: strong),
                p.lowerBound - next > wordGap || foreignInside(p, chaining: -1)
            else { break }
            last = next
            trimmed = true
        }
        // Outwards, across the gaps between letters but not into something else.
        while let j = (max(first - letterGap - 1, 0)..<first).last(where: strong) {
            let p = piece(j)
            if p.lowerBound < first, foreign(p, chaining: -1) {
                trimmed = true
                break
            }
            first = min(p.lowerBound, first)
        }
        while let j = ((last + 1)..<min(last + letterGap + 2, energy.count)).first(where: strong) {
            let p = piece(j)
            if p.upperBound > last, foreign(p, chaining: 1) {
                trimmed = true
                break
            }
            last = max(p.upperBound, last)
        }
        // The line ends on ink with a stroke in it (`minStrokeShare`), not on the paper's
        // grain beside its last letter.
        let strokeStep = Int32(minStrokeShare * Double(line.stroke))
        func grain(_ p: ClosedRange<Int>) -> Bool { window.strongestStep(columns: p, rows: rows) < strokeStep }
        while first < last, case let p = piece(first), p.upperBound < last, grain(p),
            let next = ((p.upperBound + 1)...last).first(where: strong)
        {
            first = next
        }
        while last > first, case let p = piece(last), p.lowerBound > first, grain(p),
            let next = (first...(p.lowerBound - 1)).last(where: strong)
        {
            last = next
        }
        // Ink within a letter's gap of the window's end may go on beyond it, unless the frame
        // ends there.
        let reachesEnd = AtEnds(start: first <= letterGap, end: last >= energy.count - 1 - letterGap)
        let cut = AtEnds(start: frameEdges.start && reachesEnd.start, end: frameEdges.end && reachesEnd.end)
        let runsOff = AtEnds(start: reachesEnd.start && !cut.start, end: reachesEnd.end && !cut.end)
        guard !runsOff.either else { return (0, Double(energy.count), trimmed, runsOff, AtEnds(both: false)) }
        guard var (start, end) = Self.subpixelEnds(steps, first: first, last: last) else { return nil }
        // Row by row near those ends: the summed steps place a straight edge, but a round
        // letter ("G", "o") reaches its end in a few rows only, and a "t" or "T" in the one or
        // two rows of its bar, and would be placed up to a pixel and a half inside it. So each
        // row's own edge (a sixth of a stroke's contrast at least: a thin bar turned a little
        // is greyer still), and the furthest of them: the line ends where its end letters'
        // edges are half way from ink to background, on both sides alike, so its centre is the
        // ink's (WholeLineTests measures it within a fifth of a pixel on most lines).
        let edges = window.rowEdges(
            rows: rows, first: first, last: last,
            threshold: max(Int32(minStep * 4), line.stroke / 6))
        if let furthest = edges.starts.min() { start = furthest }
        if let furthest = edges.ends.max() { end = furthest }
        return end > start ? (start, end, trimmed, runsOff, cut) : nil
    }

    /// How far from the line's letters (`core` rows) a neighbouring object's ink is followed,
    /// above and below: up to where the next line begins, if any. The whole line's rows
    /// (`profile`, the gradient over its columns) fall beyond its letters and rise again at
    /// the next line's, blurred or not; an object beside the line (an arrow) does not make
    /// them rise again: it is there from the letters' rows on.
    static func reachBeyond(_ profile: [Int32], core: ClosedRange<Int>) -> (above: Int, below: Int) {
        guard let peak = profile[core].max() else { return (0, profile.count - 1) }
        func limit(_ rows: StrideTo<Int>) -> Int {
            var low = Int32.max, last = rows.first(where: { _ in true }) ?? 0
            for y in rows {
                low = min(low, profile[y])
                if 2 * (profile[y] - low) > peak - low { return last }
                last = y
            }
            return last
        }
        return (
            limit(stride(from: core.lowerBound - 1, to: -1, by: -1)),
            limit(stride(from: core.upperBound + 1, to: profile.count, by: 1))
        )
    }

    /// Whether the ink in step columns `columns` reaches beyond the line's letters (`core`
    /// rows) as no letter does: contiguous rows of gradient (gaps of a row allowed) above or
    /// below them, up to `reach` (`reachBeyond`: not into the next line), longer than
    /// `maxProtrusion` of their height, or on both sides longer than `maxBothSidesProtrusion`,
    /// or all the way to the next lines on both sides.
    /// `paper`: the gradient of a column of paper, which does not count.
    func protrudes(
        _ window: InkWindow, columns: ClosedRange<Int>, core: ClosedRange<Int>,
        reach limits: (above: Int, below: Int), paper: Double
    ) -> Bool {
        let sums = window.rowGradient(columns: columns)
        // A quarter of the way from the paper to the piece's typical row among the letters'
        // rows: a row crossed by a bar (an arrow's shaft, a "T") steps far more than one
        // crossed by an upright edge.
        let background = paper * Double(columns.count)
        let typical = Double(sums[core].sorted()[core.count / 2])
        guard typical > background else { return false }
        let threshold = Int32(max(background + (typical - background) / 4, 2 * minStep))
        func reach(_ rows: some Sequence<Int>) -> Int {
            var n = 0, gap = 0
            for y in rows {
                if sums[y] >= threshold {
                    n += 1 + gap
                    gap = 0
                } else {
                    gap += 1
                    if gap > 1 { break }
                }
            }
            return n
        }
        let above =
            core.lowerBound > limits.above
            ? Double(reach(stride(from: core.lowerBound - 1, through: limits.above, by: -1))) : 0
        let below =
            core.upperBound < limits.below
            ? Double(reach((core.upperBound + 1)...limits.below)) : 0
        let height = Double(core.count)
        // Ink that fills the gaps to the lines above and below, both, as no letter does: a
        // sign's frame beside a line of a dense sign, foliage beyond it (the gaps there are
        // shorter than any protrusion the rules above count).
        let gaps = (above: core.lowerBound - limits.above, below: limits.below - core.upperBound)
        let fillsBothGaps = gaps.above >= 2 && gaps.below >= 2 && Int(above) >= gaps.above && Int(below) >= gaps.below
        return max(above, below) > maxProtrusion * height || min(above, below) > maxBothSidesProtrusion * height
            || fillsBothGaps
    }
}
