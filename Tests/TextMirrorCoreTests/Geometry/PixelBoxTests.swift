import Testing
import TextMirrorCore

@Suite struct PixelBoxTests {
    static func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> PixelBox {
        PixelBox(centerX: (x0 + x1) / 2, centerY: (y0 + y1) / 2, width: x1 - x0, height: y1 - y0)
    }

    static func rect(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> PixelRect {
        PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let box: PixelBox
        let frame: (Int, Int)
        let grid: (Int, Int)
        let expected: PixelRect?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "whole frame", box: box(0, 0, 33, 7), frame: (33, 7), grid: (1, 1), expected: rect(0, 0, 33, 7)),
        Case(
            name: "whole odd frame on a 2x2 grid keeps the odd edges",
            box: box(0, 0, 33, 7), frame: (33, 7), grid: (2, 2), expected: rect(0, 0, 33, 7)),
        Case(
            name: "interior, no snapping needed", box: box(4, 2, 10, 6), frame: (20, 10), grid: (2, 2),
            expected: rect(4, 2, 10, 6)),
        Case(
            name: "odd edges widen outwards to the 2x2 grid", box: box(3, 3, 9, 7), frame: (20, 10), grid: (2, 2),
            expected: rect(2, 2, 10, 8)),
        Case(
            name: "2x1 grid snaps columns only", box: box(3, 3, 9, 7), frame: (20, 10), grid: (2, 1),
            expected: rect(2, 3, 10, 7)),
        Case(
            name: "1x1 grid keeps odd edges", box: box(3, 3, 9, 7), frame: (20, 10), grid: (1, 1),
            expected: rect(3, 3, 9, 7)),
        Case(
            name: "edges round to the nearest pixel", box: box(2.25, 1.75, 7.5, 6.25), frame: (20, 10), grid: (1, 1),
            expected: rect(2, 2, 8, 6)),
        Case(
            name: "snapping at the odd right edge stops at the frame", box: box(16, 0, 21, 4), frame: (21, 9),
            grid: (2, 2),
            expected: rect(16, 0, 21, 4)),
        Case(
            name: "snapping at the odd bottom edge stops at the frame", box: box(0, 7, 4, 9), frame: (21, 9),
            grid: (2, 2),
            expected: rect(0, 6, 4, 9)),
        Case(
            name: "partly outside left and top is clipped", box: box(-5, -3, 4, 3), frame: (20, 10), grid: (1, 1),
            expected: rect(0, 0, 4, 3)),
        Case(
            name: "partly outside right and bottom is clipped", box: box(15, 8, 30, 30), frame: (20, 10), grid: (1, 1),
            expected: rect(15, 8, 20, 10)),
        Case(
            name: "larger than the frame", box: box(-100, -100, 100, 100), frame: (20, 10), grid: (2, 2),
            expected: rect(0, 0, 20, 10)),
        Case(
            name: "infinite size covers the frame",
            box: PixelBox(centerX: 3, centerY: 3, width: .infinity, height: .infinity), frame: (20, 10), grid: (2, 2),
            expected: rect(0, 0, 20, 10)),
        Case(
            name: "one pixel inside the right edge", box: box(19, 0, 25, 1), frame: (20, 10), grid: (1, 1),
            expected: rect(19, 0, 20, 1)),
        Case(name: "wholly left of the frame", box: box(-10, 0, -1, 5), frame: (20, 10), grid: (1, 1), expected: nil),
        Case(name: "wholly right of the frame", box: box(20, 0, 30, 5), frame: (20, 10), grid: (1, 1), expected: nil),
        Case(name: "wholly below the frame", box: box(0, 10, 5, 30), frame: (20, 10), grid: (1, 1), expected: nil),
        Case(name: "zero width", box: box(5, 0, 5, 5), frame: (20, 10), grid: (2, 2), expected: nil),
        Case(name: "zero height", box: box(0, 5, 5, 5), frame: (20, 10), grid: (2, 2), expected: nil),
        Case(
            name: "negative width", box: PixelBox(centerX: 5, centerY: 5, width: -2, height: 2), frame: (20, 10),
            grid: (1, 1), expected: nil),
        Case(
            name: "sub-pixel box rounds to nothing", box: box(5.1, 5.1, 5.4, 5.4), frame: (20, 10), grid: (2, 2),
            expected: nil),
        Case(
            name: "NaN centre", box: PixelBox(centerX: .nan, centerY: 5, width: 4, height: 4), frame: (20, 10),
            grid: (1, 1), expected: nil)
    ]

    @Test(arguments: cases)
    func snappedRect(_ c: Case) {
        let got = c.box.snappedRect(frameWidth: c.frame.0, frameHeight: c.frame.1, hGrid: c.grid.0, vGrid: c.grid.1)
        #expect(got == c.expected)
    }

    /// Snapped rects always lie in the frame, start on the grid, end on the grid or the frame
    /// edge, and cover the rounded box.
    @Test func snappedRectInvariants() {
        var checked = 0
        for (hGrid, vGrid) in [(1, 1), (2, 1), (2, 2)] {
            for (w, h) in [(1, 1), (7, 5), (20, 10), (33, 7)] {
                for x0 in stride(from: -3.0, through: Double(w) + 2, by: 0.75) {
                    for width in [0.25, 1, 2.5, 7] {  // exact in binary, so rounding ties are real ties
                        let box = Self.box(x0, x0 / 2, x0 + width, x0 / 2 + width)
                        guard let r = box.snappedRect(frameWidth: w, frameHeight: h, hGrid: hGrid, vGrid: vGrid) else {
                            continue
                        }
                        checked += 1
                        let where_ = "\(box) in \(w)x\(h) grid \(hGrid)x\(vGrid) -> \(r)"
                        #expect(!r.isEmpty, "\(where_)")
                        #expect(r.x0 >= 0 && r.y0 >= 0 && r.x1 <= w && r.y1 <= h, "\(where_)")
                        #expect(r.x0 % hGrid == 0 && r.y0 % vGrid == 0, "\(where_)")
                        #expect(r.x1 % hGrid == 0 || r.x1 == w, "\(where_)")
                        #expect(r.y1 % vGrid == 0 || r.y1 == h, "\(where_)")
                        #expect(
                            Double(r.x0) <= max((x0).rounded(), 0)
                                && Double(r.x1) >= min((x0 + width).rounded(), Double(w)),
                            "\(where_)")
                    }
                }
            }
        }
        #expect(checked > 300, "too few boxes landed in the frame to check anything")
    }

    @Test(arguments: [0.0, 180, -180, 360, 540, -720, 1e-12, 180 + 1e-12])
    func multiplesOf180AreAxisAligned(angle: Double) {
        #expect(PixelBox(centerX: 1, centerY: 1, width: 1, height: 1, angle: angle).isAxisAligned)
    }

    @Test(arguments: [90.0, -90, 45, 1, 179.9, 0.001, 270])
    func otherAnglesAreRotated(angle: Double) {
        #expect(!PixelBox(centerX: 1, centerY: 1, width: 1, height: 1, angle: angle).isAxisAligned)
    }

    @Test func regionToPixelsScalesCentreAndSize() {
        let region = MirrorRegion(x: 0.25, y: 0.5, width: 0.5, height: 0.25, angle: 30)
        #expect(
            region.pixelBox(frameWidth: 100, frameHeight: 40)
                == PixelBox(centerX: 50, centerY: 25, width: 50, height: 10, angle: 30))
        let whole = MirrorRegion(x: 0, y: 0, width: 1, height: 1)
        #expect(
            whole.pixelBox(frameWidth: 33, frameHeight: 7)
                .snappedRect(frameWidth: 33, frameHeight: 7, hGrid: 2, vGrid: 2) == Self.rect(0, 0, 33, 7))
    }

    /// Neighbouring regions that share an edge in normalized coordinates share it in pixels
    /// too, with no gap and no overlap, whatever the frame size.
    @Test func neighbouringRegionsStaySeamless() throws {
        for width in [7, 33, 101, 640] {
            let left = MirrorRegion(x: 0.1, y: 0, width: 0.3333, height: 1).pixelBox(frameWidth: width, frameHeight: 8)
            let right = MirrorRegion(x: 0.4333, y: 0, width: 0.2, height: 1).pixelBox(frameWidth: width, frameHeight: 8)
            let l = try #require(left.snappedRect(frameWidth: width, frameHeight: 8, hGrid: 1, vGrid: 1))
            let r = try #require(right.snappedRect(frameWidth: width, frameHeight: 8, hGrid: 1, vGrid: 1))
            #expect(l.x1 == r.x0, "width \(width): \(l) then \(r)")
        }
    }
}
