import Testing
@testable import TextMirrorCore

/// Whether the colour channels of a kept ground take the same ink out of the picture
/// (InkAgreement.swift), alone and as the ground-keeping mirror asks it.
@Suite struct InkAgreementTests {
    static let width = 40, height = 20

    /// Vertical strokes 3 samples wide every 8 columns, rows 4 ..< 16.
    static func stroke(_ x: Int, _ y: Int) -> Bool { x % 8 < 3 && y >= 4 && y < 16 }
    /// A bar along the top, rows 1 ..< 3.
    static func bar(_ x: Int, _ y: Int) -> Bool { y >= 1 && y < 3 && x >= 2 && x < 38 }

    /// A channel with dark ink where `isInk` says on paper at 200, and its ground: the paper
    /// everywhere, as a closing wider than the strokes reads it.
    static func channel(_ isInk: (Int, Int) -> Bool) -> (picture: [UInt8], ground: [UInt8]) {
        let picture = (0..<(width * height)).map { isInk($0 % width, $0 / width) ? UInt8(40) : 200 }
        return (picture, [UInt8](repeating: 200, count: picture.count))
    }

    /// `channels` added to an agreement over the whole picture, each a grid of
    /// `pixelsPerSample` luma pixels a sample (1 or 2) on cells of 2 × 2 pixels.
    static func agreement(_ channels: [(picture: [UInt8], ground: [UInt8], pixelsPerSample: Int)]) -> InkAgreement {
        var agreement = InkAgreement(PixelRect(x0: 0, y0: 0, x1: width, y1: height), cellWidth: 2, cellHeight: 2)
        for (picture, ground, pixelsPerSample) in channels {
            let inside = [Bool](repeating: true, count: picture.count)
            agreement.add(
                picture: picture, ground: ground, inside: inside,
                split: InkFreeBackground.InkSplit(picture, inside: inside), width: width / pixelsPerSample,
                origin: (0, 0), pixelsPerSample: pixelsPerSample, rowsPerSample: pixelsPerSample)
        }
        return agreement
    }

    @Test("Channels that take the same letters out of their grounds agree")
    func sameLettersAgree() {
        let letters = Self.channel { Self.stroke($0, $1) || Self.bar($0, $1) }
        let agreement = Self.agreement([(letters.0, letters.1, 1), (letters.0, letters.1, 1)])
        #expect(agreement.disagreement == 0)
        #expect(agreement.agrees)
    }

    @Test("Channels that take different shapes out disagree; a flat channel does not count")
    func differentShapesDisagree() {
        let strokes = Self.channel(Self.stroke), bar = Self.channel(Self.bar)
        let different = Self.agreement([(strokes.0, strokes.1, 1), (bar.0, bar.1, 1)])
        #expect(different.disagreement == 1)
        #expect(!different.agrees)
        // Letters in one channel and nothing in the other (grey print's chroma): only one
        // channel counts, and there is nothing to disagree with.
        let flat = [UInt8](repeating: 128, count: strokes.0.count)
        let alone = Self.agreement([(strokes.0, strokes.1, 1), (flat, flat, 1)])
        #expect(alone.disagreement == 0)
    }

    @Test("Taken only where the ground lies on the ink's side of the picture by half the contrast")
    func takenOnTheInksSide() {
        let strokes = Self.channel(Self.stroke)
        #expect(Self.agreement([(strokes.0, strokes.1, 1), (strokes.0, strokes.1, 1)]).disagreement == 0)
        // A ground that follows the picture but for a few levels of smoothing takes nothing out,
        // nor does one below dark ink (the wrong side): the strokes the other channel takes
        // are then taken by one channel of two.
        let smoothed = strokes.0.map { $0 &+ 5 }, below = strokes.0.map { $0 / 2 }
        #expect(Self.agreement([(strokes.0, strokes.1, 1), (strokes.0, smoothed, 1)]).disagreement == 1)
        #expect(Self.agreement([(strokes.0, strokes.1, 1), (strokes.0, below, 1)]).disagreement == 1)
    }

    @Test("A chroma plane at half resolution compares with the luma cell by cell")
    func halfResolutionChroma() {
        // Strokes on even columns, 4 wide, so that the half-resolution plane holds them exactly.
        let isInk = { (x: Int, y: Int) in x % 8 < 4 && y >= 4 && y < 16 }
        let luma = Self.channel(isInk)
        let half = (0..<(Self.width / 2 * Self.height / 2)).map { i in
            isInk(2 * (i % (Self.width / 2)), 2 * (i / (Self.width / 2))) ? UInt8(40) : 200
        }
        let halfGround = [UInt8](repeating: 200, count: half.count)
        #expect(Self.agreement([(luma.0, luma.1, 1), (half, halfGround, 2)]).disagreement == 0)
        // The bar in the chroma instead: different cells.
        let halfBar = (0..<half.count).map { i in
            Self.bar(2 * (i % (Self.width / 2)), 2 * (i / (Self.width / 2))) ? UInt8(40) : 200
        }
        #expect(!Self.agreement([(luma.0, luma.1, 1), (halfBar, halfGround, 2)]).agrees)
    }

    /// Letters on GroundKeepingMirrorTests' banded ground, whose texture the ring cannot see:
    /// of one colour (dark in every channel), or a logo of two, its strokes dark in R and G (or
    /// luma) and its top bar dark in B (or raised in U).
    static func painted(_ format: PixelFormat, box: PixelBox, twoColours: Bool) -> TestFrame {
        let frame = TestFrame(format, width: GroundKeepingMirrorTests.width, height: GroundKeepingMirrorTests.height)
        let yuv = format.info.model == .yuv
        SeamlessMirrorTests.paint(frame) { grid, byte, x, y in
            let ground = GroundKeepingMirrorTests.ground(x, y)
            let parts = GroundKeepingMirrorTests.inkParts(box, x, y)
            let (isStroke, isBar) = (parts.stroke && !parts.bar, parts.bar)
            let dark = UInt8((ground * GroundKeepingMirrorTests.inkReflects).rounded())
            if yuv {
                switch grid {
                case 0: return (isStroke || (!twoColours && isBar)) ? dark : UInt8(ground.rounded())
                case 1: return twoColours && isBar ? 200 : 128
                default: return 128
                }
            }
            switch byte {
            case 0, 1: return (isStroke || (!twoColours && isBar)) ? dark : UInt8(ground.rounded())
            case 2: return (isBar || (!twoColours && isStroke)) ? dark : UInt8(ground.rounded())
            default: return 255
            }
        }
        return frame
    }

    @Test(
        "The ground is kept under letters of one colour and not under a logo of two",
        arguments: [PixelFormat.rgba, .i420])
    func keptForOneColourOnly(format: PixelFormat) throws {
        let box = PixelBox(centerX: 40, centerY: 20, width: 57, height: 16, angle: 0)
        let mirror = try FrameMirror(
            format: format, width: GroundKeepingMirrorTests.width, height: GroundKeepingMirrorTests.height)
        func kept(twoColours: Bool) -> Bool {
            let frame = Self.painted(format, box: box, twoColours: twoColours)
            let rect = box.boundingRect(frameWidth: frame.width, frameHeight: frame.height)
            let original = RegionSnapshot(rect, layout: mirror.layout, of: frame.buffer)
            defer { original.deallocate() }
            return mirror.groundsToKeep(box, original: original) != nil
        }
        #expect(kept(twoColours: false), "\(format): letters of one colour")
        #expect(!kept(twoColours: true), "\(format): a logo of two colours")
    }
}
