/// Makes `GrayImage`s from frames of any supported format, honouring plane strides: the Y
/// plane of YUV formats as it is (8-bit planar and semi-planar formats read one byte a sample,
/// 10- to 16-bit ones the 8 most significant bits of theirs; packed 4:2:2 and AYUV skip the
/// chroma bytes), luma computed from R, G, B for RGB formats. Each
/// output pixel is the mean of a `factor` x `factor` block, which keeps thin strokes of text
/// trackable where picking one pixel in sixteen would alias them into noise. Frame rows and
/// columns past the last whole block are left out (at most factor − 1 of each).
public struct GrayDownscaler: Sendable {
    /// Where the luma of a format is, or what it is made from.
    enum Source: Equatable {
        /// One luma byte every `step` bytes from `offset` in plane 0 (8-bit YUV and gray).
        case luma(offset: Int, step: Int)
        /// One luma sample of more than 8 bits every `step` bytes from `offset` in plane 0, read
        /// as its 8 most significant bits.
        case wideLuma(offset: Int, step: Int, SampleCoding)
        /// R, G and B byte offsets in a pixel of `bytes` bytes, plane 0.
        case rgb(r: Int, g: Int, b: Int, bytes: Int)

        /// BT.601 luma in 8-bit fixed point (77 + 150 + 29 = 256): at most 255, and no sum
        /// exceeds 256 · 255, so the wrapping arithmetic never wraps.
        @inline(__always)
        static func bt601Luma(r: UInt8, g: UInt8, b: UInt8) -> UInt16 {
            (77 &* UInt16(r) &+ 150 &* UInt16(g) &+ 29 &* UInt16(b)) >> 8
        }

        /// The luma of pixel `x` of a row of plane 0 (RGB: `bt601Luma`), for code that reads
        /// pixels one by one.
        @inline(__always)
        func luma(_ row: UnsafePointer<UInt8>, _ x: Int) -> UInt8 {
            switch self {
            case .luma(let offset, let step):
                return row[x * step + offset]
            case .wideLuma(let offset, let step, let coding):
                return coding.value8(row + x * step + offset)
            case .rgb(let r, let g, let b, let bytes):
                let p = row + x * bytes
                return UInt8(truncatingIfNeeded: Self.bt601Luma(r: p[r], g: p[g], b: p[b]))
            }
        }
    }

    /// Long side the gray picture is made about this big (an integer factor decides).
    public static let defaultLongSide = 480

    public let format: PixelFormat
    public let frameWidth: Int
    public let frameHeight: Int
    public let factor: Int
    public let outputWidth: Int
    public let outputHeight: Int
    let source: Source

    public init(format: PixelFormat, frameWidth: Int, frameHeight: Int, factor: Int) {
        precondition(frameWidth > 0 && frameHeight > 0, "frame size must be positive")
        precondition(factor >= 1 && factor <= 16, "factor must be 1...16")
        self.format = format
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        // A frame smaller than one block still gives a 1x1 picture of its first pixels.
        self.factor = min(factor, frameWidth, frameHeight)
        outputWidth = frameWidth / self.factor
        outputHeight = frameHeight / self.factor
        source = Self.source(for: format)
    }

    /// The integer factor that brings the frame's long side nearest `longSide`.
    public static func factor(frameWidth: Int, frameHeight: Int, longSide: Int = defaultLongSide) -> Int {
        let ratio = Double(max(frameWidth, frameHeight)) / Double(max(longSide, 1))
        return min(max(Int(ratio.rounded()), 1), 16)
    }

    public func downscale(_ frame: FrameBuffer) -> GrayImage {
        let pixels = [UInt8](unsafeUninitializedCapacity: outputWidth * outputHeight) { buffer, count in
            downscale(frame, into: buffer)
            count = outputWidth * outputHeight
        }
        return GrayImage(width: outputWidth, height: outputHeight, pixels: pixels, factor: factor)
    }

    /// Writes `outputWidth` x `outputHeight` bytes, rows packed, to `out`.
    public func downscale(_ frame: FrameBuffer, into out: UnsafeMutableBufferPointer<UInt8>) {
        precondition(
            frame.width == frameWidth && frame.height == frameHeight,
            "frame is \(frame.width)x\(frame.height), expected \(frameWidth)x\(frameHeight)")
        precondition(!frame.planes.isEmpty && !frame.strides.isEmpty, "frame has no planes")
        precondition(out.count >= outputWidth * outputHeight, "gray buffer too small")
        guard let dst = out.baseAddress else { return }
        let k = factor, used = outputWidth * k
        // Rounded mean of k² values by a multiply and shift: k² ≤ 256 and each sum ≤ 255·k², so
        // sum·multiplier < 2^32 (multiplier ≤ 2^20) and the result differs from exact
        // division by under one level.
        let multiplier = UInt32((1 << 20) / (k * k))
        let bias = UInt32(1 << 19)
        let plane = UnsafeRawPointer(frame.planes[0]), stride = frame.strides[0]
        if k == 4 && source == .luma(offset: 0, step: 1) {
            quarterPlanar(plane, stride: stride, into: dst)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: used) { rows in
            guard let acc = rows.baseAddress else { return }
            for oy in 0..<outputHeight {
                // Sum the block's k rows column by column; UInt16 holds 16 · 255 with room.
                for r in 0..<k {
                    accumulateRow(plane + (oy * k + r) * stride, into: acc, count: used, first: r == 0)
                }
                let row = dst + oy * outputWidth
                // The usual factors spelled out: a loop over k inside the loop over outputs
                // costs as much again as the sums. Each sum is ≤ 255 · 256: no overflow.
                @inline(__always) func store(_ ox: Int, _ sum: UInt32) {
                    row[ox] = UInt8(truncatingIfNeeded: (sum &* multiplier &+ bias) >> 20)
                }
                switch k {
                case 2:
                    for ox in 0..<outputWidth { store(ox, UInt32(acc[2 * ox]) &+ UInt32(acc[2 * ox + 1])) }
                case 3:
                    for ox in 0..<outputWidth {
                        store(ox, UInt32(acc[3 * ox]) &+ UInt32(acc[3 * ox + 1]) &+ UInt32(acc[3 * ox + 2]))
                    }
                case 4:
                    for ox in 0..<outputWidth {
                        store(
                            ox,
                            UInt32(acc[4 * ox]) &+ UInt32(acc[4 * ox + 1]) &+ UInt32(acc[4 * ox + 2])
                                &+ UInt32(acc[4 * ox + 3]))
                    }
                default:
                    for ox in 0..<outputWidth {
                        var sum: UInt32 = 0
                        let block = acc + ox * k
                        for j in 0..<k { sum &+= UInt32(block[j]) }
                        store(ox, sum)
                    }
                }
            }
        }
    }

    /// Factor 4 from planar 8-bit luma (1080p I420, NV12, GRAY8: the usual camera case), in
    /// registers: 16 columns of the block's 4 rows at a time, summed across by pairs. The same
    /// bytes as the general loop ((sum·2^16 + 2^19) >> 20 is (sum + 8) >> 4). perf on the live
    /// 1080p MJPEG run put the gray copy at 29% of the streaming thread's time in textmirror;
    /// this took it from 0.38 to 0.22 ms a frame (textmirror-motion-bench, gray copy alone),
    /// and what is left is waiting for the frame's bytes to arrive from memory.
    private func quarterPlanar(_ plane: UnsafeRawPointer, stride: Int, into dst: UnsafeMutablePointer<UInt8>) {
        let blocks16 = outputWidth / 4  // whole 16-column groups
        for oy in 0..<outputHeight {
            let top = plane + oy * 4 * stride
            let row = dst + oy * outputWidth
            // A 16-bit lane holds two neighbouring bytes: masked and shifted, their sum (whatever
            // the byte order). Lanes are summed within one vector type only: converting between
            // SIMD types (SIMD16<UInt16>(truncatingIfNeeded:)) compiled to a call per vector.
            @inline(__always) func pairs(_ r: Int, _ x: Int) -> SIMD8<UInt16> {
                let both = top.loadUnaligned(fromByteOffset: r * stride + x, as: SIMD8<UInt16>.self)
                return (both & 0x00FF) &+ (both &>> 8)
            }
            for g in 0..<blocks16 {
                let x = g * 16
                // Each lane ≤ 8 · 255; each block ≤ 16 · 255 + 8: no overflow.
                let columnPairs = pairs(0, x) &+ pairs(1, x) &+ pairs(2, x) &+ pairs(3, x)
                let quads = unsafeBitCast(columnPairs, to: SIMD4<UInt32>.self)
                let blocks = ((quads & 0xFFFF) &+ (quads &>> 16) &+ 8) &>> 4
                let out = row + g * 4
                out[0] = UInt8(truncatingIfNeeded: blocks[0])
                out[1] = UInt8(truncatingIfNeeded: blocks[1])
                out[2] = UInt8(truncatingIfNeeded: blocks[2])
                out[3] = UInt8(truncatingIfNeeded: blocks[3])
            }
            // Outputs past the last whole group (widths that are not a multiple of 16).
            for ox in (blocks16 * 4)..<outputWidth {
                var sum = 0
                for r in 0..<4 {
                    let bytes = (top + r * stride + ox * 4).assumingMemoryBound(to: UInt8.self)
                    sum += Int(bytes[0]) + Int(bytes[1]) + Int(bytes[2]) + Int(bytes[3])
                }
                row[ox] = UInt8(truncatingIfNeeded: (sum + 8) >> 4)
            }
        }
    }

    /// Adds (or, for the first row of a block, stores) the luma of `count` pixels of one row.
    @inline(__always)
    private func accumulateRow(
        _ row: UnsafeRawPointer, into acc: UnsafeMutablePointer<UInt16>,
        count: Int, first: Bool
    ) {
        switch source {
        case .luma(offset: 0, step: 1):
            // Planar luma: a plain byte loop, which the compiler vectorises.
            let bytes = row.assumingMemoryBound(to: UInt8.self)
            if first {
                for x in 0..<count { acc[x] = UInt16(bytes[x]) }
            } else {
                for x in 0..<count { acc[x] &+= UInt16(bytes[x]) }  // ≤ 16 · 255
            }
        case .luma(let offset, let step):
            let bytes = row.assumingMemoryBound(to: UInt8.self) + offset
            for x in 0..<count {
                let v = UInt16(bytes[x * step])
                acc[x] = first ? v : acc[x] &+ v
            }
        case .wideLuma(let offset, let step, let coding):
            for x in 0..<count {
                let v = UInt16(coding.value8(row + offset + x * step))
                acc[x] = first ? v : acc[x] &+ v
            }
        case .rgb(let r, let g, let b, let bytes):
            let p = row.assumingMemoryBound(to: UInt8.self)
            for x in 0..<count {
                let px = p + x * bytes
                let y = Source.bt601Luma(r: px[r], g: px[g], b: px[b])
                acc[x] = first ? y : acc[x] &+ y
            }
        }
    }

    /// Where `format`'s luma is, from its row in `PixelFormat.info` (plane 0 in every format).
    static func source(for format: PixelFormat) -> Source {
        let info = format.info, c = info.components
        assert(c[0].plane == 0 && (info.model != .rgb || c.allSatisfy { $0.plane == 0 }), "luma is read from plane 0")
        switch info.model {
        case .rgb: return .rgb(r: c[0].offset, g: c[1].offset, b: c[2].offset, bytes: c[0].step)
        case .yuv, .gray:
            return info.coding.depth == 8
                ? .luma(offset: c[0].offset, step: c[0].step)
                : .wideLuma(offset: c[0].offset, step: c[0].step, info.coding)
        }
    }
}
