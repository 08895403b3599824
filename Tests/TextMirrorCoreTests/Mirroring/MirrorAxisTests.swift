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
            let a = PixelBox(centerX: c, centerY: c, width: w, height: w).alignedForMirror(
                horizontalGrid: grid, verticalGrid: grid)
            #expect(a.centerX - a.width / 2 <= c - w / 2 + Double(grid) / 2 + 1e-9)
            #expect(a.width >= w - 1e-9 && a.width <= w + 2 * Double(grid) + 1e-9, "\(c) \(w) -> \(a)")
            #expect(abs(a.centerX - c) <= Double(grid) / 4 + 1e-9)
        }
    }

    // MARK: each plane about its own nearest axis (detected boxes)

    @Test func i420MirrorsLumaAboutHalfPixelsAndChromaAboutTheNearestWholePixel() throws {
        let layout = FrameLayout(.i420)
        let box = PixelBox(centerX: 10.5, centerY: 6.5, width: 9, height: 5)
        let rects = try #require(box.mirrorRects(layout: layout, frameWidth: 40, frameHeight: 20))
        // Luma keeps the box's own half-pixel axis and its odd edges.
        #expect(rects[0] == PixelRect(x0: 6, y0: 4, x1: 15, y1: 9))
        // Chroma: the axis 11 (nearest on the 2-pixel grid), wide enough to cover the luma.
        #expect(rects[1] == PixelRect(x0: 6, y0: 4, x1: 16, y1: 10))
        #expect(rects[2] == rects[1])
    }

    @Test(
        "Without subsampled planes, the rects are alignedForMirror's",
        arguments: [PixelFormat.y444, .rgba, .gray8, .yuy2, .uyvy])
    func unchangedWhereAllPlanesShareAGrid(format: PixelFormat) {
        let layout = FrameLayout(format)
        for i in 0..<100 {
            let box = PixelBox(
                centerX: 20 + Double(i) * 0.173, centerY: 15 + Double(i) * 0.091,
                width: 5 + Double(i) * 0.37, height: 3 + Double(i) * 0.11)
            let shared = box.alignedForMirror(horizontalGrid: layout.horizontalGrid, verticalGrid: layout.verticalGrid)
                .snappedRect(frameWidth: 64, frameHeight: 48, hGrid: layout.horizontalGrid, vGrid: layout.verticalGrid)
            let rects = box.mirrorRects(layout: layout, frameWidth: 64, frameHeight: 48)
            #expect(rects == layout.planes.map { _ in shared }, "\(format) \(box)")
        }
    }

    @Test(
        "4:2:0: luma at half pixels, chroma on its grid covering luma, axes at most half a pixel apart",
        arguments: [PixelFormat.i420, .nv12])
    func subsampledPlanesCoverLuma(format: PixelFormat) throws {
        let layout = FrameLayout(format)
        for i in 0..<300 {
            let box = PixelBox(
                centerX: 5 + Double(i) * 0.213, centerY: 4 + Double(i) * 0.137,
                width: 3 + Double(i) * 0.29, height: 2 + Double(i) * 0.07)
            let rects = try #require(box.mirrorRects(layout: layout, frameWidth: 101, frameHeight: 77))
            let luma = try #require(rects[0])
            let expected = box.alignedForMirror(horizontalGrid: 1, verticalGrid: 1)
                .snappedRect(frameWidth: 101, frameHeight: 77, hGrid: 1, vGrid: 1)
            #expect(luma == expected)
            for (plane, rect) in zip(layout.planes, rects).dropFirst() {
                let chroma = try #require(rect)
                #expect(chroma.x0 <= luma.x0 && chroma.x1 >= luma.x1 && chroma.y0 <= luma.y0 && chroma.y1 >= luma.y1)
                #expect(chroma.x0 % plane.pixelsPerUnit == 0 && chroma.y0 % plane.rowsPerUnit == 0)
                #expect(chroma.x1 % plane.pixelsPerUnit == 0 || chroma.x1 == 101)
                #expect(chroma.y1 % plane.rowsPerUnit == 0 || chroma.y1 == 77)
                // Away from the frame's edges: symmetric about an axis within half a pixel of
                // luma's, and at most a chroma sample wider on each side.
                if chroma.x0 > 0, chroma.x1 < 101, luma.x0 > 0, luma.x1 < 101 {
                    #expect(abs(Double(chroma.x0 + chroma.x1) - Double(luma.x0 + luma.x1)) <= 1)
                    #expect(luma.x0 - chroma.x0 <= 2 && chroma.x1 - luma.x1 <= 2, "\(box): \(luma) \(chroma)")
                }
            }
        }
    }

    @Test func rotatedAndBrokenBoxesAreLeftToTheCaller() {
        let layout = FrameLayout(.i420)
        for box in [
            PixelBox(centerX: 10, centerY: 10, width: 8, height: 4, angle: 20),
            PixelBox(centerX: .nan, centerY: 10, width: 8, height: 4),
            PixelBox(centerX: 10, centerY: 10, width: .infinity, height: 4),
            PixelBox(centerX: 10, centerY: 10, width: 0, height: 4)
        ] {
            #expect(box.mirrorRects(layout: layout, frameWidth: 40, frameHeight: 20) == nil, "\(box)")
        }
    }

    @Test func boxesOutsideTheFrameMirrorNothing() throws {
        let layout = FrameLayout(.i420)
        for box in [
            PixelBox(centerX: -10, centerY: 10, width: 8, height: 4),
            PixelBox(centerX: 10, centerY: 25, width: 8, height: 4),
            PixelBox(centerX: 1e300, centerY: 10, width: 8, height: 4)
        ] {
            let rects = try #require(box.mirrorRects(layout: layout, frameWidth: 40, frameHeight: 20))
            #expect(rects.allSatisfy { $0 == nil }, "\(box)")
        }
    }
}
