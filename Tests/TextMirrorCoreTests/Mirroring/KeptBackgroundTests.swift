import Testing
@testable import TextMirrorCore

/// A seamlessly mirrored box gives back its own background beyond its letters
/// (RegionSnapshot+Background.swift): what the ring's smooth surface cannot hold stays where it
/// was, in every grid and channel, while the letters are mirrored.
@Suite struct KeptBackgroundTests {
    typealias Seamless = SeamlessMirrorTests

    /// A tall box (rows 3 to 30) whose letters fill only its middle rows (14 to 19), on a ramp
    /// (so that the seamless mirror corrects it) with a bright sheen in the box's top left
    /// corner and a dark one in its bottom right, which no ring sees.
    static let box = PixelBox(centerX: 30.5, centerY: 16.5, width: 41, height: 27)
    static func letters(_ x: Double, _ y: Double) -> Bool {
        Int(x.rounded(.down)) % 5 == 1 && x > 14 && x < 44 && y > 13 && y < 20
    }
    static func background(_ x: Double, _ y: Double) -> Double {
        let sheen = x > 12 && x < 26 && y > 3 && y < 7 ? 20.0 : x > 34 && x < 48 && y > 26 && y < 30 ? -18 : 0
        return 80 + 1.5 * x + 0.5 * y + sheen
    }
    /// Rows far enough from the letters (more than `inkRim` + `inkFade` pixels) to be given
    /// back whole.
    static func keptRow(_ y: Double) -> Bool { y < 6 || y > 27 }

    @Test("Beyond its letters a box keeps its own background", arguments: PixelFormat.allCases)
    func keepsTheSheenAboveAndBelowTheLine(format: PixelFormat) throws {
        try keepsTheSheen(format, noiseIn: nil)
    }

    /// Alpha or padding bytes full of noise (a source may leave them so) carry no ink: the
    /// margins are still given back, those bytes with them.
    @Test(
        "Noise in alpha or padding bytes is no ink",
        arguments: [(PixelFormat.bgrx, 3), (.xrgb, 0), (.rgba, 3), (.abgr, 0)])
    func noiseInPaddingIsNoInk(format: PixelFormat, padding: Int) throws {
        try keepsTheSheen(format, noiseIn: padding)
    }

    func keepsTheSheen(_ format: PixelFormat, noiseIn noisy: Int?) throws {
        let frame = TestFrame(format, width: Seamless.width, height: Seamless.height, padding: 5)
        // Every channel its own level, so that a channel decided apart from the others shows.
        Seamless.paint(frame) { grid, channel, x, y in
            if channel == noisy { return patternByte(3, UInt64(grid), UInt64(y * 64), UInt64(x * 8)) }
            return Self.letters(x, y) ? 20 : UInt8(min(Self.background(x, y) + Double(9 * grid + 5 * channel), 255).rounded())
        }
        let plain = try Seamless.mirrored(frame, Self.box, flip: .horizontal, seamless: false)
        let out = try Seamless.mirrored(frame, Self.box, flip: .horizontal, seamless: true)
        var kept = 0, moved = 0
        for grid in frame.layout.grids {
            for gy in 0..<grid.rows(height: frame.height) {
                for gx in 0..<grid.columns(width: frame.width) {
                    // Every luma pixel the sample covers in a kept row, inside the box.
                    let ys = (gy * grid.ySub)..<((gy + 1) * grid.ySub), xs = (gx * grid.xSub)..<((gx + 1) * grid.xSub)
                    guard
                        ys.allSatisfy({ Self.keptRow(Double($0) + 0.5) }),
                        xs.allSatisfy({ x in ys.allSatisfy { Seamless.inside(Self.box, Double(x) + 0.5, Double($0) + 0.5) } })
                    else { continue }
                    if plain.sample(grid, gx, gy) != frame.sample(grid, gx, gy) { moved += 1 }
                    #expect(
                        out.sample(grid, gx, gy) == frame.sample(grid, gx, gy),
                        "\(format) sample (\(gx), \(gy)) of plane \(grid.plane)")
                    kept += 1
                }
            }
        }
        // The plain mirror moves the sheens, so keeping them is no accident of the picture.
        #expect(kept > 0 && moved > kept / 4, "\(format): \(moved) of \(kept) samples moved by the plain mirror")
        // And the letters are mirrored: a stroke's column (x) reads dark where the mirror put it,
        // against the background there: 60 - x about the box's centre, or a column beside it where
        // the format's macropixels hold the axis to whole pairs of pixels.
        let luma = frame.layout.grids[0], colour = noisy == 0 ? 1 : 0
        for x in stride(from: 16, to: 44, by: 5) {
            let mirroredX = Int(2 * Self.box.centerX) - 1 - x
            let darkest = ((mirroredX - 1)...(mirroredX + 1)).map {
                out.level(luma, $0 / luma.xSub, 16 / luma.ySub, colour)
            }.min()!
            #expect(
                darkest < Self.background(Double(mirroredX) + 0.5, 16.5) - 40,
                "\(format): stroke \(x) mirrored to \(mirroredX)")
        }
    }

    /// Between the strokes the letters' own background moves with them: a sheen among the
    /// letters (rows 15 to 17, left half) is mirrored with them, not given back in the gaps
    /// between strokes, where it would stand out as patches.
    @Test("Among its letters a box's background is mirrored with them", arguments: [PixelFormat.gray8, .nv12, .rgba])
    func mirrorsTheSheenAmongTheLetters(format: PixelFormat) throws {
        func sheen(_ x: Double, _ y: Double) -> Bool { x > 14 && x < 27 && y > 15 && y < 18 }
        let frame = TestFrame(format, width: Seamless.width, height: Seamless.height, padding: 5)
        Seamless.paint(frame) { _, _, x, y in
            Self.letters(x, y) ? 20 : UInt8((Self.background(x, y) + (sheen(x, y) ? 25 : 0)).rounded())
        }
        let out = try Seamless.mirrored(frame, Self.box, flip: .horizontal, seamless: true)
        let luma = frame.layout.grids[0]
        // Gap columns (not strokes) in the sheen's rows, and where the mirror takes them.
        for x in [18, 19, 23, 24] {
            let mirroredX = Int(2 * Self.box.centerX) - 1 - x
            let there = out.level(luma, mirroredX, 16, 0), here = out.level(luma, x, 16, 0)
            #expect(
                there > Self.background(Double(mirroredX) + 0.5, 16.5) + 15,
                "\(format): the sheen at \(x) is mirrored to \(mirroredX)")
            #expect(
                here < Self.background(Double(x) + 0.5, 16.5) + 10, "\(format): no sheen is given back at \(x)")
        }
    }

    /// A space between two words as wide as two reaches of the fade (`inkRim` + `inkFade` + 1
    /// on either side) is inside the line: a sheen in it (rows 15 to 17, the space's left
    /// half) is mirrored with the words, to the space's right half, and not given back there.
    @Test("The space between words is mirrored with them", arguments: [PixelFormat.gray8, .nv12, .rgba])
    func mirrorsTheSheenBetweenWords(format: PixelFormat) throws {
        // Strokes at 16 and 21, then 36 and 41: the space is columns 22 to 35, mirrored to
        // 25 to 38 (strokes at 19, 24, 39, 44).
        func words(_ x: Double, _ y: Double) -> Bool { Self.letters(x, y) && (x < 23 || x > 34) }
        func sheen(_ x: Double, _ y: Double) -> Bool { x > 22 && x < 29 && y > 15 && y < 18 }
        let frame = TestFrame(format, width: Seamless.width, height: Seamless.height, padding: 5)
        Seamless.paint(frame) { _, _, x, y in
            words(x, y) ? 20 : UInt8((Self.background(x, y) + (sheen(x, y) ? 25 : 0)).rounded())
        }
        let out = try Seamless.mirrored(frame, Self.box, flip: .horizontal, seamless: true)
        let luma = frame.layout.grids[0]
        for x in [32, 33, 34, 35] {
            #expect(
                out.level(luma, x, 16, 0) > Self.background(Double(x) + 0.5, 16.5) + 15,
                "\(format): the sheen is mirrored to \(x)")
        }
    }
}
