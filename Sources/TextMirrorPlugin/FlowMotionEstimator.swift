#if canImport(Glibc)
import Glibc
#endif
import CShim
import Synchronization
import TextMirrorCore

/// Motion between consecutive frames measured by sparse optical flow (CShim/textmirror_flow.cpp)
/// on a small gray copy of each frame: corners inside each tracked box and, more sparsely, all
/// over the picture, followed by pyramidal Lucas–Kanade, then fitted robustly (`MotionFit`):
/// pan and zoom for the whole picture, and each box's own translation on top of the picture's
/// zoom (a text line is too short to measure its own zoom reliably).
///
/// Runs on the streaming thread (see `MirrorEngine.process`); its cost at 1080p is measured by
/// `textmirror-motion-bench --cost`. Locking: one uncontended mutex, for `Sendable`; the
/// streaming thread is the only caller.
public final class FlowMotionEstimator: MotionEstimating {
    public struct Configuration: Sendable, Equatable {
        /// Long side of the gray picture (an integer fraction of the frame comes nearest).
        public var grayLongSide = 640
        /// Lucas–Kanade window side, pyramid levels above the picture, iterations per level.
        public var window = 11
        public var levels = 3
        public var iterations = 10
        public var epsilon: Float = 0.03
        /// Corners sought in each tracked box, at most; fewer each when there are many boxes,
        /// so the total stays near `maxRegionPoints`.
        public var pointsPerRegion = 16
        public var minPointsPerRegion = 6
        public var maxRegionPoints = 160
        /// Corners sought all over the picture, on pyramid level `backgroundLevel` (cheaper),
        /// for the picture's motion when boxes are few, small or new.
        public var backgroundPoints = 40
        public var backgroundLevel = 1
        /// goodFeaturesToTrack's quality level: corners at least this fraction of the area's
        /// strongest.
        public var quality: Float = 0.02
        /// A pair further than this from the fitted motion, in gray pixels, is an outlier.
        public var inlierThreshold = 0.6

        public init() {}
    }

    private struct State {
        var flow: FlowHandle?
        var downscaler: GrayDownscaler?
        var gray: [UInt8] = []
        var pictures = 0
        /// The last frame's motion, as the starting guess for this frame's (fast pans).
        var lastGlobal: Motion?
        var failures = 0
        var lastError: String?
    }

    public let configuration: Configuration
    private let state: Mutex<State>

    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
        state = Mutex(State())
    }

    /// Failed flow calls so far and the last reason (for tests and statistics).
    public var failures: (count: Int, lastError: String?) { state.withLock { ($0.failures, $0.lastError) } }

    public func reset() {
        state.withLock { s in
            s.pictures = 0
            s.lastGlobal = nil
            if let flow = s.flow { textmirror_flow_reset(flow.pointer) }
        }
    }

    public func estimate(_ frame: FrameBuffer, layout: FrameLayout, regions: [PixelBox]) -> FrameMotion? {
        state.withLock { s -> FrameMotion? in
            do throws(FlowFailure) {
                return try measure(frame, format: layout.format, regions: regions, state: &s)
            } catch {
                s.failures += 1
                s.lastError = error.description
                s.pictures = 0
                s.lastGlobal = nil
                if let flow = s.flow { textmirror_flow_reset(flow.pointer) }
                return nil
            }
        }
    }

    private func measure(_ frame: FrameBuffer, format: PixelFormat, regions: [PixelBox],
                         state s: inout State) throws(FlowFailure) -> FrameMotion? {
        let flow: FlowHandle
        if let existing = s.flow {
            flow = existing
        } else {
            flow = try FlowHandle(configuration)
            s.flow = flow
        }
        let scaler = downscaler(for: frame, format: format, cached: s.downscaler)
        if scaler.outputWidth != s.downscaler?.outputWidth || scaler.outputHeight != s.downscaler?.outputHeight {
            s.pictures = 0
        }
        s.downscaler = scaler
        let w = scaler.outputWidth, h = scaler.outputHeight
        if s.gray.count != w * h { s.gray = [UInt8](repeating: 0, count: w * h) }
        s.gray.withUnsafeMutableBufferPointer { scaler.downscale(frame, into: $0) }
        try s.gray.withUnsafeBufferPointer { buffer throws(FlowFailure) in
            try flow.check(textmirror_flow_push(flow.pointer, buffer.baseAddress, Int32(w), Int32(h), Int32(w)))
        }
        s.pictures = min(s.pictures + 1, 2)
        guard s.pictures == 2 else { return nil }

        let factor = Double(scaler.factor)
        func imagePoint(_ p: SIMD2<Double>) -> SIMD2<Double> { p / factor - 0.5 }
        func framePoint(_ x: Float, _ y: Float) -> SIMD2<Double> { (SIMD2(Double(x), Double(y)) + 0.5) * factor }

        let areas = self.areas(regions, factor: factor, width: w, height: h)
        let (points, owners) = try flow.features(areas, capacity: areas.reduce(0) { $0 + Int($1.max_points) })
        let guess = s.lastGlobal ?? .identity
        let guesses = points.map { p -> TextMirrorFlowPoint in
            let moved = guess.apply(x: (Double(p.x) + 0.5) * factor, y: (Double(p.y) + 0.5) * factor)
            let q = imagePoint(SIMD2(moved.x, moved.y))
            return TextMirrorFlowPoint(x: Float(q.x), y: Float(q.y))
        }
        let (found, tracked) = try flow.track(points, guesses: guesses)

        var all: [PointPair] = []
        var perRegion = [[PointPair]](repeating: [], count: regions.count)
        for i in points.indices where found[i] {
            let pair = PointPair(from: framePoint(points[i].x, points[i].y), to: framePoint(tracked[i].x, tracked[i].y))
            all.append(pair)
            let owner = Int(owners[i])
            if owner < regions.count { perRegion[owner].append(pair) }
        }
        let threshold = configuration.inlierThreshold * factor
        let global = MotionFit(model: .scaleAndTranslation, inlierThreshold: threshold, minInliers: 4).fit(all)?.motion
        s.lastGlobal = global
        let zoom = global?.scale ?? 1
        let own = MotionFit(model: .translation, inlierThreshold: threshold, minInliers: 3)
        let regionMotions: [Motion?] = regions.indices.map { r in
            let pairs = perRegion[r]
            let prior = Motion.scaling(zoom, aboutX: regions[r].centerX, y: regions[r].centerY)
            guard let fit = own.fit(pairs, after: prior), 2 * fit.inliers >= pairs.count else { return nil }
            return fit.motion
        }
        return FrameMotion(global: global, regions: regionMotions)
    }

    /// One area per tracked box (its bounding box in gray pixels), then the whole picture.
    private func areas(_ regions: [PixelBox], factor: Double, width: Int, height: Int) -> [TextMirrorFlowArea] {
        let c = configuration
        let perRegion = regions.isEmpty ? 0
            : min(max(c.maxRegionPoints / regions.count, c.minPointsPerRegion), c.pointsPerRegion)
        var areas: [TextMirrorFlowArea] = regions.map { box in
            let r = box.angle * .pi / 180
            let ex = (abs(cos(r)) * box.width + abs(sin(r)) * box.height) / 2 / factor
            let ey = (abs(sin(r)) * box.width + abs(cos(r)) * box.height) / 2 / factor
            let x0 = clampToInt32((box.centerX / factor - ex).rounded(.down))
            let y0 = clampToInt32((box.centerY / factor - ey).rounded(.down))
            let x1 = clampToInt32((box.centerX / factor + ex).rounded(.up))
            let y1 = clampToInt32((box.centerY / factor + ey).rounded(.up))
            // Corners a third of the line height apart spread over the glyphs.
            let spacing = Float(max(min(box.height, box.width) / factor / 3, 2))
            return TextMirrorFlowArea(x: x0, y: y0, width: max(x1 &- x0, 0), height: max(y1 &- y0, 0), level: 0,
                                      max_points: Int32(perRegion), min_distance: spacing, quality: c.quality)
        }
        areas.append(TextMirrorFlowArea(x: 0, y: 0, width: Int32(width), height: Int32(height),
                                        level: Int32(c.backgroundLevel), max_points: Int32(c.backgroundPoints),
                                        min_distance: Float(max(width, height)) / 24, quality: c.quality))
        return areas
    }

    private func downscaler(for frame: FrameBuffer, format: PixelFormat, cached: GrayDownscaler?) -> GrayDownscaler {
        let factor = GrayDownscaler.factor(frameWidth: frame.width, frameHeight: frame.height,
                                           longSide: configuration.grayLongSide)
        if let cached, cached.format == format, cached.frameWidth == frame.width,
           cached.frameHeight == frame.height, cached.factor == min(factor, frame.width, frame.height) {
            return cached
        }
        return GrayDownscaler(format: format, frameWidth: frame.width, frameHeight: frame.height, factor: factor)
    }
}

