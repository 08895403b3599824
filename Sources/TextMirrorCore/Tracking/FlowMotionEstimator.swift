import Synchronization

/// Motion between consecutive frames measured by sparse optical flow (a `SparseFlow`: OpenCV's,
/// through CShim/textmirror_flow.cpp, in the plugin) on a small gray copy of each frame, then
/// fitted robustly (`MotionFit`): pan and zoom for the whole picture, and each box's own translation on top of the picture's zoom (a text line is
/// too short to measure its own zoom reliably), used only where it differs clearly from the
/// picture's motion (text that moves by itself).
///
/// Points are followed from frame to frame, as in a KLT tracker: the points found in this frame
/// are where the next frame's search starts, so new corners are sought (goodFeaturesToTrack)
/// only for boxes that have too few, and the picture's background is seeded from a fixed grid.
/// Points that stop agreeing with their box's motion are dropped. This keeps the work per frame
/// to the gray copy and one Lucas–Kanade pass over about two hundred points.
///
/// Runs on the streaming thread (see `MirrorEngine.process`); its cost at 1080p is measured by
/// `textmirror-motion-bench` (the cost section). Locking: `scaling` is used by `prepare` only,
/// `state` by `estimate` and `reset`, so a caller that ran them on different threads would not
/// make either wait for the other.
public final class FlowMotionEstimator: MotionEstimating {
    public struct Configuration: Sendable, Equatable {
        /// Long side of the gray picture (an integer fraction of the frame comes nearest):
        /// 480 is 1/4 of 1080p, and 1280x720 gets 1/3 (427). Coarser pictures bias the
        /// measured motion (Lucas–Kanade locks towards whole pixels), and smoothing turns that
        /// bias into lag; finer ones cost the streaming thread. Measured by `textmirror-bench
        /// --sections live` (the p99) and `textmirror-motion-bench` (the pan's q).
        public var grayLongSide = 480
        /// Lucas–Kanade window side, pyramid levels above the picture, iterations per level.
        /// Two levels suffice: each search starts where the last frame's motion would take the
        /// point, so only the change in motion is searched for.
        public var window = 9
        public var levels = 2
        public var iterations = 10
        public var epsilon: Float = 0.03
        /// Points followed in each tracked box, at most; fewer each when there are many boxes,
        /// so the total stays near `maxRegionPoints`. New corners are sought in a box once it
        /// has fewer than `minPointsPerRegion`.
        public var pointsPerRegion = 8
        public var minPointsPerRegion = 6
        public var maxRegionPoints = 160
        /// Background points (for the picture's motion when boxes are few, small or new),
        /// seeded from a `gridColumns` x `gridRows` grid when fewer than half are left.
        public var gridColumns = 6
        public var gridRows = 4
        /// goodFeaturesToTrack's quality level: corners at least this fraction of the box's
        /// strongest.
        public var quality: Float = 0.02
        /// A pair further than this from the fitted motion, in gray pixels, is an outlier.
        public var inlierThreshold = 0.6
        /// A box whose own motion differs from the picture's by no more than this (gray
        /// pixels), or by no more than twice its own uncertainty, moves with the picture and
        /// takes the picture's motion (see `measure`).
        public var ownMotionThreshold = 0.2

        public init() {}

        var backgroundPoints: Int { gridColumns * gridRows }

        public var flowParameters: FlowParameters {
            FlowParameters(window: window, levels: levels, iterations: iterations, epsilon: epsilon)
        }
    }

    private struct Scaling {
        var downscaler: GrayDownscaler?
        /// Gray buffers `estimate` has finished with, reused so a frame allocates nothing.
        var spare: [[UInt8]] = []
    }

    private struct State {
        var flow: (any SparseFlow)?
        var pictures = 0
        var size: (width: Int, height: Int, factor: Int) = (0, 0, 0)
        /// Where the points followed so far are in the newest picture (gray pixels, OpenCV's
        /// convention): the next frame's starting points.
        var points: [FlowPoint] = []
        /// The last frame's motion, as the starting guess for this frame's (fast pans).
        var lastGlobal: Motion?
        var failures = FailureTally()
    }

    /// Makes the flow object, on the first picture.
    public typealias MakeFlow = @Sendable (FlowParameters) throws(FlowFailure) -> any SparseFlow

    public let configuration: Configuration
    private let makeFlow: MakeFlow
    private let scaling = Mutex(Scaling())
    private let state = Mutex(State())

    public init(_ configuration: Configuration = Configuration(), makeFlow: @escaping MakeFlow) {
        self.configuration = configuration
        self.makeFlow = makeFlow
    }

    /// Failed flow calls so far and the last reason (the engine warns about them).
    public var failures: FailureTally { state.withLock { $0.failures } }

    public func reset() {
        state.withLock { s in Self.forget(&s) }
    }

    private static func forget(_ s: inout State) {
        s.pictures = 0
        s.points = []
        s.lastGlobal = nil
        s.flow?.reset()
    }

    public func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> GrayImage {
        let (scaler, buffer) = scaling.withLock { s -> (GrayDownscaler, [UInt8]?) in
            let scaler = downscaler(for: frame, format: layout.format, cached: s.downscaler)
            s.downscaler = scaler
            return (scaler, s.spare.popLast())
        }
        var pixels = buffer ?? []
        let count = scaler.outputWidth * scaler.outputHeight
        if pixels.count != count { pixels = [UInt8](repeating: 0, count: count) }
        pixels.withUnsafeMutableBufferPointer { scaler.downscale(frame, into: $0) }
        return GrayImage(width: scaler.outputWidth, height: scaler.outputHeight, pixels: pixels, factor: scaler.factor)
    }

    public func estimate(_ picture: GrayImage, regions: [PixelBox]) -> FrameMotion? {
        defer {
            // The flow has copied the picture; its buffer serves a later frame.
            scaling.withLock { s in if s.spare.count < 2 { s.spare.append(picture.pixels) } }
        }
        return state.withLock { s -> FrameMotion? in
            do throws(FlowFailure) {
                return try measure(picture, regions: regions, state: &s)
            } catch {
                s.failures.record(error)
                Self.forget(&s)
                return nil
            }
        }
    }

    private func measure(_ picture: GrayImage, regions: [PixelBox], state s: inout State) throws(FlowFailure)
        -> FrameMotion?
    {
        let flow: any SparseFlow
        if let existing = s.flow {
            flow = existing
        } else {
            flow = try makeFlow(configuration.flowParameters)
            s.flow = flow
        }
        let w = picture.width, h = picture.height
        if s.size != (w, h, picture.factor) {
            Self.forget(&s)
            s.size = (w, h, picture.factor)
        }
        // A frame a few pixels across has no motion to measure; it is no failure either.
        guard min(w, h) >= flow.minimumSide else {
            Self.forget(&s)
            return nil
        }
        try picture.pixels.withUnsafeBufferPointer { buffer throws(FlowFailure) in
            try flow.push(buffer, width: w, height: h)
        }
        s.pictures = min(s.pictures + 1, 2)
        guard s.pictures == 2 else { return nil }

        let factor = Double(picture.factor)
        func framePoint(_ p: FlowPoint) -> SIMD2<Double> {
            picture.framePoint(fromImage: SIMD2(Double(p.x), Double(p.y)))
        }
        let areas = regions.map { GrayArea($0, factor: factor, width: w, height: h) }
        var (points, owners) = try startingPoints(s.points, areas: areas, flow: flow, width: w, height: h)

        // Search where the last frame's motion would take each point.
        let guess = s.lastGlobal ?? .identity
        let guesses = points.map { p -> FlowPoint in
            let from = framePoint(p)
            let q = guess.apply(x: from.x, y: from.y)
            let to = picture.imagePoint(fromFrame: SIMD2(q.x, q.y))
            return FlowPoint(x: Float(to.x), y: Float(to.y))
        }
        let (found, tracked) = try flow.track(points, guesses: guesses)
        var all: [PointPair] = []
        var perRegion = [[PointPair]](repeating: [], count: regions.count)
        var attempted = [Int](repeating: 0, count: regions.count)
        for owner in owners where owner >= 0 { attempted[owner] += 1 }
        for i in points.indices where found[i] {
            let pair = PointPair(from: framePoint(points[i]), to: framePoint(tracked[i]))
            all.append(pair)
            if owners[i] >= 0 { perRegion[owners[i]].append(pair) }
        }
        let threshold = configuration.inlierThreshold * factor
        let global = MotionFit(model: .scaleAndTranslation, inlierThreshold: threshold, minInliers: 4).fit(all)?.motion
        s.lastGlobal = global
        let zoom = global?.scale ?? 1
        let own = MotionFit(model: .translation, inlierThreshold: threshold, minInliers: 3)
        var lost = [Bool](repeating: false, count: regions.count)
        let regionMotions: [Motion?] = regions.indices.map { r in
            let pairs = perRegion[r]
            let prior = Motion.scaling(zoom, aboutX: regions[r].centerX, y: regions[r].centerY)
            let fit = own.fit(pairs, after: prior)
            // Enough points, of which fewer than half were found again and agree: the box's
            // content is gone (a cut), not merely too small to follow.
            let agreeing = fit?.inliers ?? 0
            if attempted[r] >= configuration.minPointsPerRegion && 2 * agreeing < attempted[r] { lost[r] = true }
            guard let fit, 2 * fit.inliers >= pairs.count else { return nil }
            // Text moves with the picture far more often than on its own (a camera that pans
            // over a sign), and the picture's motion is measured on many more points: a box's
            // own fit, from 6-8 points on glyphs a few gray pixels high, was off by up to 0.7 px
            // in a frame of the 720p pan, a walk that smoothing then keeps for several
            // detections. So a box takes the picture's motion unless its own differs from it
            // clearly: by more than `ownMotionThreshold` and than twice its standard error.
            if let global {
                let c = SIMD2(regions[r].centerX, regions[r].centerY)
                let mine = fit.motion.apply(x: c.x, y: c.y), picture = global.apply(x: c.x, y: c.y)
                let difference =
                    ((mine.x - picture.x) * (mine.x - picture.x) + (mine.y - picture.y) * (mine.y - picture.y))
                    .squareRoot()
                let standardError = fit.rms / Double(fit.inliers).squareRoot()
                if difference <= max(configuration.ownMotionThreshold * factor, 2 * standardError) { return global }
            }
            return fit.motion
        }

        // Keep, for the next frame, the points that agree with their box's motion (or the
        // picture's, for background points) and are still in the picture.
        var next: [FlowPoint] = []
        next.reserveCapacity(points.count)
        for i in points.indices where found[i] {
            let q = tracked[i]
            guard q.x >= 0, q.y >= 0, Double(q.x) <= Double(w - 1), Double(q.y) <= Double(h - 1) else { continue }
            guard let motion = owners[i] >= 0 ? (regionMotions[owners[i]] ?? global) : global else { continue }
            let from = framePoint(points[i]), to = framePoint(q)
            let m = motion.apply(x: from.x, y: from.y)
            if (m.x - to.x) * (m.x - to.x) + (m.y - to.y) * (m.y - to.y) <= threshold * threshold { next.append(q) }
        }
        s.points = next
        points.removeAll()
        owners.removeAll()
        return FrameMotion(global: global, regions: regionMotions, lost: lost)
    }

    /// The points to follow from the previous picture: those carried over, each belonging to
    /// the first box it lies in (or to the background), plus new corners for boxes with too
    /// few and grid points when the background has too few.
    private func startingPoints(
        _ carried: [FlowPoint], areas: [GrayArea], flow: any SparseFlow,
        width: Int, height: Int
    ) throws(FlowFailure) -> ([FlowPoint], [Int]) {
        let c = configuration
        let perRegion =
            areas.isEmpty
            ? 0
            : min(max(c.maxRegionPoints / areas.count, c.minPointsPerRegion), c.pointsPerRegion)
        var points: [FlowPoint] = []
        var owners: [Int] = []
        var counts = [Int](repeating: 0, count: areas.count)
        var background = 0
        for p in carried {
            if let r = areas.firstIndex(where: { $0.contains(p) }) {
                guard counts[r] < perRegion else { continue }
                counts[r] += 1
                owners.append(r)
            } else {
                guard background < c.backgroundPoints else { continue }
                background += 1
                owners.append(-1)
            }
            points.append(p)
        }
        // New corners where boxes have too few points (new boxes, boxes whose points drifted).
        let wanted = areas.indices.filter { counts[$0] < c.minPointsPerRegion }
        if !wanted.isEmpty {
            let requests = wanted.map { r in areas[r].request(points: perRegion - counts[r], quality: c.quality) }
            let (found, from) = try flow.features(requests, capacity: requests.reduce(0) { $0 + $1.maxPoints })
            for (p, request) in zip(found, from) {
                points.append(p)
                owners.append(wanted[request])
            }
        }
        // The background from a fixed grid (Lucas–Kanade drops the points that fall on
        // featureless spots: too little gradient to follow).
        if background < c.backgroundPoints / 2 {
            for j in 0..<c.gridRows {
                for i in 0..<c.gridColumns {
                    let p = FlowPoint(
                        x: Float((Double(i) + 0.5) * Double(width) / Double(c.gridColumns)),
                        y: Float((Double(j) + 0.5) * Double(height) / Double(c.gridRows)))
                    guard !areas.contains(where: { $0.contains(p) }) else { continue }
                    points.append(p)
                    owners.append(-1)
                }
            }
        }
        return (points, owners)
    }

    private func downscaler(for frame: FrameBuffer, format: PixelFormat, cached: GrayDownscaler?) -> GrayDownscaler {
        let factor = GrayDownscaler.factor(
            frameWidth: frame.width, frameHeight: frame.height,
            longSide: configuration.grayLongSide)
        if let cached, cached.format == format, cached.frameWidth == frame.width,
            cached.frameHeight == frame.height, cached.factor == min(factor, frame.width, frame.height)
        {
            return cached
        }
        return GrayDownscaler(format: format, frameWidth: frame.width, frameHeight: frame.height, factor: factor)
    }
}
