import Testing
import TextMirrorEvalCore

@Suite struct PixelMaskTests {
    static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [EvalPoint] {
        [EvalPoint(x0, y0), EvalPoint(x1, y0), EvalPoint(x1, y1), EvalPoint(x0, y1)]
    }

    /// The pixels set, as (x, y) pairs in row order.
    static func pixels(_ mask: PixelMask) -> [[Int]] {
        var out: [[Int]] = []
        for y in 0..<mask.height { for x in 0..<mask.width where mask[x, y] { out.append([x, y]) } }
        return out
    }

    @Test func rectangleOnPixelEdgesIsExact() {
        let mask = PixelMask.polygon(Self.rect(2, 1, 5, 3), width: 8, height: 6)
        #expect(Self.pixels(mask) == [[2, 1], [3, 1], [4, 1], [2, 2], [3, 2], [4, 2]])
    }

    @Test func pixelCentreRuleOnHalfPixelEdges() {
        // Centres 2.5 and 3.5 lie in [2.5, 4.5): the left edge through a centre takes that pixel,
        // the right edge through a centre does not.
        let mask = PixelMask.polygon(Self.rect(2.5, 0, 4.5, 1), width: 8, height: 2)
        #expect(Self.pixels(mask) == [[2, 0], [3, 0]])
    }

    @Test func sharedEdgeGivesNoPixelTwice() {
        var a = PixelMask.polygon(Self.rect(0, 0, 3.3, 4), width: 8, height: 4)
        let b = PixelMask.polygon(Self.rect(3.3, 0, 8, 4), width: 8, height: 4)
        #expect(a.intersectionCount(b) == 0)
        a.formUnion(b)
        #expect(a.count == 32)
    }

    @Test func rotatedSquareAreaMatchesItsPixelCount() {
        // A square of side 20 turned by 30 degrees: 400 square pixels.
        let box = RotatedBox(centerX: 30, centerY: 30, width: 20, height: 20, angle: 30)
        let count = PixelMask.polygon(box.corners, width: 60, height: 60).count
        #expect(abs(count - 400) <= 8, "\(count) pixels")
        #expect(PolygonGeometry.signedArea(box.corners) > 399.9)
    }

    @Test func polygonIsClippedToThePicture() {
        let mask = PixelMask.polygon(Self.rect(-5, -5, 2, 2), width: 4, height: 4)
        #expect(Self.pixels(mask) == [[0, 0], [1, 0], [0, 1], [1, 1]])
        #expect(PixelMask.polygon(Self.rect(10, 10, 20, 20), width: 4, height: 4).count == 0)
    }

    @Test func degeneratePolygonsHaveNoPixels() {
        #expect(
            PixelMask.polygon([EvalPoint(1, 1), EvalPoint(5, 1), EvalPoint(9, 1)], width: 10, height: 10).count == 0)
        #expect(PixelMask.polygon([EvalPoint(1, 1), EvalPoint(5, 5)], width: 10, height: 10).count == 0)
    }

    @Test func dilationIsASquareClippedAtTheEdges() {
        var mask = PixelMask(width: 10, height: 10)
        mask[5, 5] = true
        #expect(mask.dilated(by: 2).count == 25)
        #expect(mask.dilated(by: 0) == mask)
        var corner = PixelMask(width: 10, height: 10)
        corner[0, 0] = true
        #expect(corner.dilated(by: 2).count == 9)
    }

    @Test func changedPixelsCompareAllFourBytes() {
        let before = [UInt8](repeating: 7, count: 3 * 2 * 4)
        var after = before
        after[4 * 1 + 3] = 8  // alpha of pixel (1, 0)
        after[4 * 5 + 0] = 0  // red of pixel (2, 1)
        let changed = PixelMask.changedPixels(before: before, after: after, width: 3, height: 2)
        #expect(Self.pixels(changed) == [[1, 0], [2, 1]])
    }
}

extension PixelMaskTests {
    @Test func toleranceIgnoresSmallChanges() {
        let before = [UInt8](repeating: 100, count: 3 * 1 * 4)
        var after = before
        after[0] = 104  // pixel 0: +4 in red
        after[4 + 1] = 80  // pixel 1: -20 in green
        let changed = PixelMask.changedPixels(before: before, after: after, width: 3, height: 1, tolerance: 8)
        #expect(Self.pixels(changed) == [[1, 0]])
        #expect(PixelMask.changedPixels(before: before, after: after, width: 3, height: 1).count == 2)
    }
}
