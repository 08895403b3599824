import Foundation

/// Measuring a line's tilt: looked at along the line, the rows of its ink are sharp (its
/// baseline and the tops of its small letters line up); looked at across a slant, they smear.
/// So the tilt is the slope along which the row profiles of the ink's tops and bottoms (steps
/// down into lighter and into darker rows) are sharpest (their summed squares largest),
/// searched in steps that move the line's ends by less than a pixel, then to a fraction of a
/// step.
///
/// Why this and not where the ink lies at the line's two ends: a short word's ends are one
/// or two letters, whose ascenders and descenders move them by more than the tilt does (the
/// ends' method needed ten line heights, so words were left at the detector's angle, which is
/// off by more than 10° on short words), while every letter's baseline counts here.
extension InkRefinement {
    /// Columns summed per bin before shifting: a bin's shift is the same for its columns.
    static let tiltBin = 4
    /// Parts of a row the shifted profile is kept in.
    static let tiltCells = 4

    /// The tilt (degrees from the window's rows, positive clockwise on screen) of the line in
    /// step columns `columns` of `window`, searched up to `search` degrees either way, and how
    /// much sharper its rows are along it than on average over the search; nil when it cannot
    /// be told: the line is shorter than `minTiltLength` box heights (a letter or two), its
    /// rows are hardly sharper at any slope than on average (`minContrast`: no line of ink),
    /// or they are sharpest at the end of the search.
    func tilt(in window: InkWindow, columns: Range<Int>, boxHeight: Double, search: Double, minContrast: Double)
        -> (degrees: Double, contrast: Double)? {
        guard columns.count >= 8, Double(columns.count) >= minTiltLength * boxHeight, search > 0 else { return nil }
        let bin = Self.tiltBin, rows = window.rows
        let bins = (columns.count + bin - 1) / bin
        let binned = window.binnedSteps(columns: columns, bin: bin)
        let half = Double(columns.count) / 2
        // A slope step moves each end by 0.75 pixels; at least two steps either way.
        let step = 0.75 / half
        let steps = max(Int((tan(min(search, 60) * .pi / 180) / step).rounded(.up)), 2)
        let reach = Int((Double(steps + 1) * step * half).rounded(.up)) + 2
        let centres = (0..<bins).map { b in Double(b * bin) + Double(min(bin, columns.count - b * bin)) / 2 - half }
        // The profile is kept in quarter rows, each row spread over four of them: shifted by
        // a fraction of a row, a row then blurs over one quarter more, not over a whole row
        // (which made the unshifted profile, and so the tilt the window was read at, sharper
        // than any other and held measurements back towards it).
        let cells = Self.tiltCells
        var profile = [Double](repeating: 0, count: (rows + 2 * reach + 2) * cells)
        /// Summed squares of the row profile of `steps` with each bin shifted by `slope` times
        /// its distance from the middle.
        func sharpness(_ steps: [Int32], _ slope: Double) -> Double {
            profile.withUnsafeMutableBufferPointer { p in
                for i in p.indices { p[i] = 0 }
                steps.withUnsafeBufferPointer { g in
                    for b in 0..<bins {
                        let shift = (Double(reach) - slope * centres[b]) * Double(cells)
                        let whole = Int(shift.rounded(.down)), f = shift - Double(whole)
                        for y in 0..<rows {
                            let value = Double(g[b * rows + y])
                            let first = y * cells + whole
                            p[first] += value * (1 - f)
                            for k in 1..<cells { p[first + k] += value }
                            p[first + cells] += value * f
                        }
                    }
                }
                var sum = 0.0
                for value in p { sum += value * value }
                return sum
            }
        }
        // The tops and the bottoms of the letters apart: the baseline lines up on its own
        // rather than with the tops of capitals and ascenders.
        func sharpness(_ slope: Double) -> Double { sharpness(binned.lighter, slope) + sharpness(binned.darker, slope) }
        let coarse = (-steps...steps).map { sharpness(Double($0) * step) }
        guard let best = coarse.indices.max(by: { coarse[$0] < coarse[$1] }), best > 0, best < coarse.count - 1
        else { return nil }
        let mean = coarse.reduce(0, +) / Double(coarse.count)
        guard mean > 0, coarse[best] >= minContrast * mean else { return nil }
        // Quarter steps around the best, then the parabola through the sharpest and its two
        // neighbours.
        let around = Double(best - steps) * step, quarter = step / 4
        let fine = (-4...4).map { sharpness(around + Double($0) * quarter) }
        let j = fine.indices.max { fine[$0] < fine[$1] }!
        var slope = around + Double(j - 4) * quarter
        if j > 0, j < fine.count - 1 {
            let a = fine[j - 1], b = fine[j], c = fine[j + 1]
            let curvature = a - 2 * b + c
            if curvature < 0 { slope += 0.5 * (a - c) / curvature * quarter }
        }
        return (atan(slope) * 180 / .pi, coarse[best] / mean)
    }
}
