import Testing
import TextMirrorCore

@Suite struct MirrorAxisTests {
    @Test func axisNearestTheCentreOnAOnePixelGrid() {
        // Centred on 100.0 and 51 wide: plain rounding would mirror about 100.5.
        let box = PixelBox(centerX: 100, centerY: 40.3, width: 51, height: 20.2)
        let aligned = box.alignedForMirror(horizontalGrid: 1, verticalGrid: 1)
        #expect(aligned.centerX == 100 && aligned.width == 52)
        #expect(aligned.centerY == 40.5 && aligned.height == 21)
        let rect = aligned.snappedRect(frameWidth: 400, frameHeight: 200, hGrid: 1, vGrid: 1)
        #expect(rect == PixelRect(x0: 74, y0: 30, x1: 126, y1: 51))
    }

    @Test func axisOnWholePixelsOnATwoPixelGrid() {
        let box = PixelBox(centerX: 100.4, centerY: 41.6, width: 50, height: 20)
        let aligned = box.alignedForMirror(horizontalGrid: 2, verticalGrid: 2)
        let rect = aligned.snappedRect(frameWidth: 400, frameHeight: 200, hGrid: 2, vGrid: 2)
        #expect(aligned.centerX == 100 && aligned.centerY == 42)
        // Edges even, symmetric about the axis, covering the box.
        #expect(rect == PixelRect(x0: 74, y0: 32, x1: 126, y1: 52))
    }

    @Test func rotatedBoxesAreLeftAlone() {
        let box = PixelBox(centerX: 100.3, centerY: 40, width: 51, height: 20, angle: 10)
        #expect(box.alignedForMirror(horizontalGrid: 2, verticalGrid: 2) == box)
    }

    @Test("Never narrower, at most a grid step wider", arguments: [1, 2])
    func covers(grid: Int) {
        for i in 0..<200 {
            let c = 50 + Double(i) * 0.137, w = 10 + Double(i) * 0.291
            let a = PixelBox(centerX: c, centerY: c, width: w, height: w).alignedForMirror(horizontalGrid: grid, verticalGrid: grid)
            #expect(a.centerX - a.width / 2 <= c - w / 2 + Double(grid) / 2 + 1e-9)
            #expect(a.width >= w - 1e-9 && a.width <= w + 2 * Double(grid) + 1e-9, "\(c) \(w) -> \(a)")
            #expect(abs(a.centerX - c) <= Double(grid) / 4 + 1e-9)
        }
    }
}
