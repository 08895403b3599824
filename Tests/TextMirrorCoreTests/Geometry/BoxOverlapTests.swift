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

@Suite struct BoxSmoothingTests {
    @Test func movingAverage() {
        let previous = PixelBox(centerX: 100, centerY: 50, width: 200, height: 20)
        let detection = PixelBox(centerX: 110, centerY: 40, width: 220, height: 30)
        let b = BoxSmoothing.blend(previous: previous, detection: detection, alpha: 0.35)
        #expect(abs(b.centerX - 103.5) < 1e-9 && abs(b.centerY - 46.5) < 1e-9)
        #expect(abs(b.width - 207) < 1e-9 && abs(b.height - 23.5) < 1e-9)
        #expect(b.angle == 0 && b.isAxisAligned)
        #expect(BoxSmoothing.blend(previous: previous, detection: detection, alpha: 1) == detection,
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

@Suite struct BoxAssociationTests {
    @Test func oneToOneByBestOverlap() {
        let tracks = [PixelBox(centerX: 100, centerY: 50, width: 200, height: 20),
                      PixelBox(centerX: 100, centerY: 100, width: 200, height: 20)]
        // The second detection overlaps the first track best, the first detection the second.
        let detections = [PixelBox(centerX: 104, centerY: 98, width: 200, height: 20),
                          PixelBox(centerX: 102, centerY: 52, width: 200, height: 20),
                          PixelBox(centerX: 500, centerY: 300, width: 80, height: 20)]
        let pairs = BoxAssociation.match(detections: detections, tracks: tracks)
        #expect(pairs.map(\.detection) == [0, 1] && pairs.map(\.track) == [1, 0])
    }

    @Test func eachTrackAtMostOnce() {
        let tracks = [PixelBox(centerX: 100, centerY: 50, width: 200, height: 20)]
        let detections = [PixelBox(centerX: 100, centerY: 50, width: 200, height: 20),
                          PixelBox(centerX: 101, centerY: 50, width: 200, height: 20)]
        let pairs = BoxAssociation.match(detections: detections, tracks: tracks)
        #expect(pairs.count == 1 && pairs[0].detection == 0)
    }
}
