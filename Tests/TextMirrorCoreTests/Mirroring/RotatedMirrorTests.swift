import Foundation
import Testing
import TextMirrorCore

/// Rotated boxes, mirrored sample by sample, each taking the value interpolated at its
/// reflection.
@Suite struct RotatedMirrorTests {
    static let width = 41, height = 29

    static let angles: [Double] = [1, 30, -20, 45, 90, 135, 200, 271.5]

    static func boxes(angle: Double) -> [PixelBox] {
        [
            PixelBox(centerX: 20.5, centerY: 14.5, width: 24, height: 10, angle: angle),
            PixelBox(centerX: 19, centerY: 13, width: 9, height: 17, angle: angle),
            // Partly outside the top-right corner.
            PixelBox(centerX: 38, centerY: 3, width: 20, height: 8, angle: angle)
        ]
    }

    static func mirrored(_ frame: TestFrame, _ boxes: [PixelBox], flip: Flip) throws -> TestFrame {
        let out = frame.copy()
        out.mirror(
            try FrameMirror(format: frame.layout.format, width: frame.width, height: frame.height),
            boxes, flip: flip)
        return out
    }

    /// Each sample inside the box takes the value interpolated at the exact reflection of its
    /// centre; everything outside the box, row padding and guard bytes included, stays as it was.
    @Test("Matches the bilinear reference", arguments: PixelFormat.allCases)
    func matchesReference(format: PixelFormat) throws {
        for angle in Self.angles {
            for box in Self.boxes(angle: angle) {
                for flip in Flip.allCases {
                    let before = TestFrame(format, width: Self.width, height: Self.height, padding: 3)
                    let after = try Self.mirrored(before, [box], flip: flip)
                    let violations = RotatedReference(box: box, flip: flip).violations(before: before, after: after)
                    #expect(
                        violations.isEmpty,
                        "\(format) \(flip) \(box): \(violations.count) wrong, e.g. \(violations.prefix(3))")
                    #expect(after.difference(from: before) != nil, "\(format) \(flip) \(box) changed nothing")
                }
            }
        }
    }

    /// Long lines a degree or two off level, as a hand-held camera sees print: they are walked
    /// in spans that read one source row a sample apart, whose lengths are worked out and then
    /// checked. The cases: a span reaching the frame's edge (the second line runs off the
    /// right of the frame), source rows changing every dozen samples (3°), near-level (0.2°),
    /// and either way round.
    @Test("Long, nearly level lines match the bilinear reference", arguments: PixelFormat.allCases)
    func longNearlyLevelLinesMatchReference(format: PixelFormat) throws {
        let (width, height) = (161, 37)
        let boxes = [
            PixelBox(centerX: 70.3, centerY: 17.6, width: 120, height: 9, angle: 2),
            PixelBox(centerX: 130, centerY: 20, width: 90, height: 8, angle: -3),
            PixelBox(centerX: 80.5, centerY: 9.5, width: 150, height: 6, angle: 0.2),
            PixelBox(centerX: 60, centerY: 26, width: 100, height: 10, angle: 178.5)
        ]
        for box in boxes {
            for flip in Flip.allCases {
                let before = TestFrame(format, width: width, height: height, padding: 3)
                let after = try Self.mirrored(before, [box], flip: flip)
                let violations = RotatedReference(box: box, flip: flip).violations(before: before, after: after)
                #expect(
                    violations.isEmpty,
                    "\(format) \(flip) \(box): \(violations.count) wrong, e.g. \(violations.prefix(3))")
            }
        }
    }

    /// Nothing outside the box's bounding block (in whole samples) changes: not a sample, not a
    /// padding byte, not a byte before or after a plane.
    @Test("Leaves everything outside the bounding block untouched", arguments: PixelFormat.allCases)
    func outsideBoundingBlockUntouched(format: PixelFormat) throws {
        for angle in Self.angles {
            for box in Self.boxes(angle: angle) {
                let before = TestFrame(format, width: Self.width, height: Self.height, padding: 5)
                let after = try Self.mirrored(before, [box], flip: .horizontal)
                let a = angle * .pi / 180
                let extentX = abs(cos(a)) * box.width / 2 + abs(sin(a)) * box.height / 2
                let extentY = abs(sin(a)) * box.width / 2 + abs(cos(a)) * box.height / 2
                // Allowed changes: samples whose area meets the block. Copy just those from
                // `after` into `before`; what is left must equal `after` everywhere.
                let expected = before.copy()
                for grid in before.layout.grids {
                    let xs = Double(grid.xSub), ys = Double(grid.ySub)
                    for gy in 0..<grid.rows(height: Self.height) {
                        for gx in 0..<grid.columns(width: Self.width) {
                            let meetsX =
                                (Double(gx) + 1) * xs > box.centerX - extentX && Double(gx) * xs < box.centerX + extentX
                            let meetsY =
                                (Double(gy) + 1) * ys > box.centerY - extentY && Double(gy) * ys < box.centerY + extentY
                            if meetsX && meetsY { expected.setSample(grid, gx, gy, after.sample(grid, gx, gy)) }
                        }
                    }
                }
                let difference = after.difference(from: expected)
                #expect(difference == nil, "\(format) \(box): \(difference ?? "")")
            }
        }
    }

    /// Where the reflection maps sample centres onto sample centres, mirroring twice restores
    /// the box exactly. Quarter turns do so on every grid when the footprint's edges are even
    /// (clear of luma centres at n+0.5 and of 2x2 chroma centres at odd n); eighth turns only on
    /// grids whose samples are square, so not on the 2x1 chroma of 4:2:2. There each sample
    /// takes one sample's value, with weight 1.
    @Test("Twice restores the box at lattice-preserving angles", arguments: PixelFormat.allCases)
    func twiceRestoresAtLatticeAngles(format: PixelFormat) throws {
        var cases = [
            PixelBox(centerX: 20, centerY: 14, width: 20, height: 8, angle: 90),
            PixelBox(centerX: 20, centerY: 14, width: 24, height: 12, angle: -90),
            PixelBox(centerX: 20, centerY: 14, width: 8, height: 16, angle: 270)
        ]
        if TestLayout(format).grids.allSatisfy({ $0.xSub == $0.ySub }) {
            // Centre on whole pixels with cx - cy even: then a diagonal reflection or a half
            // turn takes luma centres (n + 0.5) and 2x2 chroma centres (odd n) onto their own kind.
            cases += [
                PixelBox(centerX: 20, centerY: 14, width: 24, height: 10, angle: 45),
                PixelBox(centerX: 20, centerY: 14, width: 12, height: 12, angle: 135)
            ]
        }
        for box in cases {
            for flip in Flip.allCases {
                let original = TestFrame(format, width: Self.width, height: Self.height, padding: 2)
                    .clearingUnusedWordBits()
                let twice = try Self.mirrored(try Self.mirrored(original, [box], flip: flip), [box], flip: flip)
                let reference = RotatedReference(box: box, flip: flip)
                var inside = 0, restored = 0
                for grid in original.layout.grids {
                    for gy in 0..<grid.rows(height: Self.height) {
                        for gx in 0..<grid.columns(width: Self.width) {
                            let cx = (Double(gx) + 0.5) * Double(grid.xSub), cy = (Double(gy) + 0.5) * Double(grid.ySub)
                            guard reference.depth(cx, cy) > 0 else { continue }
                            inside += 1
                            if twice.sample(grid, gx, gy) == original.sample(grid, gx, gy) { restored += 1 }
                        }
                    }
                }
                #expect(inside > 50)
                #expect(
                    Double(restored) >= 0.99 * Double(inside),
                    "\(format) \(flip) \(box): \(restored) of \(inside) samples restored")
            }
        }
    }

    /// At any angle, mirroring twice restores each sample well inside the box to within a
    /// level: on RGBA whose samples hold their own coordinates, a field that bilinear
    /// interpolation reproduces exactly, so each pass only rounds.
    @Test("Twice restores every sample to within a level", arguments: angles, Flip.allCases)
    func twiceRestoresNearlyAtAnyAngle(angle: Double, flip: Flip) throws {
        let original = TestFrame(.rgba, width: Self.width, height: Self.height)
        let grid = original.layout.grids[0]
        for y in 0..<Self.height {
            for x in 0..<Self.width { original.setSample(grid, x, y, [UInt8(x), UInt8(y), 0xA5, 0x5A]) }
        }
        for box in Self.boxes(angle: angle) {
            let reference = RotatedReference(box: box, flip: flip)
            let twice = try Self.mirrored(try Self.mirrored(original, [box], flip: flip), [box], flip: flip)
            var checked = 0
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    // Far enough inside the box and the frame that every sample either pass
                    // interpolates from was itself mirrored (a neighbour is up to 1.5 away).
                    let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                    let (rx, ry) = reference.reflect(px, py)
                    func clear(_ a: Double, _ b: Double) -> Bool {
                        min(a, b) >= 1.5 && a <= Double(Self.width) - 1.5 && b <= Double(Self.height) - 1.5
                    }
                    guard reference.depth(px, py) > 1.5, clear(px, py), clear(rx, ry) else { continue }
                    checked += 1
                    let value = twice.sample(grid, x, y)
                    #expect(
                        abs(Int(value[0]) - x) <= 1 && abs(Int(value[1]) - y) <= 1 && value[2] == 0xA5,
                        "\(flip) \(box): (\(x),\(y)) came back as (\(value[0]),\(value[1]),\(value[2]))")
                }
            }
            #expect(checked > 0, "\(flip) \(box): no sample checked")
        }
    }

    /// A box turned a quarter turn has its width axis upright, so its horizontal mirror is the
    /// screen's vertical mirror of the box's footprint (and the other way round).
    @Test("A quarter-turned box flips like the other axis", arguments: PixelFormat.allCases)
    func quarterTurnSwapsAxes(format: PixelFormat) throws {
        // Footprint 16..<24 x 4..<24: even edges, on every chroma grid, clear of sample centres.
        let footprint = PixelBox(centerX: 20, centerY: 14, width: 8, height: 20)
        let pairs: [(Flip, Flip)] = [(.horizontal, .vertical), (.vertical, .horizontal), (.rotate180, .rotate180)]
        for angle in [90.0, -90, 270] {
            let turned = PixelBox(centerX: 20, centerY: 14, width: 20, height: 8, angle: angle)
            for (flip, screenFlip) in pairs {
                let frame = TestFrame(format, width: Self.width, height: Self.height, padding: 3)
                    .clearingUnusedWordBits()
                let rotated = try Self.mirrored(frame, [turned], flip: flip)
                let axisAligned = try Self.mirrored(frame, [footprint], flip: screenFlip)
                let difference = rotated.difference(from: axisAligned)
                #expect(difference == nil, "\(format) angle \(angle) \(flip): \(difference ?? "")")
            }
        }
    }

    /// The same with a footprint whose left and right edges run through sample centres (x 16.5
    /// and 25.5): which edge columns count as inside then hangs on rounding, and the
    /// axis-aligned box rounds its edges, so only samples clear of the edge must agree. The top
    /// and bottom edges (y 4 and 24) stay even, since they set the axis of the vertical mirror.
    @Test(
        "A quarter-turned box with edges on sample centres agrees away from its edges",
        arguments: PixelFormat.allCases)
    func quarterTurnSwapsAxesAwayFromEdges(format: PixelFormat) throws {
        let turned = PixelBox(centerX: 21, centerY: 14, width: 20, height: 9, angle: 90)
        let footprint = PixelBox(centerX: 21, centerY: 14, width: 9, height: 20)
        let frame = TestFrame(format, width: Self.width, height: Self.height).clearingUnusedWordBits()
        let rotated = try Self.mirrored(frame, [turned], flip: .horizontal)
        let axisAligned = try Self.mirrored(frame, [footprint], flip: .vertical)
        let reference = RotatedReference(box: turned, flip: .horizontal)
        var compared = 0, differing: [String] = []
        for grid in frame.layout.grids {
            for gy in 0..<grid.rows(height: Self.height) {
                for gx in 0..<grid.columns(width: Self.width) {
                    let cx = (Double(gx) + 0.5) * Double(grid.xSub), cy = (Double(gy) + 0.5) * Double(grid.ySub)
                    let depth = reference.depth(cx, cy)
                    // Clear of the edge by more than one sample, or clearly outside.
                    guard depth > Double(max(grid.xSub, grid.ySub)) + 0.5 || depth < -2 else { continue }
                    compared += 1
                    if rotated.sample(grid, gx, gy) != axisAligned.sample(grid, gx, gy) {
                        differing.append("(\(gx),\(gy)) in grid \(grid.plane)/\(grid.offset)")
                    }
                }
            }
        }
        #expect(compared > 500)
        #expect(differing.isEmpty, "\(format): \(differing.count) samples differ, e.g. \(differing.prefix(4))")
    }

    /// Half and whole turns leave a rectangle where it was, so they mirror exactly as angle 0.
    @Test("Angles 180, -180 and 360 mirror exactly as angle 0", arguments: PixelFormat.allCases)
    func halfTurnEqualsNoTurn(format: PixelFormat) throws {
        for flip in Flip.allCases {
            let frame = TestFrame(format, width: Self.width, height: Self.height, padding: 1)
            let box = PixelBox(centerX: 17.3, centerY: 11.8, width: 19.4, height: 9.1)
            let unturned = try Self.mirrored(frame, [box], flip: flip)
            for angle in [180.0, -180, 360] {
                var turned = box
                turned.angle = angle
                let difference = try Self.mirrored(frame, [turned], flip: flip).difference(from: unturned)
                #expect(difference == nil, "\(format) \(flip) angle \(angle): \(difference ?? "")")
            }
        }
    }

    @Test("Degenerate rotated boxes change nothing", arguments: PixelFormat.allCases)
    func degenerateRotatedBoxes(format: PixelFormat) throws {
        let boxes = [
            PixelBox(centerX: 20, centerY: 14, width: 0, height: 10, angle: 30),
            PixelBox(centerX: 20, centerY: 14, width: 10, height: -3, angle: 30),
            PixelBox(centerX: .nan, centerY: 14, width: 10, height: 10, angle: 30),
            PixelBox(centerX: -50, centerY: -50, width: 10, height: 10, angle: 30),
            PixelBox(centerX: 100, centerY: 14, width: 10, height: 10, angle: 60),
            // No rotation can be worked out from these; they must be skipped, not trap.
            PixelBox(centerX: 20, centerY: 14, width: 10, height: 10, angle: .nan),
            PixelBox(centerX: 20, centerY: 14, width: 10, height: 10, angle: .infinity),
            PixelBox(centerX: 20, centerY: 14, width: 10, height: 10, angle: -.infinity)
        ]
        let frame = TestFrame(format, width: Self.width, height: Self.height, padding: 2)
        for flip in Flip.allCases {
            let difference = try Self.mirrored(frame, boxes, flip: flip).difference(from: frame)
            #expect(difference == nil, "\(format) \(flip): \(difference ?? "")")
        }
    }
}
