import Testing
import TextMirrorEvalCore

/// The "edges added around boxes" measure on pictures made here, where each figure can be
/// worked out by hand.
@Suite struct BorderEdgesTests {
    static let width = 40, height = 30

    /// A packed RGBA grey picture whose value at (x, y) is `value(x, y)`.
    static func picture(_ value: (Int, Int) -> Int) -> [UInt8] {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let v = UInt8(clamping: value(x, y))
                for c in 0..<3 { rgba[4 * (y * width + x) + c] = v }
            }
        }
        return rgba
    }

    /// Pixels [10, 30) x [10, 20).
    static let box = RotatedBox(centerX: 20, centerY: 15, width: 20, height: 10, angle: 0)
    static func inBox(_ x: Int, _ y: Int) -> Bool { (10..<30).contains(x) && (10..<20).contains(y) }

    @Test func bandStraddlesTheOutline() {
        let band = BorderEdges.band([Self.box], width: Self.width, height: Self.height, radius: 2)
        // Grown: [8, 32) x [8, 22), 24 x 14; shrunk: [12, 28) x [12, 18), 16 x 6.
        #expect(band.count == 24 * 14 - 16 * 6)
        #expect(band[8, 8] && band[11, 15] && band[31, 21])
        #expect(!band[12, 12] && !band[7, 15] && !band[20, 22])
        // A box too small to have an inside is all band.
        let small = RotatedBox(centerX: 20, centerY: 15, width: 3, height: 3, angle: 0)
        #expect(BorderEdges.band([small], width: Self.width, height: Self.height, radius: 2).count == 7 * 7)
    }

    @Test func unchangedPicturesAddNothing() {
        let ramp = Self.picture { x, y in 3 * x + y }
        let edges = BorderEdges(before: ramp, after: ramp, width: Self.width, height: Self.height, boxes: [Self.box])
        #expect(edges.input > 0)
        #expect(edges.output == edges.input)
        #expect(edges.growth == 0)
    }

    /// A box brightened by 40 on a flat picture: each of the 60 neighbour pairs across its
    /// outline (10 rows at each end, 20 columns at top and bottom) steps by 40 levels.
    @Test func aStepAlongTheOutlineIsCounted() {
        let flat = Self.picture { _, _ in 100 }
        let lifted = Self.picture { x, y in Self.inBox(x, y) ? 140 : 100 }
        let edges = BorderEdges(before: flat, after: lifted, width: Self.width, height: Self.height, boxes: [Self.box])
        #expect(edges.input == 0)
        #expect(abs(edges.output - 60 * 40 * 40) < 1e-6)
        #expect(edges.growth == .infinity)
        #expect(edges.pixels == 26 * 16 - 14 * 4)
    }

    /// A ramp mirrored plainly inside the box grows the band's energy; the same ramp with the
    /// box's content kept on the ramp (what seamless mirroring gives) does not.
    @Test func aPlainMirrorOnARampAddsEdges() {
        let ramp = Self.picture { x, _ in 50 + 4 * x }
        let plain = Self.picture { x, y in 50 + 4 * (Self.inBox(x, y) ? 39 - x : x) }
        let plainEdges = BorderEdges(
            before: ramp, after: plain, width: Self.width, height: Self.height, boxes: [Self.box])
        #expect(plainEdges.growth > 5)
        let pooled =
            plainEdges
            + BorderEdges(
                before: ramp, after: ramp, width: Self.width, height: Self.height,
                boxes: [Self.box])
        #expect(pooled.input == 2 * plainEdges.input)
        #expect(abs(pooled.growth - plainEdges.growth / 2) < 1e-9)
        #expect(EvalReport.growth(pooled).hasPrefix("+"))
    }

    @Test func summaryAndReportPoolThePictures() {
        var a = ImageScore(name: "page_1", ground: [], boxes: [], changed: PixelMask(width: 4, height: 4))
        a.borderEdges = BorderEdges(input: 100, output: 150, pixels: 10)
        var b = ImageScore(name: "sign_2", ground: [], boxes: [], changed: PixelMask(width: 4, height: 4))
        b.borderEdges = BorderEdges(input: 300, output: 310, pixels: 20)
        let c = ImageScore(name: "notext_3", ground: [], boxes: [], changed: PixelMask(width: 4, height: 4))
        let summary = EvalSummary([a, b, c])
        #expect(summary.borderEdges == BorderEdges(input: 400, output: 460, pixels: 30))
        #expect(abs(summary.borderEdges.growth - 0.15) < 1e-12)
        a.backgroundEdges = BorderEdges(input: 100, output: 100, pixels: 10)
        b.backgroundEdges = BorderEdges(input: 100, output: 80, pixels: 20)
        let line = EvalReport.borderEdges([a, b, c])
        #expect(
            line.contains("2 pictures with boxes): +15.0%; background (pictures smoothed, σ 2 px) -10.0%"), "\(line)")
        #expect(line.contains("page +50.0% / +0.0%") && line.contains("sign +3.3% / -20.0%"), "\(line)")
        #expect(EvalSummary([a, b, c]).backgroundEdges == BorderEdges(input: 200, output: 180, pixels: 30))
    }

    /// Smoothed, text strokes fade into their tone while a step along a whole side stays: a
    /// stroke pattern moved inside the box adds far less than a lifted background.
    @Test func smoothingKeepsSeamsAndFadesStrokes() {
        let strokes = Self.picture { x, y in x % 4 == 0 ? 30 : 200 }
        let moved = Self.picture { x, y in (Self.inBox(x, y) ? x + 2 : x) % 4 == 0 ? 30 : 200 }
        let lifted = Self.picture { x, y in Self.inBox(x, y) ? 160 : 200 }
        let flat = Self.picture { _, _ in 200 }
        let raw = BorderEdges(before: strokes, after: moved, width: Self.width, height: Self.height, boxes: [Self.box])
        let smooth = BorderEdges(
            before: strokes, after: moved, width: Self.width, height: Self.height,
            boxes: [Self.box], smoothing: 2)
        let seam = BorderEdges(
            before: flat, after: lifted, width: Self.width, height: Self.height,
            boxes: [Self.box], smoothing: 2)
        #expect(raw.output > 1000)
        #expect(abs(smooth.output - smooth.input) < 0.05 * raw.output, "\(smooth) against \(raw)")
        #expect(seam.output > 0.1 * 60 * 40 * 40, "\(seam)")  // a step of 40 blurred over some 6 px
        #expect(seam.input < 1e-9)
    }
}
