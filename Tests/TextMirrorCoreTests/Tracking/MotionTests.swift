import Testing
import TextMirrorCore

@Suite struct MotionTests {
    static func close(_ a: Motion, _ b: Motion, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.a - b.a) < tolerance && abs(a.b - b.b) < tolerance && abs(a.tx - b.tx) < tolerance
            && abs(a.ty - b.ty) < tolerance
    }

    @Test func composesInOrder() {
        let first = Motion.translation(10, -4)
        let second = Motion.scaling(2, aboutX: 0, y: 0)
        let p = first.then(second).apply(x: 1, y: 1)
        #expect(p.x == 22 && p.y == -6, "translate, then scale")
    }

    @Test func inverseUndoes() throws {
        let m = Motion(a: 1.1, b: 0.2, tx: 5, ty: -7)
        let inverse = try #require(m.inverse)
        #expect(Self.close(m.then(inverse), .identity))
        #expect(Motion(a: 0, b: 0, tx: 1, ty: 1).inverse == nil)
    }

    @Test func scalingKeepsItsCentre() {
        let p = Motion.scaling(1.5, aboutX: 40, y: 30).apply(x: 40, y: 30)
        #expect(p.x == 40 && p.y == 30)
    }

    @Test func movesBoxes() {
        let box = PixelBox(centerX: 100, centerY: 50, width: 40, height: 10, angle: 0)
        let moved = Motion.scaling(2, aboutX: 0, y: 0).then(.translation(1, 2)).apply(box)
        #expect(moved == PixelBox(centerX: 201, centerY: 102, width: 80, height: 20, angle: 0))
        #expect(moved.isAxisAligned, "no rotation: the box stays on the exact axis-aligned path")
        let turned = Motion(a: 0, b: 1, tx: 0, ty: 0).apply(box)
        #expect(abs(turned.angle - 90) < 1e-9 && abs(turned.centerX + 50) < 1e-9 && abs(turned.centerY - 100) < 1e-9)
    }
}

@Suite struct MotionFitTests {
    /// Points on a grid, moved by `motion`, with every `outlierEvery`-th pair sent somewhere
    /// else entirely.
    static func pairs(_ motion: Motion, count: Int = 60, outlierEvery: Int = 0, noise: Double = 0) -> [PointPair] {
        var state: UInt64 = 99
        func jitter() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 33) / Double(1 << 31) - 0.5) * 2 * noise
        }
        return (0..<count).map { (i: Int) -> PointPair in
            let p = SIMD2<Double>(Double(37 * i % 640), Double(53 * i % 360))
            let m = motion.apply(x: p.x, y: p.y)
            var q = SIMD2<Double>(m.x + jitter(), m.y + jitter())
            if outlierEvery > 0 && i % outlierEvery == 0 {
                let x = Double(500 - i * 7), y = Double(i * 11 % 300)
                q = SIMD2<Double>(x, y)
            }
            return PointPair(from: p, to: q)
        }
    }

    @Test(
        "Ignores a third of the pairs going astray",
        arguments: [
            MotionFit.Model.translation, .scaleAndTranslation, .similarity
        ])
    func robustToOutliers(model: MotionFit.Model) throws {
        let truth: Motion =
            model == .translation
            ? .translation(7.5, -3.25)
            : model == .scaleAndTranslation
                ? Motion.scaling(1.03, aboutX: 320, y: 180).then(.translation(-6, 2))
                : Motion(a: 0.99, b: 0.02, tx: 4, ty: -5)
        let result = try #require(MotionFit(model: model).fit(Self.pairs(truth, outlierEvery: 3, noise: 0.3)))
        for (x, y) in [(0.0, 0.0), (640, 360), (320, 100)] {
            let got = result.motion.apply(x: x, y: y), want = truth.apply(x: x, y: y)
            #expect(
                abs(got.x - want.x) < 0.2 && abs(got.y - want.y) < 0.2, "\(model) at (\(x), \(y)): \(result.motion)")
        }
        #expect(result.inliers >= 38 && result.inliers <= 40, "\(result.inliers) inliers of 60 (20 are outliers)")
    }

    @Test func sameInputSameMotion() {
        let pairs = Self.pairs(.translation(3, 4), count: 200, outlierEvery: 4, noise: 0.5)
        let fit = MotionFit(model: .scaleAndTranslation)
        #expect(fit.fit(pairs) == fit.fit(pairs))
    }

    @Test func tooFewPairsGiveNothing() {
        #expect(MotionFit(model: .translation, minInliers: 3).fit(Self.pairs(.identity, count: 2)) == nil)
        #expect(MotionFit(model: .translation).fit([]) == nil)
    }

    @Test func clusteredPointsDoNotInventAZoom() throws {
        // Points within a few pixels of each other: a tiny flow error would be a large scale
        // error, so the scale stays 1.
        let pairs = (0..<10).map { (i: Int) -> PointPair in
            let column = Double(i % 3), row = Double(i / 3)
            return PointPair(
                from: SIMD2<Double>(100 + column, 50 + row),
                to: SIMD2<Double>(105 + column * 1.05, 50 + row))
        }
        let result = try #require(MotionFit(model: .scaleAndTranslation).fit(pairs))
        #expect(result.motion.scale == 1)
    }

    @Test func priorMotionThenOwnTranslation() throws {
        let prior = Motion.scaling(1.1, aboutX: 200, y: 100)
        let truth = prior.then(.translation(4, -2))
        let result = try #require(MotionFit(model: .translation).fit(Self.pairs(truth), after: prior))
        #expect(MotionTests.close(result.motion, truth, 1e-6), "\(result.motion)")
    }
}

@Suite struct MotionHistoryTests {
    @Test func accumulatesSinceAFrame() throws {
        var history = MotionHistory(capacity: 4)
        for (i, dx) in [1.0, 2, 4, 8, 16].enumerated() {
            history.append(time: UInt64(i * 10), motion: .translation(dx, 0))
        }
        #expect(try #require(history.accumulated(since: 40)) == .identity)
        #expect(try #require(history.accumulated(since: 20)).tx == 24, "frames 30 and 40")
        #expect(history.accumulated(since: 0) == nil, "pushed out of a 4-frame history")
        #expect(history.accumulated(since: 25) == nil, "no such frame")
    }
}
