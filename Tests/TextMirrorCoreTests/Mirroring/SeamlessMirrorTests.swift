import Foundation
import Testing
@testable import TextMirrorCore

/// Seamless mirroring (`FrameMirror.mirror(..., seamless: true)`): the text of a box is
/// mirrored, the background under it is not. On a flat background that is the plain mirror byte
/// for byte; under a brightness ramp the box's border stays continuous while the ink still turns.
@Suite struct SeamlessMirrorTests {
    static let width = 61, height = 33

    /// Axis-aligned boxes: inside, with half-pixel and fractional edges, touching each frame
    /// edge (the ring partly or wholly outside), larger than the frame; rotated boxes.
    static let boxes: [(String, PixelBox)] = [
        ("inside", PixelBox(centerX: 30.5, centerY: 16.5, width: 37, height: 11)),
        ("fractional", PixelBox(centerX: 27.3, centerY: 15.8, width: 30.4, height: 9.3)),
        ("at the left and top edges", PixelBox(centerX: 12, centerY: 5, width: 24, height: 10)),
        ("at the right and bottom edges", PixelBox(centerX: 50.5, centerY: 28.5, width: 21, height: 9)),
        ("wider than the frame", PixelBox(centerX: 30, centerY: 16, width: 90, height: 7)),
        ("larger than the frame", PixelBox(centerX: 30, centerY: 16, width: 90, height: 60)),
        ("turned 12°", PixelBox(centerX: 30.5, centerY: 16.5, width: 36, height: 10, angle: 12)),
        ("turned -30° at the edge", PixelBox(centerX: 8, centerY: 25, width: 30, height: 8, angle: -30))
    ]

    /// Luma-pixel position of a grid sample's centre.
    static func centre(_ grid: TestLayout.Grid, _ gx: Int, _ gy: Int) -> (x: Double, y: Double) {
        ((Double(gx) + 0.5) * Double(grid.xSub), (Double(gy) + 0.5) * Double(grid.ySub))
    }

    /// Sets every channel of every sample (a byte, or a word of more than 8 bits holding the
    /// level in its top bits) from `value(grid, channel, x, y)`, (x, y) the sample's centre.
    static func paint(_ frame: TestFrame, _ value: (Int, Int, Double, Double) -> UInt8) {
        for (gi, grid) in frame.layout.grids.enumerated() {
            for gy in 0..<grid.rows(height: frame.height) {
                for gx in 0..<grid.columns(width: frame.width) {
                    let (x, y) = centre(grid, gx, gy)
                    frame.setLevels(grid, gx, gy, (0..<frame.channels(grid)).map { value(gi, $0, x, y) })
                }
            }
        }
    }

    /// Whether (x, y) lies inside `box` (its own axes).
    static func inside(_ box: PixelBox, _ x: Double, _ y: Double, margin: Double = 0) -> Bool {
        let a = box.angle * .pi / 180, dx = x - box.centerX, dy = y - box.centerY
        let u = dx * cos(a) + dy * sin(a), v = -dx * sin(a) + dy * cos(a)
        return abs(u) <= box.width / 2 - margin && abs(v) <= box.height / 2 - margin
    }

    /// Vertical "strokes" one column in four, with a few reaching 2 px above the box, through
    /// the top ring (as ascenders of the line below would): fewer than half of any segment.
    static func stroke(_ box: PixelBox, _ x: Double, _ y: Double) -> Bool {
        let column = Int(x.rounded(.down))
        guard column % 4 == 1 else { return false }
        return inside(box, x, y) || (column % 12 == 1 && inside(box, x, y + 2))
    }

    static func mirrored(_ frame: TestFrame, _ box: PixelBox, flip: Flip, seamless: Bool) throws -> TestFrame {
        let out = frame.copy()
        try FrameMirror(format: frame.layout.format, width: frame.width, height: frame.height)
            .mirror([box], flip: flip, axes: .nearestPerPlane, seamless: seamless, in: out.buffer)
        return out
    }

    @Test("A flat background gives the plain mirror, byte for byte", arguments: PixelFormat.allCases, Flip.allCases)
    func flatBackgroundIsThePlainMirror(format: PixelFormat, flip: Flip) throws {
        for (name, box) in Self.boxes {
            // Padded rows: the guards and padding bytes must come out equal too.
            let frame = TestFrame(format, width: Self.width, height: Self.height, padding: 7, seed: 5)
            Self.paint(frame) { grid, byte, x, y in
                Self.stroke(box, x, y)
                    ? patternByte(9, UInt64(grid), UInt64(y * 64), UInt64(x * 8) + UInt64(byte))
                    : UInt8(60 + 37 * grid + 23 * byte)
            }
            let plain = try Self.mirrored(frame, box, flip: flip, seamless: false)
            let seamless = try Self.mirrored(frame, box, flip: flip, seamless: true)
            let difference = seamless.difference(from: plain)
            #expect(difference == nil, "\(format) \(flip) \(name): \(difference ?? "")")
        }
    }

    /// Energy of the steps `after` adds across the border of `rect` (luma pixels), in one
    /// channel of one grid: for each sample just inside and its neighbour just outside, the
    /// square of how much more (or less) they differ than they did `before` (the ramp's own
    /// slope is no seam).
    static func addedBorderEnergy(
        _ after: TestFrame, _ before: TestFrame, grid: TestLayout.Grid, channel: Int,
        rect: PixelRect
    ) -> Double {
        let gx0 = rect.x0 / grid.xSub, gx1 = (rect.x1 + grid.xSub - 1) / grid.xSub
        let gy0 = rect.y0 / grid.ySub, gy1 = (rect.y1 + grid.ySub - 1) / grid.ySub
        func step(_ a: (Int, Int), _ b: (Int, Int)) -> Double {
            func v(_ f: TestFrame, _ p: (Int, Int)) -> Double { f.level(grid, p.0, p.1, channel) }
            return pow((v(after, a) - v(after, b)) - (v(before, a) - v(before, b)), 2)
        }
        var energy = 0.0
        for gy in gy0..<gy1 { energy += step((gx0, gy), (gx0 - 1, gy)) + step((gx1 - 1, gy), (gx1, gy)) }
        for gx in gx0..<gx1 { energy += step((gx, gy0), (gx, gy0 - 1)) + step((gx, gy1 - 1), (gx, gy1)) }
        return energy
    }

    /// Ink (10) on a ramp that brightens 2.5 levels a pixel to the right and 0.6 down, in every
    /// channel: the seamless mirror's border carries a small fraction of the plain mirror's
    /// steps, the background inside stays the ramp, and the ink is mirrored.
    @Test("A brightness ramp stays continuous across the border", arguments: PixelFormat.allCases, Flip.allCases)
    func rampStaysContinuous(format: PixelFormat, flip: Flip) throws {
        let box = PixelBox(centerX: 30.5, centerY: 16.5, width: 37, height: 13)
        func ramp(_ x: Double, _ y: Double) -> Double { 40 + 2.5 * x + 0.6 * y }
        // Strokes keep 2 px from the border, so the border compares background with background.
        func ink(_ x: Double, _ y: Double) -> Bool {
            Int(x.rounded(.down)) % 5 == 1 && Self.inside(box, x, y, margin: 2)
        }
        let frame = TestFrame(format, width: Self.width, height: Self.height, padding: 3)
        Self.paint(frame) { _, _, x, y in ink(x, y) ? 10 : UInt8(ramp(x, y).rounded()) }
        let plain = try Self.mirrored(frame, box, flip: flip, seamless: false)
        let seamless = try Self.mirrored(frame, box, flip: flip, seamless: true)

        let mirror = try FrameMirror(format: format, width: Self.width, height: Self.height)
        let rects = try #require(
            box.mirrorRects(layout: mirror.layout, frameWidth: Self.width, frameHeight: Self.height))
        for (gi, grid) in frame.layout.grids.enumerated() {
            let rect = try #require(rects[mirror.layout.planes.firstIndex { $0.index == grid.plane }!])
            for channel in 0..<frame.channels(grid) {
                let before = Self.addedBorderEnergy(plain, frame, grid: grid, channel: channel, rect: rect)
                let after = Self.addedBorderEnergy(seamless, frame, grid: grid, channel: channel, rect: rect)
                // A vertical flip only meets the 0.6-level slope across 13 rows.
                #expect(
                    before > (flip == .vertical ? 500 : 10_000),
                    "\(format) \(flip) grid \(gi) channel \(channel): \(before)")
                #expect(
                    after < before / 20,
                    "\(format) \(flip) grid \(gi) channel \(channel): \(after) against plain \(before)")
                // Every sample of the rect: the plain mirror's sample moved onto the ramp. Ink stays
                // ink (far below the ramp), background is the ramp at its new place.
                let gx0 = rect.x0 / grid.xSub, gx1 = (rect.x1 + grid.xSub - 1) / grid.xSub
                let gy0 = rect.y0 / grid.ySub, gy1 = (rect.y1 + grid.ySub - 1) / grid.ySub
                for gy in gy0..<gy1 {
                    for gx in gx0..<gx1 {
                        let (x, y) = Self.centre(grid, gx, gy)
                        let moved = plain.level(grid, gx, gy, channel), out = seamless.level(grid, gx, gy, channel)
                        if moved == 10 {
                            #expect(out < ramp(x, y) - 40, "\(format) \(flip) ink at (\(gx), \(gy)) grid \(gi)")
                        } else {
                            #expect(
                                abs(out - ramp(x, y)) <= 2.5,
                                "\(format) \(flip) background at (\(gx), \(gy)) grid \(gi): \(out), ramp \(ramp(x, y))")
                        }
                    }
                }
            }
        }
        // Nothing outside the rects changed (padding and guards included): samples inside each
        // plane's rect taken from the result, everything else from the input, equals the result.
        let expected = frame.copy()
        for grid in frame.layout.grids {
            let rect = try #require(rects[mirror.layout.planes.firstIndex { $0.index == grid.plane }!])
            for gy in (rect.y0 / grid.ySub)..<((rect.y1 + grid.ySub - 1) / grid.ySub) {
                for gx in (rect.x0 / grid.xSub)..<((rect.x1 + grid.xSub - 1) / grid.xSub) {
                    expected.setSample(grid, gx, gy, seamless.sample(grid, gx, gy))
                }
            }
        }
        #expect(seamless.difference(from: expected) == nil, "\(format) \(flip)")
    }

    /// Boxes whose ring is partly or wholly outside the frame, and rotated boxes, on the ramp:
    /// no sample inside the box strays from the ramp by more than the plain mirror puts there,
    /// and the border steps shrink.
    @Test(
        "Boxes at the frame's edges and rotated boxes follow the ramp",
        arguments: [PixelFormat.gray8, .i420, .nv12, .yuy2, .rgba, .rgb, .gray16be, .i420_10le, .i422_12be])
    func edgesAndRotatedBoxes(format: PixelFormat) throws {
        func ramp(_ x: Double, _ y: Double) -> Double { 30 + 2.5 * x + 1.5 * y }
        let frame = TestFrame(format, width: Self.width, height: Self.height)
        Self.paint(frame) { _, _, x, y in UInt8(ramp(x, y).rounded()) }
        for (name, box) in Self.boxes where name != "larger than the frame" {
            let plain = try Self.mirrored(frame, box, flip: .horizontal, seamless: false)
            let seamless = try Self.mirrored(frame, box, flip: .horizontal, seamless: true)
            var plainError = 0.0, seamlessError = 0.0
            for grid in frame.layout.grids {
                for gy in 0..<grid.rows(height: Self.height) {
                    for gx in 0..<grid.columns(width: Self.width) {
                        let (x, y) = Self.centre(grid, gx, gy)
                        for channel in 0..<frame.channels(grid) {
                            plainError = max(plainError, abs(plain.level(grid, gx, gy, channel) - ramp(x, y)))
                            seamlessError = max(seamlessError, abs(seamless.level(grid, gx, gy, channel) - ramp(x, y)))
                        }
                    }
                }
            }
            #expect(plainError > 20, "\(format) \(name)")
            // Rounding, in and out; a turned box reads its ring and its samples a fraction of a
            // pixel from where they lie; where the frame cuts a turned box's ring, the missing
            // part is carried on flat, which this steep ramp (2.5 levels a pixel) shows.
            let tolerance = box.isAxisAligned ? 2 : name.hasSuffix("at the edge") ? 8 : 2.5
            #expect(seamlessError <= tolerance, "\(format) \(name): \(seamlessError), plain \(plainError)")
        }
    }

    /// A dark bracket drawn round the left half of a box, 3 to 6 pixels out: just where the
    /// ring reads the background, so the ring sees a page dark to the left and light to the
    /// right, while the page right against the box is light all round. The correction would
    /// darken the box's left end and draw steps along its outline, where the plain mirror
    /// leaves none; so the plain mirror is kept, byte for byte. Level and turned 8°.
    @Test(
        "A ring that misreads the background under the box leaves the plain mirror",
        arguments: [PixelFormat.gray8, .i420, .nv12, .rgba, .yuy2], [0.0, 8.0])
    func misreadRingKeepsThePlainMirror(format: PixelFormat, degrees: Double) throws {
        let box = PixelBox(centerX: 30.5, centerY: 16.5, width: 37, height: 11, angle: degrees)
        func darkFrame(_ x: Double, _ y: Double) -> Bool {
            let a = degrees * .pi / 180, dx = x - box.centerX, dy = y - box.centerY
            let u = dx * cos(a) + dy * sin(a), v = abs(-dx * sin(a) + dy * cos(a))
            let w = box.width / 2, h = box.height / 2
            let leftSide = u < -w - 3 && u > -w - 6 && v < h + 6
            let halfTopAndBottom = u < 0 && u > -w - 6 && v > h + 3 && v < h + 6
            return leftSide || halfTopAndBottom
        }
        let frame = TestFrame(format, width: Self.width, height: Self.height, padding: 3)
        Self.paint(frame) { _, _, x, y in
            if darkFrame(x, y) { return 30 }
            return Int(x.rounded(.down)) % 6 == 2 && Self.inside(box, x, y, margin: 2) ? 20 : 180
        }
        let mirror = try FrameMirror(format: format, width: Self.width, height: Self.height)
        // Not vacuous: the ring does read a background that is not flat.
        let luma = mirror.layout.grids[0]
        let ring = GridMirror(grid: luma, frameWidth: Self.width, frameHeight: Self.height)
            .ringBackground(of: box, channel: luma.channels[0], excluding: [], in: frame.buffer)
        #expect(ring.map { !$0.isFlat } == true)

        let plain = try Self.mirrored(frame, box, flip: .horizontal, seamless: false)
        let seamless = try Self.mirrored(frame, box, flip: .horizontal, seamless: true)
        let difference = seamless.difference(from: plain)
        #expect(difference == nil, "\(format) \(degrees)°: \(difference ?? "")")
    }

    /// Boxes no detector should give, which a bad region string or an overflow could: the
    /// outline check walks nothing, and the result is the plain mirror's (nothing to correct).
    @Test("Boxes that are not finite or are huge give the plain mirror", arguments: [PixelFormat.gray8, .nv12, .rgba])
    func degenerateBoxes(format: PixelFormat) throws {
        let boxes = [
            PixelBox(centerX: 30, centerY: 16, width: .infinity, height: .infinity),
            PixelBox(centerX: .nan, centerY: 16, width: 20, height: 8),
            PixelBox(centerX: 30, centerY: 16, width: 20, height: 8, angle: .nan),
            PixelBox(centerX: 30, centerY: 16, width: 20, height: 8, angle: .infinity),
            PixelBox(centerX: 30, centerY: 16, width: 1e300, height: 1e300, angle: 3)
        ]
        for box in boxes {
            let frame = TestFrame(format, width: Self.width, height: Self.height, padding: 3, seed: 11)
            let plain = try Self.mirrored(frame, box, flip: .horizontal, seamless: false)
            let seamless = try Self.mirrored(frame, box, flip: .horizontal, seamless: true)
            #expect(seamless.difference(from: plain) == nil, "\(format) \(box)")
        }
    }

    /// Fixed regions stay plain mirrors (byte-exact with videoflip) whatever `seamless` says; the
    /// engine applies it to detected boxes only.
    @Test func engineKeepsRegionsPlain() throws {
        let width = 64, height = 32
        let engine = MirrorEngine(detector: nil)
        var settings = MirrorEngine.Settings()
        #expect(settings.seamless)
        settings.detect = false
        settings.regions = [MirrorRegion(x: 0.25, y: 0.25, width: 0.5, height: 0.5)]
        engine.update(settings)
        try engine.configure(format: .gray8, width: width, height: height)
        let ramp = (0..<(width * height)).map { UInt8(2 * ($0 % width) + $0 / width) }
        var pixels = ramp
        try pixels.withUnsafeMutableBytes { p in
            let frame = FrameBuffer(width: width, height: height, planes: [p.baseAddress!], strides: [width])
            _ = try engine.process(frame, stamp: FrameStamp(pts: 0), upstreamIsLive: false)
        }
        for y in 0..<height {
            for x in 0..<width {
                let inside = (16..<48).contains(x) && (8..<24).contains(y)
                #expect(pixels[y * width + x] == ramp[y * width + (inside ? 63 - x : x)], "(\(x), \(y))")
            }
        }
    }

    /// Lines of a page 81 x 50 px turned `degrees` about its centre, 9 px high.
    struct Page {
        let degrees: Double
        let centre = SIMD2(40.5, 24.5)
        var along: SIMD2<Double> { SIMD2(cos(degrees * .pi / 180), sin(degrees * .pi / 180)) }
        var across: SIMD2<Double> { SIMD2(-along.y, along.x) }

        /// A box `offset` from the page's centre (along, across), `length` long.
        func box(_ offset: SIMD2<Double>, length: Double) -> PixelBox {
            let c = centre + offset.x * along + offset.y * across
            return PixelBox(centerX: c.x, centerY: c.y, width: length, height: 9, angle: degrees)
        }

        /// Where (x, y) lies from the page's centre, along and across its lines.
        func position(_ x: Double, _ y: Double) -> SIMD2<Double> {
            let p = SIMD2(x, y) - centre
            return SIMD2((p * along).sum(), (p * across).sum())
        }
    }

    /// Mirrors `boxes` in `frame`, seamless and plain, and returns how far, at most, the
    /// seamless output's luma strays from `light` over the samples `counted(x, y)` keeps
    /// (their centres) that the mirror fills with background only: every sample of the input
    /// it interpolates from, around the reflection, is brighter than 40 (the tests' ink is 10,
    /// their light 60 or more).
    static func worstStray(
        _ frame: TestFrame, mirroring boxes: [PixelBox], from light: (Double, Double) -> Double,
        over counted: (Double, Double) -> Bool
    ) throws -> Double {
        let out = frame.copy(), plain = frame.copy()
        let mirror = try FrameMirror(format: frame.layout.format, width: frame.width, height: frame.height)
        mirror.mirror(boxes, flip: .horizontal, axes: .nearestPerPlane, seamless: true, in: out.buffer)
        mirror.mirror(boxes, flip: .horizontal, axes: .nearestPerPlane, in: plain.buffer)
        let grid = frame.layout.grids[0]
        var worst = 0.0, checked = 0
        for gy in 0..<grid.rows(height: frame.height) {
            for gx in 0..<grid.columns(width: frame.width) {
                let (x, y) = centre(grid, gx, gy)
                guard counted(x, y), plain.level(grid, gx, gy, 0) > 40,
                    readsBackgroundOnly(frame, boxes, x, y)
                else { continue }
                worst = max(worst, abs(out.level(grid, gx, gy, 0) - light(x, y)))
                checked += 1
            }
        }
        #expect(checked >= 20, "only \(checked) background samples to check")
        return worst
    }

    /// Whether the luma the horizontal mirror of `boxes` writes at (x, y) is interpolated from
    /// background samples of `frame` only (brighter than 40): those around the reflection in
    /// the first box that holds (x, y) with a weight above 0 (one, where the reflection lands
    /// on a sample's centre). True outside every box.
    static func readsBackgroundOnly(_ frame: TestFrame, _ boxes: [PixelBox], _ x: Double, _ y: Double) -> Bool {
        guard let box = boxes.first(where: { inside($0, x, y) }) else { return true }
        let (rx, ry) = RotatedReference(box: box, flip: .horizontal).reflect(x, y)
        let (sx, sy) = (rx - 0.5, ry - 0.5)
        let (x0, y0) = (Int(sx.rounded(.down)), Int(sy.rounded(.down)))
        let xs = sx - Double(x0) > 1e-9 ? [x0, x0 + 1] : [x0], ys = sy - Double(y0) > 1e-9 ? [y0, y0 + 1] : [y0]
        let grid = frame.layout.grids[0]
        return xs.allSatisfy { gx in
            ys.allSatisfy { gy in
                let (cx, cy) = (min(max(gx, 0), frame.width - 1), min(max(gy, 0), frame.height - 1))
                return frame.level(grid, cx, cy, 0) > 40
            }
        }
    }

    /// A line inside a paragraph under light that brightens to the right: the ring above it runs
    /// through the line above, the ring below through a last line a third as long. The
    /// background there is read between the line's own strokes, so the mirrored line's
    /// background stays the ramp along its whole length (filled flat from the middle, its left
    /// third carried one brightness and showed as a band). The line's ends, where the
    /// background read inside is carried on flat, are not checked. Level, and the paragraph
    /// turned 8° (a turned box's ring is walked along its own sides); strokes one column in
    /// three, and two in three (dense letters: a row through their bodies is mostly ink, and
    /// only each column's brightest sample is background).
    @Test(
        "A line between close lines, one of them shorter, follows the light along its length",
        arguments: [PixelFormat.gray8, .i420, .nv12, .rgba], [(0.0, false), (8.0, false), (0.0, true), (8.0, true)])
    func paragraphLineFollowsTheRamp(format: PixelFormat, turn: (degrees: Double, dense: Bool)) throws {
        let degrees = turn.degrees
        let width = 81, height = 50
        let page = Page(degrees: degrees)
        let above = page.box(SIMD2(0, -11), length: 73), line = page.box(SIMD2(0, 0), length: 73)
        let shorter = page.box(SIMD2(-23.5, 11), length: 26)
        func ramp(_ x: Double, _ y: Double) -> Double { 60 + 2 * x }
        // Strokes one column in three (or two), 2 px inside each box.
        func ink(_ x: Double, _ y: Double) -> Bool {
            let column = Int(x.rounded(.down)) % 3
            return (turn.dense ? column != 0 : column == 1)
                && [above, line, shorter].contains { Self.inside($0, x, y, margin: 2) }
        }
        let frame = TestFrame(format, width: width, height: height)
        Self.paint(frame) { _, _, x, y in ink(x, y) ? 10 : UInt8(ramp(x, y).rounded()) }
        // The line's background rows (its top and bottom 2 px hold no ink), away from its ends;
        // of a turned line, those the mirror fills from background only, not ink (worstStray).
        let worst = try Self.worstStray(frame, mirroring: [above, line, shorter], from: ramp) { x, y in
            Self.inside(line, x, y) && !Self.inside(line, x, y, margin: 2) && abs(page.position(x, y).x) < 28
        }
        #expect(
            worst <= 4,
            "\(format) at \(degrees)°\(turn.dense ? ", dense" : ""): background strays \(worst) levels from the light")
    }

    /// A line with a close line above it (so the ring above runs through that line) and, just
    /// below it, a bright patch under its left half only (a poster's edge). The background
    /// above is read between the line's own strokes: the line's top rows keep the even light.
    /// Filled in from the ring below instead, the top side took the patch's shape along the
    /// line, and the top rows strayed by 80 to 88 levels (the patch's step is 60); read inside,
    /// what is left is the Coons patch's blend towards the ring below, 26 to 30 levels there.
    @Test(
        "A line whose ring above runs through the line above reads that side's background inside itself",
        arguments: [PixelFormat.gray8, .rgba], [0.0, 8.0])
    func lineUnderALineReadsItsTopInside(format: PixelFormat, degrees: Double) throws {
        let width = 81, height = 50
        let page = Page(degrees: degrees)
        let above = page.box(SIMD2(0, -11), length: 73), line = page.box(SIMD2(0, 0), length: 73)
        let step = 60.0
        func background(_ x: Double, _ y: Double) -> Double {
            let p = page.position(x, y)
            // The patch: from 2 px below the line's box, under its left half.
            return 60 + 1.5 * x + (p.y > 6.5 && p.y < 14 && p.x < 0 ? step : 0)
        }
        func ink(_ x: Double, _ y: Double) -> Bool {
            Int(x.rounded(.down)) % 3 == 1 && [above, line].contains { Self.inside($0, x, y, margin: 2) }
        }
        let frame = TestFrame(format, width: width, height: height)
        Self.paint(frame) { _, _, x, y in ink(x, y) ? 10 : UInt8(background(x, y).rounded()) }
        // The line's top two background rows, away from its ends.
        let worst = try Self.worstStray(frame, mirroring: [above, line], from: background) { x, y in
            let p = page.position(x, y)
            return Self.inside(line, x, y) && p.y < -2.5 && abs(p.x) < 28
        }
        #expect(worst <= step * 0.6, "\(format) at \(degrees)°: the top rows stray \(worst) levels from the light")
    }

    /// The median behind each knot: any order, odd and even counts, repeated values.
    @Test func medianOfBytes() {
        var rng = SystemRandomNumberGenerator()
        for count in [1, 2, 3, 4, 7, 48, 97] {
            for _ in 0..<50 {
                var values = (0..<count).map { _ in UInt8.random(in: 0...(count > 10 ? 255 : 3), using: &rng) }
                let sorted = values.sorted()
                let expected =
                    count % 2 == 1
                    ? Float(sorted[count / 2])
                    : (Float(sorted[count / 2 - 1]) + Float(sorted[count / 2])) / 2
                let got = values.withUnsafeMutableBufferPointer { RingBackground.median($0.baseAddress!, count: count) }
                #expect(got == expected, "\(count) values")
            }
        }
    }
}

/// The sorting network behind the ring's segment medians (`SegmentMedians`).
@Suite struct SegmentMediansTests {
    /// By the 0-1 principle a comparator network sorts every input when it sorts every input
    /// of zeros and ones: all 2^16 of them.
    @Test func networkSortsEveryInput() {
        for bits in 0..<(1 << 16) {
            var v = (0..<16).map { (bits >> $0) & 1 }
            for (a, b) in SegmentMedians.network where v[a] > v[b] { v.swapAt(a, b) }
            #expect(v == v.sorted(), "input \(bits)")
            if v != v.sorted() { return }
        }
        #expect(SegmentMedians.network.count == 63)
    }

    /// Medians of overlapping and partial batches of segments, against sorting.
    @Test func mediansOfSegments() {
        var rng = SplitMix64(seed: 11)
        let values = (0..<300).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        for starts in [[0], [3, 19, 35], Array(stride(from: 0, to: 256, by: 16)), [284, 0, 100]] {
            var out = [Float](repeating: -1, count: starts.count)
            values.withUnsafeBufferPointer { v in
                starts.withUnsafeBufferPointer { s in
                    out.withUnsafeMutableBufferPointer {
                        SegmentMedians.medians(
                            of: v.baseAddress!, starts: s.baseAddress!, count: s.count, into: $0.baseAddress!)
                    }
                }
            }
            for (q, start) in starts.enumerated() {
                let sorted = values[start..<(start + 16)].sorted()
                #expect(out[q] == (Float(sorted[7]) + Float(sorted[8])) / 2, "segment at \(start)")
            }
        }
    }
}
