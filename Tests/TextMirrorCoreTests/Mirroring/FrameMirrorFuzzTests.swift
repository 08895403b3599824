import Foundation
import Testing
import TextMirrorCore

/// The mirror kernels with random formats, frame sizes, row padding (strides), flips and boxes,
/// compared with the simple reference (Support/ReferenceMirror.swift): axis-aligned boxes byte
/// for byte (guard bytes and padding included), rotated boxes sample by sample.
@Suite struct FrameMirrorFuzzTests {
    /// A random edge: mostly inside the frame, sometimes outside, fractional, or not finite.
    static func edge(_ rng: inout SplitMix64, limit: Int) -> Double {
        switch rng.below(20) {
        case 0: return -Double(rng.below(20)) - 0.5
        case 1: return Double(limit + rng.below(20))
        case 2: return Double(rng.below(limit + 1)) + Double(rng.below(100)) / 100
        case 3: return rng.pick([Double.infinity, -Double.infinity, Double.nan, 0, Double(limit)])
        default: return Double(rng.below(limit + 1))
        }
    }

    static func axisAlignedBox(_ rng: inout SplitMix64, width: Int, height: Int) -> PixelBox {
        let x0 = edge(&rng, limit: width), x1 = edge(&rng, limit: width)
        let y0 = edge(&rng, limit: height), y1 = edge(&rng, limit: height)
        // Usually ordered edges; sometimes as they came (negative or zero size).
        let (l, r) = rng.chance(85) ? (min(x0, x1), max(x0, x1)) : (x0, x1)
        let (t, b) = rng.chance(85) ? (min(y0, y1), max(y0, y1)) : (y0, y1)
        let angle = rng.pick([0.0, 0.0, 0.0, 180, -180, 360])
        return PixelBox(centerX: (l + r) / 2, centerY: (t + b) / 2, width: r - l, height: b - t, angle: angle)
    }

    @Test("Random axis-aligned regions equal the reference, byte for byte")
    func fuzzAxisAligned() throws {
        let budget = FuzzBudget(iterations: 20_000, seconds: 4)
        var rng = SplitMix64(seed: budget.seed)
        var tried = 0, failures = 0
        var formatsSeen = Set<PixelFormat>()
        while budget.allows(tried) {
            let format = rng.pick(PixelFormat.allCases)
            let width = 1 + (rng.chance(20) ? rng.below(3) : rng.below(90))
            let height = 1 + (rng.chance(20) ? rng.below(3) : rng.below(20))
            let padding = rng.chance(40) ? 0 : rng.below(40)
            let flip = rng.pick(Flip.allCases)
            let boxes = (0..<(1 + rng.below(4))).map { _ in Self.axisAlignedBox(&rng, width: width, height: height) }
            tried += 1
            formatsSeen.insert(format)
            let frame = TestFrame(format, width: width, height: height, padding: padding, seed: rng.next())
            let expected = ReferenceMirror.mirrored(frame, boxes: boxes, flip: flip)
            frame.mirror(try FrameMirror(format: format, width: width, height: height), boxes, flip: flip)
            if let difference = frame.difference(from: expected) {
                failures += 1
                if failures <= 5 {
                    Issue.record(
                        "\(budget.repeatHint), case \(tried): \(format) \(width)x\(height) padding \(padding) \(flip) \(boxes): \(difference)"
                    )
                }
            }
        }
        #expect(failures == 0, "\(failures) of \(tried) cases differ, \(budget.repeatHint)")
        #expect(formatsSeen.count == PixelFormat.allCases.count || tried < 200)
        print("kernel fuzz (axis-aligned): \(tried) cases, \(failures) failures, \(budget.repeatHint)")
    }

    @Test("Random rotated regions match the bilinear reference")
    func fuzzRotated() throws {
        let budget = FuzzBudget(iterations: 5_000, seconds: 3)
        var rng = SplitMix64(seed: budget.seed)
        var tried = 0, failures = 0
        while budget.allows(tried) {
            let format = rng.pick(PixelFormat.allCases)
            let width = 1 + rng.below(60), height = 1 + rng.below(30)
            let padding = rng.below(9)
            let flip = rng.pick(Flip.allCases)
            let box = PixelBox(
                centerX: Double(rng.below(width * 100 + 1)) / 100,
                centerY: Double(rng.below(height * 100 + 1)) / 100,
                width: Double(rng.below(width * 150 + 1)) / 100,
                height: Double(rng.below(height * 150 + 1)) / 100,
                angle: Double(rng.below(72_001)) / 100 - 360)
            // Multiples of 180 degrees take the axis-aligned path (snapped to the chroma grid),
            // which the axis-aligned fuzz test checks against its own reference.
            if box.isAxisAligned { continue }
            tried += 1
            let before = TestFrame(format, width: width, height: height, padding: padding, seed: rng.next())
            let after = before.copy()
            after.mirror(try FrameMirror(format: format, width: width, height: height), [box], flip: flip)
            let violations = RotatedReference(box: box, flip: flip).violations(before: before, after: after)
            if !violations.isEmpty {
                failures += 1
                if failures <= 5 {
                    Issue.record(
                        "\(budget.repeatHint), case \(tried): \(format) \(width)x\(height) padding \(padding) \(flip) \(box): \(violations.count) wrong, e.g. \(violations.prefix(2))"
                    )
                }
            }
        }
        #expect(failures == 0, "\(failures) of \(tried) cases wrong, \(budget.repeatHint)")
        print("kernel fuzz (rotated): \(tried) cases, \(failures) failures, \(budget.repeatHint)")
    }
}
