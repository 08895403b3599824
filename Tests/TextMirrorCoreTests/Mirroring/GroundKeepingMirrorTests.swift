import Foundation
import Testing
@testable import TextMirrorCore

/// The seamless mirror's third way (FrameMirror+GroundKeeping.swift): where the ground inside a box
/// holds what its ring cannot see, the ground read from inside the box stays where it is and
/// only the letters turn.
@Suite struct GroundKeepingMirrorTests {
    static let width = 81, height = 40

    /// Bands 10 px wide and 30 levels apart across a ramp. About x = 40 a mirror lays each
    /// bright band onto a dark one, so a mirror that moves the ground draws bands against
    /// bands at the box's ends; the ring's smooth surface cannot undo that.
    static func ground(_ x: Double, _ y: Double) -> Double {
        90 + x + (Int(x.rounded(.down)) % 20 < 10 ? 30 : 0)
    }

    /// Print reflects this share of the light its paper does.
    static let inkReflects = 0.1

    /// Dark strokes, 3 px wide (vertical bars one column in eight, from column 17, and a bar
    /// along the line's top), 2 px inside the box.
    static func ink(_ box: PixelBox, _ x: Double, _ y: Double) -> Bool {
        let parts = inkParts(box, x, y)
        return parts.bar || parts.stroke
    }

    /// Which of `ink`'s parts lie at (x, y): a vertical bar, the bar along the top.
    static func inkParts(_ box: PixelBox, _ x: Double, _ y: Double) -> (stroke: Bool, bar: Bool) {
        let a = box.angle * .pi / 180, dx = x - box.centerX, dy = y - box.centerY
        let u = dx * cos(a) + dy * sin(a), v = -dx * sin(a) + dy * cos(a)
        guard abs(u) <= box.width / 2 - 2, abs(v) <= box.height / 2 - 2 else { return (false, false) }
        let column = Int((u + box.width / 2).rounded(.down))
        return (column >= 9 && column % 8 < 3, v < -box.height / 2 + 5)
    }

    @Test(
        "A banded ground stays in place and only the letters turn",
        arguments: [PixelFormat.gray8, .i420, .rgba, .i420_10le], [0.0, 5.0])
    func bandedGroundStays(format: PixelFormat, degrees: Double) throws {
        let box = PixelBox(centerX: 40, centerY: 20, width: 57, height: 16, angle: degrees)
        let frame = TestFrame(format, width: Self.width, height: Self.height)
        let colours = frame.layout.format.info.components.count
        SeamlessMirrorTests.paint(frame) { grid, byte, x, y in
            // Chroma (the other grids of YUV formats) is flat, alpha opaque.
            if grid > 0 { return 128 }
            if byte >= colours { return 255 }
            return UInt8((Self.ground(x, y) * (Self.ink(box, x, y) ? Self.inkReflects : 1)).rounded())
        }
        let out = try SeamlessMirrorTests.mirrored(frame, box, flip: .horizontal, seamless: true)

        // The box's mirror map: reflected across the line through its centre across the text.
        let a = box.angle * .pi / 180, along = SIMD2(cos(a), sin(a)), centre = box.center
        func mirrored(_ p: SIMD2<Double>) -> SIMD2<Double> { p - 2 * ((p - centre) * along).sum() * along }
        // Is there ink within `reach` px of where the mirror takes p from?
        func inkNear(_ p: SIMD2<Double>, _ reach: Double) -> Bool {
            let q = mirrored(p)
            return stride(from: -reach, through: reach, by: 0.5).contains { dx in
                stride(from: -reach, through: reach, by: 0.5).contains { dy in Self.ink(box, q.x + dx, q.y + dy) }
            }
        }
        let grid = frame.layout.grids[0]
        var (groundErrors, groundCount, inkMissed, inkOff) = (0.0, 0, 0, 0)
        for gy in 0..<Self.height {
            for gx in 0..<Self.width {
                let p = SIMD2(Double(gx) + 0.5, Double(gy) + 0.5)
                guard SeamlessMirrorTests.inside(box, p.x, p.y, margin: 1) else { continue }
                let level = out.level(grid, gx, gy, 0), ground = Self.ground(p.x, p.y)
                if !inkNear(p, 1.5) {
                    groundErrors += abs(level - ground)
                    groundCount += 1
                } else if [-1.0, 0, 1].allSatisfy({ dx in
                    [-1.0, 0, 1].allSatisfy { dy in
                        let q = mirrored(p) + SIMD2(dx, dy)
                        return Self.ink(box, q.x, q.y)
                    }
                }) {
                    // Deep inside a stroke where it lands, so that every sample its value is
                    // interpolated from (within a pixel each way of its reflection) is ink: as
                    // dark beside the ground it lands on as it was beside its own.
                    if level > ground - 40 { inkMissed += 1 }
                    if abs(level - ground * Self.inkReflects) > 4 { inkOff += 1 }
                }
            }
        }
        let meanError = groundErrors / Double(max(groundCount, 1))
        // Mirrored with the ground, the bands' error would be about 15 levels on average
        // (half the ground's samples 30 off).
        #expect(meanError < 4, "\(format) at \(degrees)°: the ground is \(meanError) levels off on average")
        #expect(groundCount > 100, "\(format) at \(degrees)°: \(groundCount) ground samples")
        #expect(inkMissed == 0, "\(format) at \(degrees)°: \(inkMissed) stroke samples not dark")
        #expect(inkOff == 0, "\(format) at \(degrees)°: \(inkOff) stroke samples off their ground's tenth")
    }
}
