/// A line's steps down (into lighter rows and into darker ones apart), summed over bins of
/// columns, as the tilt search shifts them: how sharp the line's row profile is when each bin
/// is moved up or down by a slope times its distance from the middle (InkRefinement+Tilt.swift).
///
/// It can be made coarser (`merged(rows:bins:)`: r rows and r bins summed into one), so a tall line
/// is first searched at a few rows per letter height, where one slope step moves its ends by
/// r times as much and each step costs r² times less.
struct TiltProfile {
    /// Per bin, `rows` values (bin-major), both positive.
    let lighter: [Int32]
    let darker: [Int32]
    let bins: Int
    let rows: Int
    /// Each bin's centre, in window pixels from the middle of the line's columns.
    let centres: [Double]
    /// Window pixel rows per row of this profile.
    let rowScale: Int

    /// The window's steps over `columns`, in bins of `bin` columns.
    init(_ window: InkWindow, columns: Range<Int>, bin: Int) {
        let binned = window.binnedSteps(columns: columns, bin: bin)
        let bins = (columns.count + bin - 1) / bin
        let half = Double(columns.count) / 2
        self.init(
            lighter: binned.lighter, darker: binned.darker, bins: bins, rows: window.rows,
            centres: (0..<bins).map { b in Double(b * bin) + Double(min(bin, columns.count - b * bin)) / 2 - half },
            rowScale: 1)
    }

    private init(lighter: [Int32], darker: [Int32], bins: Int, rows: Int, centres: [Double], rowScale: Int) {
        self.lighter = lighter
        self.darker = darker
        self.bins = bins
        self.rows = rows
        self.centres = centres
        self.rowScale = rowScale
    }

    /// This profile with `rows` rows and `bins` bins summed into one (the last ones partly
    /// filled).
    func merged(rows r: Int, bins k: Int) -> TiltProfile {
        guard r > 1 || k > 1 else { return self }
        let bins = (self.bins + k - 1) / k, rows = (self.rows + r - 1) / r
        func merge(_ values: [Int32]) -> [Int32] {
            var merged = [Int32](repeating: 0, count: bins * rows)
            values.withUnsafeBufferPointer { values in
                merged.withUnsafeMutableBufferPointer { merged in
                    for b in 0..<self.bins {
                        let source = b * self.rows, target = (b / k) * rows
                        for y in 0..<self.rows { merged[target + y / r] &+= values[source + y] }
                    }
                }
            }
            return merged
        }
        let centres = (0..<bins).map { b -> Double in
            let members = self.centres[(b * k)..<min((b + 1) * k, self.bins)]
            return members.reduce(0, +) / Double(members.count)
        }
        return TiltProfile(
            lighter: merge(lighter), darker: merge(darker), bins: bins, rows: rows, centres: centres,
            rowScale: rowScale * r)
    }

    /// Parts of a row the shifted profile is kept in. Why quarter rows, each row spread over
    /// four of them: shifted by a fraction of a row, a row then blurs over one quarter more,
    /// not over a whole row (which made the unshifted profile, and so the tilt the window was
    /// read at, sharper than any other and held measurements back towards it).
    static let cells = 4

    /// How sharp the rows are with each bin shifted by `slope` times its distance from the
    /// middle (window pixels down per pixel along): the summed squares of the row profile of
    /// the steps into lighter rows plus those of the steps into darker ones. The tops and the
    /// bottoms of the letters apart: the baseline lines up on its own rather than with the
    /// tops of capitals and ascenders. `reach`: the largest shift, in window pixels.
    func sharpness(slope: Double, reach: Int) -> Double {
        let cells = Self.cells
        let margin = reach / rowScale + 2
        var profile = [Double](repeating: 0, count: (rows + 2 * margin + 2) * cells)
        return profile.withUnsafeMutableBufferPointer { p in
            sharpness(lighter, slope, margin, p) + sharpness(darker, slope, margin, p)
        }
    }

    /// Each row spread over `cells` quarter rows starting at its shifted place is the same
    /// as the shifted row as two impulses (its fraction split between two quarter rows) run
    /// through a box filter `cells` long: two additions per value instead of five, and one
    /// filter pass per profile.
    private func sharpness(_ steps: [Int32], _ slope: Double, _ margin: Int, _ p: UnsafeMutableBufferPointer<Double>)
        -> Double
    {
        let cells = Self.cells, rows = rows, scale = Double(rowScale)
        for i in p.indices { p[i] = 0 }
        steps.withUnsafeBufferPointer { g in
            for b in 0..<bins {
                let shift = (Double(margin) - slope * centres[b] / scale) * Double(cells)
                let whole = Int(shift.rounded(.down)), f = shift - Double(whole)
                var at = whole
                for y in 0..<rows {
                    let value = Double(g[b * rows + y])
                    p[at] += value * (1 - f)
                    p[at + 1] += value * f
                    at += cells
                }
            }
        }
        var window = 0.0, sum = 0.0
        for i in p.indices {
            window += p[i]
            if i >= cells { window -= p[i - cells] }
            sum += window * window
        }
        return sum
    }
}
