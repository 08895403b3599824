import Testing
import TextMirrorCore

@Suite struct BoxSmoothingTests {
    @Test func movingAverage() {
        let previous = PixelBox(centerX: 100, centerY: 50, width: 200, height: 20)
        let detection = PixelBox(centerX: 110, centerY: 40, width: 220, height: 30)
        let b = BoxSmoothing.blend(previous: previous, detection: detection, alpha: 0.35)
        #expect(abs(b.centerX - 103.5) < 1e-9 && abs(b.centerY - 46.5) < 1e-9)
        #expect(abs(b.width - 207) < 1e-9 && abs(b.height - 23.5) < 1e-9)
        #expect(b.angle == 0 && b.isAxisAligned)
        #expect(
            BoxSmoothing.blend(previous: previous, detection: detection, alpha: 1) == detection,
            "1 disables smoothing")
    }

    @Test func anglesWrapAround() {
        // 89° and −89° are two degrees apart: the average is near ±90°, not 0°.
        let previous = PixelBox(centerX: 0, centerY: 0, width: 100, height: 10, angle: 89)
        let detection = PixelBox(centerX: 0, centerY: 0, width: 100, height: 10, angle: -89)
        let b = BoxSmoothing.blend(previous: previous, detection: detection, alpha: 0.5)
        #expect(abs(abs(b.angle) - 90) < 1e-9, "\(b.angle)")
        // The same rectangle described from its other side (sides swapped, a quarter turn).
        let swapped = PixelBox(centerX: 0, centerY: 0, width: 10, height: 100, angle: -1)
        let c = BoxSmoothing.blend(previous: previous, detection: swapped, alpha: 0.5)
        #expect(abs(c.width - 100) < 1e-9 && abs(c.height - 10) < 1e-9 && abs(c.angle - 89) < 1e-9, "\(c)")
    }
}
