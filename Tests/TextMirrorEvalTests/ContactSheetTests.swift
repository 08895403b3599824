import Testing
import TextMirrorCore
@testable import TextMirrorEvalCore

@Suite struct ContactSheetTests {
    static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [EvalPoint] {
        [EvalPoint(x0, y0), EvalPoint(x1, y0), EvalPoint(x1, y1), EvalPoint(x0, y1)]
    }

    /// A picture whose every pixel is (x, y, seed, 255), so where a pixel came from is visible.
    static func coordinates(width: Int, height: Int, seed: UInt8) -> RGBAPicture {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { pixels += [UInt8(truncatingIfNeeded: x), UInt8(truncatingIfNeeded: y), seed, 255] } }
        return RGBAPicture(width: width, height: height, pixels: pixels)
    }

    static func pixel(_ p: RGBAPicture, _ x: Int, _ y: Int) -> [UInt8] {
        Array(p.pixels[((y * p.width + x) * 4)..<((y * p.width + x) * 4 + 4)])
    }

    @Test func areaHoldsEveryRegionWithAMarginOfAThirdOfTheirHeight() {
        // Regions span x 100...200, y 50...80: height 30, margin 30 / 3 + 12 = 22.
        let area = ContactSheet.area(
            of: [Self.rect(100, 50, 150, 60), Self.rect(140, 70, 200, 80)], width: 1000, height: 500)
        #expect(area == PixelRect(x0: 78, y0: 28, x1: 222, y1: 102))
    }

    @Test func areaIsClippedToThePicture() {
        let area = ContactSheet.area(of: [Self.rect(-20, 5, 90, 40)], width: 100, height: 60)
        #expect(area == PixelRect(x0: 0, y0: 0, x1: 100, y1: 60))
    }

    @Test func withoutRegionsOrOutsideThePictureTheWholePictureIsShown() {
        #expect(ContactSheet.area(of: [], width: 64, height: 48) == PixelRect(x0: 0, y0: 0, x1: 64, y1: 48))
        #expect(
            ContactSheet.area(of: [Self.rect(500, 500, 600, 510)], width: 64, height: 48)
                == PixelRect(x0: 0, y0: 0, x1: 64, y1: 48))
    }

    @Test func shrinkingAveragesTheSourcePixels() {
        let picture = RGBAPicture(width: 2, height: 2, pixels: [0, 0, 0, 255, 100, 0, 0, 255, 0, 0, 0, 255, 100, 0, 0, 255])
        let one = ContactSheet.resampled(picture, area: PixelRect(x0: 0, y0: 0, x1: 2, y1: 2), width: 1, height: 1)
        #expect(one.pixels == [50, 0, 0, 255])
    }

    @Test func enlargingRepeatsPixels() {
        let picture = Self.coordinates(width: 4, height: 4, seed: 0)
        let big = ContactSheet.resampled(picture, area: PixelRect(x0: 1, y0: 2, x1: 3, y1: 4), width: 4, height: 4)
        #expect(Self.pixel(big, 0, 0) == [1, 2, 0, 255])
        #expect(Self.pixel(big, 1, 1) == [1, 2, 0, 255])
        #expect(Self.pixel(big, 2, 0) == [2, 2, 0, 255])
        #expect(Self.pixel(big, 3, 3) == [2, 3, 0, 255])
    }

    @Test func aPairIsBeforeLeftAndAfterRightBetweenGrayGutters() {
        let before = Self.coordinates(width: 40, height: 20, seed: 1)
        let after = Self.coordinates(width: 40, height: 20, seed: 2)
        let area = PixelRect(x0: 10, y0: 5, x1: 30, y1: 15)
        let pair = ContactSheet.pair(before: before, after: after, area: area)
        // 20 x 10 enlarged by the largest allowed factor, 2.
        let g = ContactSheet.gutter
        #expect(pair.width == 2 * 40 + 3 * g && pair.height == 20 + 2 * g)
        #expect(Self.pixel(pair, 0, 0) == [96, 96, 96, 255])
        #expect(Self.pixel(pair, g, g) == [10, 5, 1, 255])
        #expect(Self.pixel(pair, g + 40 + g, g) == [10, 5, 2, 255])
        #expect(Self.pixel(pair, 2 * g + 79, g + 19) == [29, 14, 2, 255])
    }

    @Test func aWideAreaIsScaledToThePanelWidth() {
        let wide = Self.coordinates(width: 2 * ContactSheet.panelWidth, height: 10, seed: 0)
        let pair = ContactSheet.pair(before: wide, after: wide, area: PixelRect(x0: 0, y0: 0, x1: wide.width, y1: 10))
        #expect(pair.width == 2 * ContactSheet.panelWidth + 3 * ContactSheet.gutter)
        #expect(pair.height == 5 + 2 * ContactSheet.gutter)
    }
}
