import Testing
import TextMirrorCore

@Suite struct BoxOverlapTests {
    @Test func axisAligned() {
        let a = PixelBox(centerX: 10, centerY: 10, width: 20, height: 10)
        #expect(abs(a.iou(a) - 1) < 1e-12)
        let b = PixelBox(centerX: 20, centerY: 10, width: 20, height: 10)  // half overlaps
        #expect(abs(a.intersectionArea(b) - 100) < 1e-9)
        #expect(abs(a.iou(b) - 100.0 / 300) < 1e-9)
        #expect(a.iou(PixelBox(centerX: 100, centerY: 10, width: 20, height: 10)) == 0)
    }

    @Test func rotated() {
        // A square turned by 90 degrees is the same square; by 45 degrees it keeps the inscribed
        // octagon in common.
        let square = PixelBox(centerX: 0, centerY: 0, width: 10, height: 10)
        var turned = square
        turned.angle = 90
        #expect(abs(square.iou(turned) - 1) < 1e-9)
        turned.angle = 45
        let octagon = 100 * 2 * (2.0.squareRoot() - 1)  // side 10: area 2(√2−1)·10²
        #expect(abs(square.intersectionArea(turned) - octagon) < 1e-6)
        // A line inside a longer one.
        let long = PixelBox(centerX: 50, centerY: 10, width: 100, height: 12, angle: 10)
        let part = PixelBox(centerX: 50, centerY: 10, width: 30, height: 10, angle: 10)
        #expect(abs(long.overlapOfSmaller(part) - 1) < 1e-9)
    }
}
