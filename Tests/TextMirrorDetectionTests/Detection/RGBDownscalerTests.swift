import Testing
@_spi(Testing) import TextMirrorCore

@Suite struct RGBDownscalerTests {
    /// Distinct, well-mixed component values for pixel (x, y); pixels that share a chroma sample
    /// get the same U and V.
    private func pattern(_ format: PixelFormat) -> (Int, Int) -> HandPackedFrame.Components {
        let (bx, by) = HandPackedFrame.chromaBlock(format)
        return { x, y in
            let a = UInt8(truncatingIfNeeded: patternValue(1, x, y))
            let b = UInt8(truncatingIfNeeded: patternValue(2, x / bx, y / by))
            let c = UInt8(truncatingIfNeeded: patternValue(3, x / bx, y / by))
            return (a, b, c)
        }
    }

    private func patternValue(_ salt: Int, _ x: Int, _ y: Int) -> Int {
        var rng = SplitMix64(seed: UInt64(salt * 1_000_003 + x * 1009 + y * 7919))
        return Int(rng.next() % 256)
    }

    /// The RGB the downscaler must produce for a pixel holding `v`.
    private func expectedRGB(_ format: PixelFormat, _ v: HandPackedFrame.Components) -> [UInt8] {
        switch format {
        case .rgba, .bgra, .argb, .abgr, .rgbx, .bgrx, .xrgb, .xbgr, .rgb, .bgr: return [v.0, v.1, v.2]
        case .gray8, .gray16le, .gray16be: return [v.0, v.0, v.0]
        default:
            let (r, g, b) = RGBDownscaler.rgbFromYUV(v.0, v.1, v.2, YUVEncoding.bt601Limited.fixedCoefficients)
            return [r, g, b]
        }
    }

    @Test(arguments: PixelFormat.allCases)
    func sameSizeNearestCopiesEveryPixel(format: PixelFormat) {
        // Odd sizes exercise the partial chroma samples at the right and bottom edges.
        for (width, height) in [(13, 7), (16, 8), (1, 1)] {
            let value = pattern(format)
            var frame = HandPackedFrame(format, width: width, height: height, padding: 5, value: value)
            let scaler = RGBDownscaler(
                format: format, frameWidth: width, frameHeight: height,
                outputWidth: width, outputHeight: height, sampling: .nearest)
            let rgb = frame.withFrameBuffer { scaler.downscale($0) }
            #expect(rgb.count == width * height * 3)
            var wrong: [String] = []
            for y in 0..<height {
                for x in 0..<width {
                    let got = Array(rgb[(3 * (y * width + x))..<(3 * (y * width + x) + 3)])
                    let want = expectedRGB(format, value(x, y))
                    if got != want, wrong.count < 3 { wrong.append("(\(x),\(y)) got \(got) want \(want)") }
                }
            }
            #expect(wrong.isEmpty, "\(format) \(width)x\(height): \(wrong)")
        }
    }

    @Test(arguments: PixelFormat.allCases)
    func boxAtSameSizeEqualsNearest(format: PixelFormat) {
        var frame = HandPackedFrame(format, width: 10, height: 6, padding: 3, value: pattern(format))
        let make = { (s: RGBDownscaler.Sampling) in
            RGBDownscaler(format: format, frameWidth: 10, frameHeight: 6, outputWidth: 10, outputHeight: 6, sampling: s)
        }
        let box = frame.withFrameBuffer { make(.box).downscale($0) }
        let nearest = frame.withFrameBuffer { make(.nearest).downscale($0) }
        #expect(box == nearest)
    }

    @Test func boxHalvingAveragesEachTwoByTwoBlock() {
        let value = pattern(.rgbx)
        var frame = HandPackedFrame(.rgbx, width: 8, height: 6, padding: 4, value: value)
        let rgb = frame.withFrameBuffer {
            RGBDownscaler(format: .rgbx, frameWidth: 8, frameHeight: 6, outputWidth: 4, outputHeight: 3).downscale($0)
        }
        for oy in 0..<3 {
            for ox in 0..<4 {
                let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map { value(2 * ox + $0.0, 2 * oy + $0.1) }
                let sums = [block.map { Int($0.0) }, block.map { Int($0.1) }, block.map { Int($0.2) }]
                    .map { $0.reduce(0, +) }
                let want = sums.map { UInt8(($0 + 2) / 4) }  // rounded mean of four
                let got = Array(rgb[(3 * (oy * 4 + ox))..<(3 * (oy * 4 + ox) + 3)])
                #expect(got == want, "output (\(ox),\(oy))")
            }
        }
    }

    /// At an uneven ratio, where blocks hold 3 or 4 columns (and 1 or 2 chroma samples), every
    /// output pixel holds the rounded mean of each component over its block: what the row sums
    /// and running totals must add up to, for each 8-bit format's layout.
    @Test(arguments: PixelFormat.allCases.filter { HandPackedFrame.wide($0) == nil })
    func boxAtAnUnevenRatioAveragesEachBlock(format: PixelFormat) {
        let (width, height, outWidth, outHeight) = (37, 23, 11, 7)
        let value = pattern(format)
        let (bx, by) = HandPackedFrame.chromaBlock(format)
        var frame = HandPackedFrame(format, width: width, height: height, padding: 3, value: value)
        let rgb = frame.withFrameBuffer {
            RGBDownscaler(
                format: format, frameWidth: width, frameHeight: height, outputWidth: outWidth,
                outputHeight: outHeight
            ).downscale($0)
        }
        func spans(_ source: Int, _ output: Int, _ subsampling: Int) -> [RGBDownscaler.Span] {
            RGBDownscaler.spans(source: source, output: output, subsampling: subsampling, sampling: .box)
        }
        func mean(
            _ xs: RGBDownscaler.Span, _ ys: RGBDownscaler.Span, scale: (Int, Int),
            _ pick: (HandPackedFrame.Components) -> UInt8
        )
            -> UInt8
        {
            var sum = 0
            for y in ys.start..<(ys.start + ys.count) {
                for x in xs.start..<(xs.start + xs.count) { sum += Int(pick(value(x * scale.0, y * scale.1))) }
            }
            let n = xs.count * ys.count
            return UInt8((sum + n / 2) / n)
        }
        var wrong: [String] = []
        for oy in 0..<outHeight {
            for ox in 0..<outWidth {
                let first = mean(spans(width, outWidth, 1)[ox], spans(height, outHeight, 1)[oy], scale: (1, 1)) { $0.0 }
                // Chroma is averaged over its own samples (the pattern gives each its value).
                let xs = spans(width, outWidth, bx)[ox], ys = spans(height, outHeight, by)[oy]
                let rest = (mean(xs, ys, scale: (bx, by)) { $0.1 }, mean(xs, ys, scale: (bx, by)) { $0.2 })
                let want = expectedRGB(format, (first, rest.0, rest.1))
                let got = Array(rgb[(3 * (oy * outWidth + ox))..<(3 * (oy * outWidth + ox) + 3)])
                if got != want, wrong.count < 3 { wrong.append("(\(ox),\(oy)) got \(got) want \(want)") }
            }
        }
        #expect(wrong.isEmpty, "\(format): \(wrong)")
    }

    @Test func nearestHalvingTakesThePixelUnderEachCentre() {
        let value = pattern(.bgr)
        var frame = HandPackedFrame(.bgr, width: 8, height: 6, padding: 1, value: value)
        let rgb = frame.withFrameBuffer {
            RGBDownscaler(
                format: .bgr, frameWidth: 8, frameHeight: 6, outputWidth: 4, outputHeight: 3,
                sampling: .nearest
            ).downscale($0)
        }
        for oy in 0..<3 {
            for ox in 0..<4 {
                // The centre of output pixel o is at source 2o + 1, which is pixel 2o + 1.
                let v = value(2 * ox + 1, 2 * oy + 1)
                #expect(Array(rgb[(3 * (oy * 4 + ox))..<(3 * (oy * 4 + ox) + 3)]) == [v.0, v.1, v.2])
            }
        }
    }

    @Test func yuvIsAveragedBeforeConversion() {
        // I420 4x4 -> 2x2: each output pixel covers 2x2 luma samples and exactly one chroma sample.
        let value = pattern(.i420)
        var frame = HandPackedFrame(.i420, width: 4, height: 4, padding: 2, value: value)
        let rgb = frame.withFrameBuffer {
            RGBDownscaler(format: .i420, frameWidth: 4, frameHeight: 4, outputWidth: 2, outputHeight: 2).downscale($0)
        }
        for oy in 0..<2 {
            for ox in 0..<2 {
                let lumaSum = [(0, 0), (1, 0), (0, 1), (1, 1)].map { Int(value(2 * ox + $0.0, 2 * oy + $0.1).0) }
                    .reduce(0, +)
                let chroma = value(2 * ox, 2 * oy)
                let (r, g, b) = RGBDownscaler.rgbFromYUV(
                    UInt8((lumaSum + 2) / 4), chroma.1, chroma.2, YUVEncoding.bt601Limited.fixedCoefficients)
                #expect(Array(rgb[(3 * (oy * 2 + ox))..<(3 * (oy * 2 + ox) + 3)]) == [r, g, b])
            }
        }
    }

    @Test func writesIntoAPaddedBufferWithoutTouchingThePadding() {
        var frame = HandPackedFrame(.gray8, width: 6, height: 4, padding: 0) { x, y in (UInt8(x * 10 + y), 0, 0) }
        let scaler = RGBDownscaler(
            format: .gray8, frameWidth: 6, frameHeight: 4, outputWidth: 3, outputHeight: 2,
            sampling: .nearest)
        let stride = 3 * 3 + 7
        var out = [UInt8](repeating: 0xEE, count: stride * 2)
        frame.withFrameBuffer { buffer in
            out.withUnsafeMutableBytes { scaler.downscale(buffer, into: $0, stride: stride) }
        }
        for y in 0..<2 {
            for x in 0..<3 {
                let v = UInt8((2 * x + 1) * 10 + (2 * y + 1))
                #expect(Array(out[(y * stride + 3 * x)..<(y * stride + 3 * x + 3)]) == [v, v, v])
            }
            #expect(out[(y * stride + 9)..<((y + 1) * stride)].allSatisfy { $0 == 0xEE })
        }
    }

    @Test(arguments: [(1920, 640), (1280, 640), (10, 3), (7, 7), (5, 12), (1080, 352), (33, 32)])
    func boxSpansCoverTheSourceOnceWhenReducing(source: Int, output: Int) {
        for subsampling in [1, 2] {
            let spans = RGBDownscaler.spans(source: source, output: output, subsampling: subsampling, sampling: .box)
            #expect(spans.count == output)
            let samples = (source + subsampling - 1) / subsampling
            #expect(spans.allSatisfy { $0.count >= 1 && $0.start >= 0 && $0.start + $0.count <= samples })
            if subsampling == 1 && source >= output {
                // A partition: each span starts where the previous ended, and all samples are used.
                #expect(spans.first?.start == 0)
                #expect(zip(spans, spans.dropFirst()).allSatisfy { $0.start + $0.count == $1.start })
                #expect(spans.last.map { $0.start + $0.count } == samples)
            }
        }
    }

    static func close(_ a: (UInt8, UInt8, UInt8), _ b: (Int, Int, Int), _ tolerance: Int = 2) -> Bool {
        abs(Int(a.0) - b.0) <= tolerance && abs(Int(a.1) - b.1) <= tolerance && abs(Int(a.2) - b.2) <= tolerance
    }

    @Test func bt601AnchorColours() {
        let k = YUVEncoding.bt601Limited.fixedCoefficients
        #expect(Self.close(RGBDownscaler.rgbFromYUV(235, 128, 128, k), (255, 255, 255), 0))
        #expect(Self.close(RGBDownscaler.rgbFromYUV(16, 128, 128, k), (0, 0, 0), 0))
        #expect(Self.close(RGBDownscaler.rgbFromYUV(0, 128, 128, k), (0, 0, 0), 0))  // clamped
        #expect(Self.close(RGBDownscaler.rgbFromYUV(255, 128, 128, k), (255, 255, 255), 0))
        // BT.601 studio-range codes of the primaries.
        #expect(Self.close(RGBDownscaler.rgbFromYUV(81, 90, 240, k), (255, 0, 0)))
        #expect(Self.close(RGBDownscaler.rgbFromYUV(145, 54, 34, k), (0, 255, 0)))
        #expect(Self.close(RGBDownscaler.rgbFromYUV(41, 240, 110, k), (0, 0, 255)))
    }

    @Test("Full-range and BT.709 values, as their caps' colorimetry says")
    func fullRangeAndBT709AnchorColours() {
        // Full range (JPEG, MJPEG cameras): the values are the levels.
        let full = YUVEncoding(matrix: .bt601, fullRange: true).fixedCoefficients
        #expect(Self.close(RGBDownscaler.rgbFromYUV(255, 128, 128, full), (255, 255, 255), 0))
        #expect(Self.close(RGBDownscaler.rgbFromYUV(0, 128, 128, full), (0, 0, 0), 0))
        #expect(Self.close(RGBDownscaler.rgbFromYUV(128, 128, 128, full), (128, 128, 128), 0))
        // Read as limited range, mid-grey came out 2 levels lighter and the whole scale stretched.
        #expect(RGBDownscaler.rgbFromYUV(128, 128, 128, YUVEncoding.bt601Limited.fixedCoefficients).0 == 130)
        #expect(Self.close(RGBDownscaler.rgbFromYUV(76, 85, 255, full), (255, 0, 0)))
        // BT.709 studio-range codes of the primaries.
        let hd = YUVEncoding(matrix: .bt709, fullRange: false).fixedCoefficients
        #expect(Self.close(RGBDownscaler.rgbFromYUV(63, 102, 240, hd), (255, 0, 0)))
        #expect(Self.close(RGBDownscaler.rgbFromYUV(173, 42, 26, hd), (0, 255, 0)))
        #expect(Self.close(RGBDownscaler.rgbFromYUV(32, 240, 118, hd), (0, 0, 255)))
    }

    @Test("A frame is downscaled as its encoding says")
    func frameEncodingIsRead() {
        var frame = HandPackedFrame(.i420, width: 4, height: 4, padding: 0) { _, _ in (128, 128, 128) }
        let scaler = RGBDownscaler(format: .i420, frameWidth: 4, frameHeight: 4, outputWidth: 2, outputHeight: 2)
        let limited = frame.withFrameBuffer { scaler.downscale($0) }
        let full = frame.withFrameBuffer { buffer in
            var buffer = buffer
            buffer.encoding = YUVEncoding(matrix: .bt601, fullRange: true)
            return scaler.downscale(buffer)
        }
        #expect(limited.allSatisfy { $0 == 130 })
        #expect(full.allSatisfy { $0 == 128 })
    }
}
