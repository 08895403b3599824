import Testing
import TextMirrorEvalCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The element reports a rotated box as its bounding box plus angle; these check the way back.
@Suite struct RotatedBoxTests {
    /// The bounding box the element would report (before its rounding to whole pixels).
    static func boundingBox(_ b: RotatedBox) -> (x: Double, y: Double, w: Double, h: Double) {
        let r = b.angle * .pi / 180, c = abs(cos(r)), s = abs(sin(r))
        let w = b.width * c + b.height * s, h = b.width * s + b.height * c
        return (b.centerX - w / 2, b.centerY - h / 2, w, h)
    }

    @Test(arguments: [0.0, 1.5, -12, 30, -35, 60, 89])
    func recoversTheRectangle(angle: Double) {
        let truth = RotatedBox(centerX: 200, centerY: 120, width: 180, height: 24, angle: angle)
        let bb = Self.boundingBox(truth)
        let back = RotatedBox(boundingX: bb.x, y: bb.y, width: bb.w, height: bb.h, angle: angle)
        #expect(
            abs(back.width - truth.width) < 1e-6 && abs(back.height - truth.height) < 1e-6,
            "\(back.width) x \(back.height)")
        #expect(abs(back.centerX - 200) < 1e-9 && abs(back.centerY - 120) < 1e-9)
    }

    @Test func nearFortyFiveDegreesFallsBackToTheBoundingBox() {
        let back = RotatedBox(boundingX: 10, y: 20, width: 100, height: 90, angle: 44)
        #expect(back == RotatedBox(centerX: 60, centerY: 65, width: 100, height: 90, angle: 0))
    }

    /// A result file's quadrilateral read back as the rectangle it was written from.
    @Test(arguments: [0.0, 7, -20, 44, -60])
    func aRectanglesCornersEncloseItAgain(_ angle: Double) {
        let box = RotatedBox(centerX: 200, centerY: 120, width: 150, height: 24, angle: angle)
        let back = RotatedBox(enclosing: box.corners)
        #expect(abs(back.centerX - box.centerX) < 1e-9 && abs(back.centerY - box.centerY) < 1e-9)
        #expect(abs(back.width - box.width) < 1e-9 && abs(back.height - box.height) < 1e-9)
        #expect(abs(back.angle - angle) < 1e-9, "angle \(back.angle)")
    }

    @Test func cornersRunClockwiseFromTopLeft() {
        let corners = RotatedBox(centerX: 5, centerY: 5, width: 4, height: 2, angle: 0).corners
        #expect(corners == [EvalPoint(3, 4), EvalPoint(7, 4), EvalPoint(7, 6), EvalPoint(3, 6)])
    }
}
