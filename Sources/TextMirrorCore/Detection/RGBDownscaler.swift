/// Copies a frame of any supported format into packed RGB at the detector's input size,
/// scaling and converting in the same pass.
///
/// Why in one pass: the detector sees a picture about a ninth of a 1080p frame, so reading each
/// source sample once and writing only the small result is far cheaper than converting the
/// whole frame to RGB first. Everything that depends on the format and the two sizes (which
/// bytes make up R, G, B or Y, U, V, and which source samples feed each output pixel) is worked
/// out once in `init`; `downscale` only walks tables.
///
/// Sampling: `.box` averages every source sample under an output pixel, which keeps thin
/// strokes of small text visible after a 3x reduction; `.nearest` takes one sample per output
/// pixel and is cheaper, but drops strokes narrower than the reduction. YUV formats are
/// averaged as Y, U and V and converted afterwards (the conversion is linear, so this equals
/// averaging RGB, up to clamping), as the frame's `encoding` says. Samples of 10 to
/// 16 bits are averaged whole and then reduced to their 8 most significant bits.
public struct RGBDownscaler: Sendable {
    public enum Sampling: Sendable, Equatable {
        case nearest
        case box
    }

    public let format: PixelFormat
    public let frameWidth: Int
    public let frameHeight: Int
    public let outputWidth: Int
    public let outputHeight: Int
    public let sampling: Sampling

    /// The source samples one output pixel (or row) averages: `count` samples from `start`.
    /// For columns, `start` is a byte offset within a row; for rows, a row index.
    @_spi(Testing) public struct Span: Sendable, Equatable {
        public var start: Int
        public var count: Int
    }

    let model: FormatInfo.ColorModel
    let components: [FormatInfo.Component]
    let coding: SampleCoding
    /// Per component: one span per output column (byte offsets) and per output row (rows).
    let columnSpans: [[Span]]
    let rowSpans: [[Span]]
    /// Per component: the bytes at the start of a row that the columns of its plane's
    /// components read (a row's sums are made once for all of them).
    let rowBytes: [Int]
    /// `reciprocals[n]`: ⌈2^32 / n⌉, so that a rounded mean is a multiplication and a shift (a
    /// division per output sample was a sixth of a downscale). Exact while n < 4096 (the sum of
    /// n samples is below 256 n); empty when a block may hold more, and then it divides.
    let reciprocals: [UInt64]

    public init(
        format: PixelFormat, frameWidth: Int, frameHeight: Int,
        outputWidth: Int, outputHeight: Int, sampling: Sampling = .box
    ) {
        precondition(
            frameWidth > 0 && frameHeight > 0 && outputWidth > 0 && outputHeight > 0,
            "sizes must be positive")
        self.format = format
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        self.sampling = sampling
        let info = format.info
        (model, components, coding) = (info.model, info.components, info.coding)
        columnSpans = components.map { c in
            Self.spans(
                source: frameWidth, output: outputWidth, subsampling: c.xSubsampling,
                sampling: sampling
            ).map { Span(start: c.offset + $0.start * c.step, count: $0.count) }
        }
        rowSpans = components.map { c in
            Self.spans(
                source: frameHeight, output: outputHeight, subsampling: c.ySubsampling,
                sampling: sampling)
        }
        let parts = info.components
        let reach = zip(parts, columnSpans).map { c, spans in
            spans.map { $0.start + ($0.count - 1) * c.step + 1 }.max() ?? 0
        }
        rowBytes = parts.indices.map { c in
            parts.indices.filter { parts[$0].plane == parts[c].plane }.map { reach[$0] }.max() ?? 0
        }
        let largest =
            (columnSpans.flatMap { $0.map(\.count) }.max() ?? 1) * (rowSpans.flatMap { $0.map(\.count) }.max() ?? 1)
        reciprocals =
            largest < 4096 ? (0...largest).map { $0 == 0 ? 0 : ((1 << 32) + UInt64($0) - 1) / UInt64($0) } : []
    }

    /// The planes `downscale` reads: one more than the highest plane index used.
    public var planeCount: Int { (components.map(\.plane).max() ?? 0) + 1 }

    /// Writes `outputWidth` x `outputHeight` RGB pixels to `rgb`, rows `stride` bytes apart.
    public func downscale(_ frame: FrameBuffer, into rgb: UnsafeMutableRawBufferPointer, stride: Int) {
        precondition(
            frame.width == frameWidth && frame.height == frameHeight,
            "frame is \(frame.width)x\(frame.height), expected \(frameWidth)x\(frameHeight)")
        precondition(
            frame.planes.count >= planeCount && frame.strides.count >= planeCount,
            "frame has too few planes for \(format)")
        precondition(
            stride >= outputWidth * 3 && rgb.count >= (outputHeight - 1) * stride + outputWidth * 3,
            "RGB buffer too small")
        guard let out = rgb.baseAddress else { return }
        let n = components.count
        let yuv = frame.encoding.fixedCoefficients
        // Per output row: each byte's sum down the rows of the row's blocks, and their running
        // totals along the row (see averageRow).
        let width = max(rowBytes.max() ?? 0, 1), widest = components.map(\.step).max() ?? 1
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        let totals = UnsafeMutablePointer<UInt64>.allocate(capacity: width + widest)
        defer {
            sums.deallocate()
            totals.deallocate()
        }
        // One row of averaged samples per component, converted to RGB when the row is done.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n * outputWidth) { rowValues in
            for oy in 0..<outputHeight {
                for c in 0..<n {
                    // Components of one plane read the same rows: their sums are made once,
                    // and their running totals too when their samples are as far apart.
                    let summed =
                        c > 0 && components[c - 1].plane == components[c].plane
                        && rowSpans[c - 1][oy] == rowSpans[c][oy]
                    averageRow(
                        component: c, outputRow: oy, frame: frame, scratch: (sums, totals),
                        reuse: (summed, summed && components[c - 1].step == components[c].step),
                        into: UnsafeMutableBufferPointer(
                            rebasing: rowValues[(c * outputWidth)..<((c + 1) * outputWidth)]))
                }
                let dst = out + oy * stride
                switch model {
                case .rgb:
                    for x in 0..<outputWidth {
                        dst.storeBytes(of: rowValues[x], toByteOffset: 3 * x, as: UInt8.self)
                        dst.storeBytes(of: rowValues[outputWidth + x], toByteOffset: 3 * x + 1, as: UInt8.self)
                        dst.storeBytes(of: rowValues[2 * outputWidth + x], toByteOffset: 3 * x + 2, as: UInt8.self)
                    }
                case .yuv:
                    for x in 0..<outputWidth {
                        let (r, g, b) = Self.rgbFromYUV(
                            rowValues[x], rowValues[outputWidth + x],
                            rowValues[2 * outputWidth + x], yuv)
                        dst.storeBytes(of: r, toByteOffset: 3 * x, as: UInt8.self)
                        dst.storeBytes(of: g, toByteOffset: 3 * x + 1, as: UInt8.self)
                        dst.storeBytes(of: b, toByteOffset: 3 * x + 2, as: UInt8.self)
                    }
                case .gray:
                    for x in 0..<outputWidth {
                        let v = rowValues[x]
                        dst.storeBytes(of: v, toByteOffset: 3 * x, as: UInt8.self)
                        dst.storeBytes(of: v, toByteOffset: 3 * x + 1, as: UInt8.self)
                        dst.storeBytes(of: v, toByteOffset: 3 * x + 2, as: UInt8.self)
                    }
                }
            }
        }
    }

    /// Packed RGB with no row padding (`outputWidth * 3` bytes a row).
    public func downscale(_ frame: FrameBuffer) -> [UInt8] {
        let stride = outputWidth * 3
        return [UInt8](unsafeUninitializedCapacity: stride * outputHeight) { buffer, count in
            downscale(frame, into: UnsafeMutableRawBufferPointer(buffer), stride: stride)
            count = stride * outputHeight
        }
    }

    /// Averages one component over the source block of each pixel of output row `outputRow`.
    /// `scratch`: room for the row's `rowBytes[c]` byte sums down the block's rows, and for
    /// their running totals along the row (a sample's step longer); `reuse`: either is already
    /// there, made for the component before (of the same plane and rows, and for the totals of
    /// the same step).
    @inline(__always)
    private func averageRow(
        component c: Int, outputRow oy: Int, frame: FrameBuffer,
        scratch: (sums: UnsafeMutablePointer<UInt32>, totals: UnsafeMutablePointer<UInt64>),
        reuse: (sums: Bool, totals: Bool), into values: UnsafeMutableBufferPointer<UInt8>
    ) {
        let component = components[c]
        let rows = rowSpans[c][oy]
        let base = UnsafeRawPointer(frame.planes[component.plane])
        let planeStride = frame.strides[component.plane]
        let step = component.step
        columnSpans[c].withUnsafeBufferPointer { columns in
            if coding.depth > 8 {
                averageWideRow(
                    columns, rows: rows, base: base, planeStride: planeStride, sampleStride: step,
                    into: values)
                return
            }
            if rows.count == 1 && sampling == .nearest {
                let row = base + rows.start * planeStride
                for x in 0..<columns.count {
                    values[x] = row.load(fromByteOffset: columns[x].start, as: UInt8.self)
                }
                return
            }
            // Down the block's rows first, every byte of the row at once (contiguous, so the
            // compiler vectorizes it); then running totals along the row, one chain per byte of
            // a sample, so that a block's sum is one total less another. Why: summed in a loop
            // per output pixel, whose count changes from pixel to pixel (1, 2, 1, 2 for chroma at
            // 640), the branch predictor was wrong every other pixel.
            let width = rowBytes[c]
            let (sums, totals) = scratch
            if !reuse.sums {
                let first = (base + rows.start * planeStride).assumingMemoryBound(to: UInt8.self)
                for i in 0..<width { sums[i] = UInt32(first[i]) }
                for r in (rows.start + 1)..<(rows.start + rows.count) {
                    let row = (base + r * planeStride).assumingMemoryBound(to: UInt8.self)
                    for i in 0..<width { sums[i] &+= UInt32(row[i]) }
                }
            }
            if !reuse.totals {
                // totals[i + step] = sums[i] + sums[i - step] + ... back to the row's start,
                // each chain summed in a register (through memory, every addition waited for
                // the store before it).
                for lane in 0..<step {
                    totals[lane] = 0
                    var running: UInt64 = 0
                    for i in stride(from: lane, to: width, by: step) {
                        running &+= UInt64(sums[i])
                        totals[i &+ step] = running
                    }
                }
            }
            reciprocals.withUnsafeBufferPointer { reciprocals in
                for x in 0..<columns.count {
                    let span = columns[x]
                    // Wrapping arithmetic: the spans were checked against the row when made.
                    let sum = totals[span.start &+ span.count &* step] &- totals[span.start]
                    let samples = span.count &* rows.count
                    // Rounded mean; sum is at most 255 * block size, far from overflow.
                    let rounded = sum &+ UInt64(samples / 2)
                    let mean =
                        reciprocals.isEmpty ? rounded / UInt64(samples) : (rounded &* reciprocals[samples]) >> 32
                    values[x] = UInt8(truncatingIfNeeded: mean)
                }
            }
        }
    }

    /// `averageRow` for samples of more than 8 bits: the mean of the samples, rounded to its
    /// 8 most significant bits.
    private func averageWideRow(
        _ columns: UnsafeBufferPointer<Span>, rows: Span, base: UnsafeRawPointer,
        planeStride: Int, sampleStride: Int, into values: UnsafeMutableBufferPointer<UInt8>
    ) {
        let coding = coding
        for x in 0..<columns.count {
            let span = columns[x]
            var sum = 0
            for r in rows.start..<(rows.start + rows.count) {
                let sample = base + r * planeStride + span.start
                for k in 0..<span.count { sum &+= coding.value(sample + k * sampleStride) }
            }
            // Each value is below 2^16 and a block holds far fewer than 2^40 samples.
            let divisor = (span.count * rows.count) << coding.shift
            values[x] = UInt8(min((sum + divisor / 2) / divisor, 255))
        }
    }

    /// For each output index, the samples of a grid (`subsampling` source pixels a sample) that
    /// it averages. Box: the source pixels [o*L/n, (o+1)*L/n), at least one. Nearest: the
    /// sample under the output pixel's centre.
    @_spi(Testing) public static func spans(
        source: Int, output: Int, subsampling s: Int,
        sampling: Sampling
    ) -> [Span] {
        let samples = (source + s - 1) / s
        return (0..<output).map { o in
            switch sampling {
            case .nearest:
                let x = ((2 * o + 1) * source) / (2 * output)
                return Span(start: min(x / s, samples - 1), count: 1)
            case .box:
                let x0 = o * source / output
                let x1 = max(x0 + 1, (o + 1) * source / output)
                let g0 = min(x0 / s, samples - 1)
                let g1 = min(max(g0 + 1, (x1 + s - 1) / s), samples)
                return Span(start: g0, count: g1 - g0)
            }
        }
    }
}
