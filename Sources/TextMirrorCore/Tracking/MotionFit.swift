/// Fits a `Motion` to point pairs, robust to pairs the optical flow got wrong (a feature that
/// slid along an edge, a point on something else that moves).
///
/// Method: MSAC, a RANSAC variant: hypotheses from minimal samples (one pair for a translation,
/// two for the others), each scored by Σ min(residual², threshold²), which, unlike counting
/// inliers, prefers the hypothesis that fits its inliers best. The winner is refined by least
/// squares on its inliers, twice (the refit can gain inliers). Samples come from a fixed-seed
/// generator, or every minimal sample is tried when there are few, so the same pairs always
/// give the same motion (sync mode must be reproducible).
public struct MotionFit: Sendable, Equatable {
    public enum Model: Sendable, Equatable {
        case translation
        /// Pan and zoom: a uniform scale plus a translation, no rotation. What a camera does
        /// to text in practice; leaving rotation out keeps axis-aligned boxes axis-aligned.
        case scaleAndTranslation
        case similarity
    }

    public struct Result: Equatable, Sendable {
        public var motion: Motion
        public var inliers: Int
        /// Root mean square residual of the inliers, frame pixels.
        public var rms: Double
    }

    public var model: Model
    /// A pair further than this from the motion (frame pixels) is an outlier.
    public var inlierThreshold: Double
    public var iterations: Int
    /// Fewer inliers than this and there is no result.
    public var minInliers: Int
    /// Scale is only estimated when the inliers spread at least this far (RMS distance from
    /// their centroid, frame pixels); closer together, a tiny flow error is a large scale error.
    public var minSpreadForScale: Double
    /// Hypotheses scaling by more than this factor (or its inverse) in one step are discarded.
    public var maxScaleStep: Double

    public init(
        model: Model, inlierThreshold: Double = 1.5, iterations: Int = 64, minInliers: Int = 3,
        minSpreadForScale: Double = 8, maxScaleStep: Double = 1.25
    ) {
        self.model = model
        self.inlierThreshold = inlierThreshold
        self.iterations = iterations
        self.minInliers = minInliers
        self.minSpreadForScale = minSpreadForScale
        self.maxScaleStep = maxScaleStep
    }

    public func fit(_ pairs: [PointPair]) -> Result? {
        let finite = pairs.filter { all($0.from, $0.to) }
        guard finite.count >= max(minInliers, 1) else { return nil }
        let threshold2 = inlierThreshold * inlierThreshold
        var best: (motion: Motion, cost: Double)?
        for sample in samples(count: finite.count) {
            guard let motion = hypothesis(sample.map { finite[$0] }) else { continue }
            var cost = 0.0
            for pair in finite { cost += min(residual2(motion, pair), threshold2) }
            if best == nil || cost < best!.cost { best = (motion, cost) }
        }
        guard var motion = best?.motion else { return nil }
        var inliers: [PointPair] = []
        for _ in 0..<2 {
            inliers = finite.filter { residual2(motion, $0) <= threshold2 }
            guard inliers.count >= max(minInliers, 1), let refit = leastSquares(inliers) else { break }
            motion = refit
        }
        inliers = finite.filter { residual2(motion, $0) <= threshold2 }
        guard inliers.count >= max(minInliers, 1) else { return nil }
        let sum = inliers.reduce(0.0) { $0 + residual2(motion, $1) }
        return Result(motion: motion, inliers: inliers.count, rms: (sum / Double(inliers.count)).squareRoot())
    }

    /// The model fitted to what is left once `prior` is applied: `prior`, then the fit. Used to
    /// find a box's own translation when the zoom comes from the whole picture (a text line is
    /// too short for its own scale estimate to be reliable).
    public func fit(_ pairs: [PointPair], after prior: Motion) -> Result? {
        let moved = pairs.map { pair in
            let p = prior.apply(x: pair.from.x, y: pair.from.y)
            return PointPair(from: SIMD2(p.x, p.y), to: pair.to)
        }
        guard var result = fit(moved) else { return nil }
        result.motion = prior.then(result.motion)
        return result
    }

    // MARK: Pieces

    private var sampleSize: Int { model == .translation ? 1 : 2 }

    /// Index sets to build hypotheses from: all of them when there are at most `iterations`,
    /// otherwise `iterations` drawn by a fixed-seed generator.
    private func samples(count n: Int) -> [[Int]] {
        if sampleSize == 1 || n < 2 {
            if n <= iterations { return (0..<n).map { [$0] } }
            var rng = SplitMix64.fitSamples(n)
            return (0..<iterations).map { _ in [rng.below(n)] }
        }
        if n * (n - 1) / 2 <= iterations {
            return (0..<n).flatMap { i in ((i + 1)..<n).map { [i, $0] } }
        }
        var rng = SplitMix64.fitSamples(n)
        return (0..<iterations).map { _ in
            let i = rng.below(n)
            // 1 + below(n - 1) is never 0, so j != i.
            let j = (i + 1 + rng.below(n - 1)) % n
            return [i, j]
        }
    }

    private func hypothesis(_ sample: [PointPair]) -> Motion? {
        if sample.count == 1 || model == .translation {
            let d = sample[0].to - sample[0].from
            return .translation(d.x, d.y)
        }
        let p = sample[1].from - sample[0].from, q = sample[1].to - sample[0].to
        let pp = (p * p).sum()
        guard pp >= 1 else { return nil }  // two points on (almost) one spot say nothing of scale
        var a = (p * q).sum() / pp
        var b = model == .similarity ? (p.x * q.y - p.y * q.x) / pp : 0
        if model == .scaleAndTranslation {
            // The length ratio, not the projection: a rotated pair must not read as a zoom out.
            a = ((q * q).sum() / pp).squareRoot()
            b = 0
        }
        let s = (a * a + b * b).squareRoot()
        guard s <= maxScaleStep, s >= 1 / maxScaleStep else { return nil }
        let mp = (sample[0].from + sample[1].from) / 2, mq = (sample[0].to + sample[1].to) / 2
        return Motion(a: a, b: b, tx: mq.x - (a * mp.x - b * mp.y), ty: mq.y - (b * mp.x + a * mp.y))
    }

    /// Closed-form least squares for the model (centroids, then the linear part).
    private func leastSquares(_ pairs: [PointPair]) -> Motion? {
        guard !pairs.isEmpty else { return nil }
        let n = Double(pairs.count)
        let mp = pairs.reduce(SIMD2<Double>.zero) { $0 + $1.from } / n
        let mq = pairs.reduce(SIMD2<Double>.zero) { $0 + $1.to } / n
        var a = 1.0, b = 0.0
        if model != .translation {
            var pp = 0.0, pq = 0.0, cross = 0.0
            for pair in pairs {
                let p = pair.from - mp, q = pair.to - mq
                pp += (p * p).sum()
                pq += (p * q).sum()
                cross += p.x * q.y - p.y * q.x
            }
            if pp >= n * minSpreadForScale * minSpreadForScale {
                a = pq / pp
                b = model == .similarity ? cross / pp : 0
                let s = (a * a + b * b).squareRoot()
                if !(s <= maxScaleStep && s >= 1 / maxScaleStep) {
                    a = 1
                    b = 0
                }
            }
        }
        let motion = Motion(a: a, b: b, tx: mq.x - (a * mp.x - b * mp.y), ty: mq.y - (b * mp.x + a * mp.y))
        return motion.isFinite ? motion : nil
    }

    @inline(__always)
    private func residual2(_ motion: Motion, _ pair: PointPair) -> Double {
        let m = motion.apply(x: pair.from.x, y: pair.from.y)
        let dx = m.x - pair.to.x, dy = m.y - pair.to.y
        return dx * dx + dy * dy
    }

    private func all(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> Bool {
        p.x.isFinite && p.y.isFinite && q.x.isFinite && q.y.isFinite
    }
}

extension SplitMix64 {
    /// The fit's generator for `n` points (offset so it differs from a plain seed of `n`).
    static func fitSamples(_ n: Int) -> SplitMix64 { SplitMix64(seed: UInt64(n) &+ 0x7E57_5EED) }

}
