import Testing
import TextMirrorCore

/// The gray copy motion is measured on: every format, strides with padding, odd sizes.
@Suite struct GrayDownscalerTests {
    /// The luma of pixel (x, y), read with the hand-written test layout: the first grid's byte
    /// for YUV and gray formats (AYUV's second byte; the top 8 bits of a wider sample), BT.601
    /// weights for RGB formats, where the format's name spells its byte order.
    static func luma(_ frame: TestFrame, _ x: Int, _ y: Int) -> Int {
        let format = frame.layout.format
        let grid = frame.layout.grids[0]
        let sample = frame.sample(grid, x, y)
        let name = Array(format.rawValue)
        if frame.layout.word != nil { return Int(frame.level(grid, x, y, 0)) }  // its top 8 bits
        if let r = name.firstIndex(of: "R"), let g = name.firstIndex(of: "G"), let b = name.firstIndex(of: "B") {
            return (77 * Int(sample[r]) + 150 * Int(sample[g]) + 29 * Int(sample[b])) >> 8
        }
        return Int(format == .ayuv ? sample[1] : sample[0])
    }

    @Test("Block means of the luma", arguments: PixelFormat.allCases)
    func blockMeans(format: PixelFormat) {
        for (width, height, factor) in [(37, 23, 3), (64, 48, 4), (75, 13, 4), (9, 7, 1), (20, 10, 2)] {
            let frame = TestFrame(format, width: width, height: height, padding: 5, seed: 3)
            let scaler = GrayDownscaler(format: format, frameWidth: width, frameHeight: height, factor: factor)
            let gray = scaler.downscale(frame.buffer)
            #expect(gray.width == width / factor && gray.height == height / factor)
            var worst = 0
            for oy in 0..<gray.height {
                for ox in 0..<gray.width {
                    var sum = 0
                    for y in (oy * factor)..<((oy + 1) * factor) {
                        for x in (ox * factor)..<((ox + 1) * factor) { sum += Self.luma(frame, x, y) }
                    }
                    let n = factor * factor
                    let expected = (sum + n / 2) / n
                    worst = max(worst, abs(Int(gray.pixels[oy * gray.width + ox]) - expected))
                }
            }
            #expect(worst <= 1, "\(format) \(width)x\(height)/\(factor): off by \(worst)")
            // Factors that are powers of two divide exactly (the rounded mean).
            #expect(factor == 3 || worst == 0, "\(format) \(width)x\(height)/\(factor): off by \(worst)")
        }
    }

    @Test func factorForTheLongSide() {
        #expect(GrayDownscaler.factor(frameWidth: 1920, frameHeight: 1080) == 4)
        #expect(GrayDownscaler.factor(frameWidth: 1280, frameHeight: 720) == 3)
        #expect(GrayDownscaler.factor(frameWidth: 320, frameHeight: 240) == 1)
        #expect(GrayDownscaler.factor(frameWidth: 1080, frameHeight: 1920) == 4)
    }

    @Test func pointsMapBetweenImageAndFrame() {
        let gray = GrayImage(width: 2, height: 2, pixels: [0, 0, 0, 0], factor: 4)
        // Image pixel 0's centre is frame position 2 (the middle of frame pixels 0...3).
        #expect(gray.framePoint(fromImage: SIMD2(0, 0)) == SIMD2(2, 2))
        #expect(gray.imagePoint(fromFrame: SIMD2(6, 2)) == SIMD2(1, 0))
    }
}
