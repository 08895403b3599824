import Testing
@testable import TextMirrorCore

/// Frames painted in halves, so where each crop pixel came from is plain.
@Suite("LineCrop: a line cut along its angle, scaled to the recognizer's height")
struct LineCropTests {
    /// An RGBA frame whose left half is red and right half blue.
    final class HalvesFrame {
        let width: Int, height: Int
        var bytes: [UInt8]
        init(width: Int, height: Int, vertical: Bool = false) {
            self.width = width
            self.height = height
            bytes = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let first = vertical ? y < height / 2 : x < width / 2
                    let at = (y * width + x) * 4
                    bytes[at] = first ? 255 : 0
                    bytes[at + 2] = first ? 0 : 255
                    bytes[at + 3] = 255
                }
            }
        }
        func crop(_ box: PixelBox, mirrored: Bool = false) -> LineCrop? {
            bytes.withUnsafeMutableBytes { raw in
                LineCrop(
                    box,
                    in: FrameBuffer(
                        width: width, height: height, planes: [raw.baseAddress!],
                        strides: [width * 4]),
                    format: .rgba, height: 48, maxWidth: 1024, mirrored: mirrored)
            }
        }
    }

    static func pixel(_ crop: LineCrop, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let at = (y * crop.width + x) * 3
        return (crop.rgb[at], crop.rgb[at + 1], crop.rgb[at + 2])
    }

    @Test func mirroredIsTheSameBytesAsCuttingMirrored() throws {
        let frame = HalvesFrame(width: 400, height: 200)
        for box in [
            PixelBox(centerX: 190.3, centerY: 97.6, width: 171, height: 33, angle: 7),
            PixelBox(centerX: 20, centerY: 100, width: 90, height: 21)
        ] {
            let crop = try #require(frame.crop(box)), cut = try #require(frame.crop(box, mirrored: true))
            #expect(crop.mirrored() == cut)
        }
    }

    @Test func widthFollowsTheBoxAndItsMargins() throws {
        let frame = HalvesFrame(width: 400, height: 200)
        let box = PixelBox(centerX: 200, centerY: 100, width: 200, height: 40)
        let crop = try #require(frame.crop(box))
        #expect(crop.height == 48)
        // 40 px high with 0.15 of it above and below: 52 source rows -> 48; the width with
        // 0.6 x 40 px at each end: 248 -> 229.
        #expect(crop.width == 229)
        #expect(crop.rgb.count == crop.width * 48 * 3)
    }

    @Test func levelBoxKeepsLeftAndRight() throws {
        let frame = HalvesFrame(width: 400, height: 200)
        let crop = try #require(frame.crop(PixelBox(centerX: 200, centerY: 100, width: 200, height: 40)))
        #expect(Self.pixel(crop, 5, 24) == (255, 0, 0))
        #expect(Self.pixel(crop, crop.width - 6, 24) == (0, 0, 255))
        let mirrored = try #require(
            frame.crop(
                PixelBox(centerX: 200, centerY: 100, width: 200, height: 40),
                mirrored: true))
        #expect(Self.pixel(mirrored, 5, 24) == (0, 0, 255))
        #expect(Self.pixel(mirrored, mirrored.width - 6, 24) == (255, 0, 0))
    }

    @Test func turnedBoxReadsAlongItsAngle() throws {
        // Top half red: a box turned 90° clockwise runs downwards, so its start is red.
        let frame = HalvesFrame(width: 200, height: 400, vertical: true)
        let crop = try #require(frame.crop(PixelBox(centerX: 100, centerY: 200, width: 200, height: 40, angle: 90)))
        #expect(Self.pixel(crop, 5, 24) == (255, 0, 0))
        #expect(Self.pixel(crop, crop.width - 6, 24) == (0, 0, 255))
    }

    @Test func outsideTheFrameIsMidGray() throws {
        let frame = HalvesFrame(width: 100, height: 100)
        let crop = try #require(frame.crop(PixelBox(centerX: 0, centerY: 50, width: 40, height: 20)))
        #expect(Self.pixel(crop, 1, 24) == (128, 128, 128))
    }

    @Test func yuvIsConvertedWithChromaAtItsOwnGrid() throws {
        // I420 white (Y 235, U = V = 128) everywhere.
        let width = 64, height = 32
        var y = [UInt8](repeating: 235, count: width * height)
        var u = [UInt8](repeating: 128, count: width * height / 4)
        var v = u
        let crop = y.withUnsafeMutableBytes { yp in
            u.withUnsafeMutableBytes { up in
                v.withUnsafeMutableBytes { vp in
                    LineCrop(
                        PixelBox(centerX: 32, centerY: 16, width: 40, height: 10),
                        in: FrameBuffer(
                            width: width, height: height,
                            planes: [yp.baseAddress!, up.baseAddress!, vp.baseAddress!],
                            strides: [width, width / 2, width / 2]),
                        format: .i420, height: 48, maxWidth: 1024)
                }
            }
        }
        let made = try #require(crop)
        #expect(made.rgb.allSatisfy { $0 >= 254 })
    }

    @Test func refusesEmptyAndNonFiniteBoxes() {
        let frame = HalvesFrame(width: 10, height: 10)
        #expect(frame.crop(PixelBox(centerX: 5, centerY: 5, width: 0, height: 4)) == nil)
        #expect(frame.crop(PixelBox(centerX: .nan, centerY: 5, width: 4, height: 4)) == nil)
        #expect(frame.crop(PixelBox(centerX: 5, centerY: 5, width: 4, height: .infinity)) == nil)
    }

    /// The same levels in 10 to 16 bits (in the samples' top bits, either byte order) and in
    /// 8 bits give the same crop: the sampler reads a wider sample's 8 most significant bits.
    @Test(
        "A line in 10 to 16 bits reads as the same line in 8 bits",
        arguments: [
            (PixelFormat.i420_10le, PixelFormat.i420), (.i420_12be, .i420), (.y444_10be, .y444),
            (.gray16le, .gray8), (.gray16be, .gray8)
        ] as [(PixelFormat, PixelFormat)])
    func wideSamplesReadLikeBytes(wide: PixelFormat, narrow: PixelFormat) throws {
        let frames = [wide, narrow].map { TestFrame($0, width: 64, height: 40, padding: 6) }
        for frame in frames {
            for (gi, grid) in frame.layout.grids.enumerated() {
                for gy in 0..<grid.rows(height: 40) {
                    for gx in 0..<grid.columns(width: 64) {
                        frame.setLevels(grid, gx, gy, [UInt8(truncatingIfNeeded: 40 + gi * 50 + gx * 3 + gy * 2)])
                    }
                }
            }
        }
        let box = PixelBox(centerX: 32, centerY: 20, width: 40, height: 12, angle: 5)
        let crops = try zip(frames, [wide, narrow]).map { frame, format in
            try #require(LineCrop(box, in: frame.buffer, format: format, height: 48, maxWidth: 1024, mirrored: false))
        }
        #expect(crops[0].rgb == crops[1].rgb)
    }
}
