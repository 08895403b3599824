import Foundation

/// Measuring a line's tilt: looked at along the line, the rows of its ink are sharp (its
/// baseline and the tops of its small letters line up); looked at across a slant, they smear.
/// So the tilt is the slope along which the row profiles of the ink's tops and bottoms (steps
/// down into lighter and into darker rows) are sharpest (their summed squares largest),
/// searched in steps that move the line's ends by less than a pixel (on a tall line, first in
/// coarser steps at a coarser resolution, `tiltRowsPerBox`), then to a fraction of a step.
///
/// Why this and not where the ink lies at the line's two ends: a short word's ends are one
/// or two letters, whose ascenders and descenders move them by more than the tilt does (the
/// ends' method needed ten line heights, so words were left at the detector's angle, which is
/// off by more than 10° on short words), while every letter's baseline counts here.
extension InkRefinement {
    /// Columns are summed in bins before shifting, and a bin's columns share its shift, so a
    /// bin W columns wide smears a line of slope s over W s rows: bins are as wide as keeps
    /// that within `tiltSmear` rows, at least `tiltBin` columns and at most a `minTiltBins`th
    /// of the line. Why not always 4 columns: near its own tilt (every search after the first
    /// coarse one) a line's slant is small, and a few dozen bins measure it as well as
    /// hundreds, in a tenth of the time.
    static let tiltBin = 4
    static let tiltSmear = 0.5
    static let minTiltBins = 16
    /// A line is first searched at about this many profile rows per box height (a taller
    /// line's rows merged, `TiltProfile.merged`), then only around the sharpest slope found
    /// there at full resolution. Why: searched in full, a line h rows high and w long takes
    /// about h slopes of h x w each (70 ms for the live bench's eight lines, more than the
    /// detection itself); the letters' baselines and tops still stand out at this resolution.
    static let tiltRowsPerBox = 16

    /// The tilt (degrees from the window's rows, positive clockwise on screen) of the line in
    /// step columns `columns` of `window`, searched up to `search` degrees either way, and how
    /// much sharper its rows are along it than on average over the search; nil when it cannot
    /// be told: the line is shorter than `minTiltLength` box heights (a letter or two), its
    /// rows are hardly sharper at any slope than on average (`minContrast`: no line of ink),
    /// or they are sharpest at the end of the search.
    func tilt(in window: InkWindow, columns: Range<Int>, boxHeight: Double, search: Double, minContrast: Double)
        -> (degrees: Double, contrast: Double)?
    {
        guard columns.count >= 8, Double(columns.count) >= minTiltLength * boxHeight, search > 0 else { return nil }
        let half = Double(columns.count) / 2
        // A slope step moves each end by 0.75 pixels; at least two steps either way.
        let step = 0.75 / half
        let steps = max(Int((tan(min(search, 60) * .pi / 180) / step).rounded(.up)), 2)
        // Coarse steps of r full ones, on rows and bins merged by r; none for a line of few
        // rows or a narrow search (a fine measurement's).
        let r = max(1, min(Int(boxHeight) / Self.tiltRowsPerBox, steps / 4))
        let coarseSteps = max((steps + r - 1) / r, 2)
        let reach = Int((Double(coarseSteps * r + 1) * step * half).rounded(.up)) + 2
        let narrowest = TiltProfile(window, columns: columns, bin: Self.tiltBin)
        /// How many of the narrowest bins one bin takes for lines of slope up to `slant`.
        func bins(slant: Double) -> Int {
            let widest = max(1, columns.count / Self.minTiltBins / Self.tiltBin)
            return slant > 0 ? min(widest, max(1, Int(Self.tiltSmear / slant) / Self.tiltBin)) : widest
        }
        let coarseProfile = narrowest.merged(rows: r, bins: r * bins(slant: Double(coarseSteps * r) * step))
        let coarse = (-coarseSteps...coarseSteps).map {
            coarseProfile.sharpness(slope: Double($0 * r) * step, reach: reach)
        }
        guard let best = coarse.indices.max(by: { coarse[$0] < coarse[$1] }), best > 0, best < coarse.count - 1
        else { return nil }
        let mean = coarse.reduce(0, +) / Double(coarse.count)
        guard mean > 0, coarse[best] >= minContrast * mean else { return nil }
        // Full steps within a coarse step of the best, then quarter steps around the sharpest,
        // then the parabola through the sharpest and its two neighbours.
        var around = Double((best - coarseSteps) * r) * step
        let full = narrowest.merged(rows: 1, bins: bins(slant: abs(around) + Double(r + 1) * step))
        if r > 1 {
            let local = (-r...r).map { full.sharpness(slope: around + Double($0) * step, reach: reach) }
            let j = local.indices.max { local[$0] < local[$1] }!
            around += Double(j - r) * step
        }
        // The sharpest full step is within half a step of the sharpest slope: two quarters.
        let quarter = step / 4
        let fine = (-2...2).map { full.sharpness(slope: around + Double($0) * quarter, reach: reach) }
        let j = fine.indices.max { fine[$0] < fine[$1] }!
        var slope = around + Double(j - 2) * quarter
        if j > 0, j < fine.count - 1 {
            let a = fine[j - 1], b = fine[j], c = fine[j + 1]
            let curvature = a - 2 * b + c
            if curvature < 0 { slope += 0.5 * (a - c) / curvature * quarter }
        }
        return (atan(slope) * 180 / .pi, coarse[best] / mean)
    }
}
