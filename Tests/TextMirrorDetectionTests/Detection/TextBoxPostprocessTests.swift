#if canImport(Glibc)
    import Glibc
#endif
import Testing
import TextMirrorCore

@Suite struct TextBoxPostprocessTests {
    private func kernel(
        _ cx: Double, _ cy: Double, _ w: Double, _ h: Double, _ angle: Double,
        score: Double = 0.9
    ) -> TextKernel {
        TextKernel(centerX: cx, centerY: cy, width: w, height: h, angle: angle, score: score)
    }

    private func expectClose(
        _ a: Double, _ b: Double, _ tolerance: Double = 1e-9,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(abs(a - b) <= tolerance, "\(a) is not \(b)", sourceLocation: sourceLocation)
    }

    /// The four corners of a box, sorted, so two descriptions of one rectangle compare equal.
    private func corners(_ b: PixelBox) -> [[Double]] {
        let r = b.angle * .pi / 180, c = cos(r), s = sin(r)
        return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { (u, v) -> [Double] in
            let x = b.centerX + u * b.width / 2 * c - v * b.height / 2 * s
            let y = b.centerY + u * b.width / 2 * s + v * b.height / 2 * c
            return [(x * 1e6).rounded() / 1e6, (y * 1e6).rounded() / 1e6]
        }.sorted { $0[0] != $1[0] ? $0[0] < $1[0] : $0[1] < $1[1] }
    }

    // MARK: unclip

    @Test func unclipGrowsEachSideByAreaTimesRatioOverPerimeter() {
        let grown = TextBoxPostprocess.unclip(kernel(50, 20, 100, 10, 30), ratio: 1.5)
        let d = 100.0 * 10 * 1.5 / 220
        expectClose(grown.width, 100 + 2 * d)
        expectClose(grown.height, 10 + 2 * d)
        #expect(grown.centerX == 50 && grown.centerY == 20 && grown.angle == 30 && grown.score == 0.9)
    }

    @Test func unclipOfASquareAddsThreeQuartersOfItsSideAtRatio1point5() {
        let grown = TextBoxPostprocess.unclip(kernel(0, 0, 8, 8, 0), ratio: 1.5)
        expectClose(grown.width, 8 * 1.75)
        expectClose(grown.height, 8 * 1.75)
    }

    @Test func unclipLeavesADegenerateBoxAlone() {
        let flat = kernel(3, 4, 0, 0, 0)
        #expect(TextBoxPostprocess.unclip(flat, ratio: 2) == flat)
    }

    // MARK: mapping to the frame

    @Test func equalScalesScaleCentreAndSizeAndKeepTheAngle() {
        let b = TextBoxPostprocess.toFrame(kernel(10, 20, 30, 8, 25), scaleX: 3, scaleY: 3)
        expectClose(b.centerX, 30)
        expectClose(b.centerY, 60)
        expectClose(b.width, 90)
        expectClose(b.height, 24)
        expectClose(b.angle, 25)
    }

    @Test func unequalScalesStretchEachSideAlongItsAxis() {
        let flat = TextBoxPostprocess.toFrame(kernel(10, 10, 40, 10, 0), scaleX: 2, scaleY: 3)
        expectClose(flat.width, 80)
        expectClose(flat.height, 30)
        expectClose(flat.angle, 0)
        // At 90 degrees the width side runs down the picture, so it takes the vertical scale.
        let upright = TextBoxPostprocess.toFrame(kernel(10, 10, 40, 10, 90), scaleX: 2, scaleY: 3)
        expectClose(upright.width, 120, 1e-9)
        expectClose(upright.height, 20, 1e-9)
        expectClose(upright.angle, 90, 1e-9)
    }

    @Test func unequalScalesTurnTheWidthSide() {
        let b = TextBoxPostprocess.toFrame(kernel(0, 0, 10, 2, 45), scaleX: 2, scaleY: 1)
        // The width vector (cos 45, sin 45) * 10 becomes (2 cos 45, sin 45) * 10.
        expectClose(b.angle, atan2(1.0, 2.0) * 180 / .pi)
        expectClose(b.width, 10 * (0.5 * 4 + 0.5).squareRoot())
    }

    // MARK: orientation

    @Test(arguments: [
        // OpenCV minAreaRect (width, height, angle) -> along the text (width, height, angle)
        ((10.0, 100.0, 90.0), (100.0, 10.0, 0.0)),  // a horizontal line as minAreaRect reports it
        ((100.0, 10.0, 90.0), (100.0, 10.0, 90.0)),  // a vertical line stays vertical
        ((100.0, 10.0, 30.0), (100.0, 10.0, 30.0)),
        ((10.0, 100.0, 30.0), (100.0, 10.0, -60.0)),
        // What OpenCV 4.6's minAreaRect returns for a line rising at 30 degrees.
        ((10.2937, 99.6797, 59.8265), (99.6797, 10.2937, -30.1735)),
        ((100.0, 10.0, 180.0), (100.0, 10.0, 0.0)),
        ((100.0, 10.0, -90.0), (100.0, 10.0, 90.0)),
        ((30.0, 25.0, 80.0), (25.0, 30.0, -10.0)),  // steep but squarish: upright glyphs
        ((46.0, 30.0, 70.0), (46.0, 30.0, 70.0))  // steep and elongated (>= 1.5): a turned line
    ])
    func orientation(raw: (Double, Double, Double), expected: (Double, Double, Double)) {
        let input = PixelBox(centerX: 5, centerY: 6, width: raw.0, height: raw.1, angle: raw.2)
        let b = TextBoxPostprocess.orientedAlongText(input)
        expectClose(b.width, expected.0)
        expectClose(b.height, expected.1)
        expectClose(b.angle, expected.2, 1e-9)
        #expect(corners(b) == corners(input), "orientation must not move the rectangle")
    }

    @Test func orientationAlwaysDescribesTheSameRectangleWithAnAngleInRange() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            func uniform(_ lo: Double, _ hi: Double) -> Double { lo + Double(rng.next() % 1_000_000) / 1e6 * (hi - lo) }
            let input = PixelBox(
                centerX: uniform(0, 500), centerY: uniform(0, 500), width: uniform(1, 300),
                height: uniform(1, 300), angle: uniform(-400, 400))
            let b = TextBoxPostprocess.orientedAlongText(input)
            #expect(b.angle > -90 && b.angle <= 90)
            if abs(b.angle) <= 45 { #expect(b.width >= b.height || b.width * 1.5 > b.height) }
            let a = corners(input), c = corners(b)
            for (p, q) in zip(a, c) {
                #expect(abs(p[0] - q[0]) < 1e-6 && abs(p[1] - q[1]) < 1e-6)
            }
        }
    }

    @Test(arguments: [
        (90.0, 90.0), (-90.0, 90.0), (180.0, 0.0), (270.0, 90.0), (-45.0, -45.0),
        (135.0, -45.0), (-135.0, 45.0), (720.5, 0.5), (Double.nan, 0.0)
    ])
    func normalizedAngle(angle: Double, expected: Double) {
        expectClose(PixelBox.normalizedAngle(angle), expected, 1e-9)
    }

    // MARK: the whole chain

    @Test func kernelsBecomeTextLinesInFramePixels() throws {
        let input = DetectorInputSize(width: 640, height: 352)
        // A horizontal kernel as minAreaRect reports it: width across the line, angle 90.
        let raw = kernel(320, 176, 10, 200, 90, score: 0.8)
        let lines = TextBoxPostprocess(unclipRatio: 1.5).textBoxes(
            [raw], input: input,
            frameWidth: 1280, frameHeight: 720)
        try #require(lines.count == 1)
        let d = 10.0 * 200 * 1.5 / 420
        let sy = 720.0 / 352
        let line = lines[0]
        #expect(line.score == 0.8)
        expectClose(line.box.centerX, 640, 1e-9)
        expectClose(line.box.centerY, 176 * sy, 1e-9)
        expectClose(line.box.width, (200 + 2 * d) * 2, 1e-9)
        expectClose(line.box.height, (10 + 2 * d) * sy, 1e-9)
        expectClose(line.box.angle, 0, 1e-9)
    }

    @Test func defaultsAreMeasuredValues() {
        #expect(TextBoxPostprocess().unclipRatio == 1.5)
    }
}
