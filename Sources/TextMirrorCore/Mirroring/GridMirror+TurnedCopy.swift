/// The copy loops of `GridMirror.reflect`: the turned box's samples move from the block copied
/// before anything was written to their reflections, as they are (plain) or one channel at a
/// time with the background correction B(p) − B(q) (seamless).
extension GridMirror {
    /// The plain mirror: each sample's bytes, as they are.
    func copyPlain(_ block: Block, along rows: TurnedRows) {
        let sampleSize = grid.sampleBytes.count, sampleStride = grid.sampleStride
        if sampleSize == 1 {
            block.eachSpan(rows) { span in
                for i in 0..<span.count {
                    span.dst.storeBytes(
                        of: span.src.load(fromByteOffset: i * span.step, as: UInt8.self),
                        toByteOffset: i * sampleStride, as: UInt8.self)
                }
            }
            return
        }
        let sampleBytes = grid.sampleBytes
        block.eachSpan(rows) { span in
            for i in 0..<span.count {
                let dst = span.dst + i * sampleStride, src = span.src + i * span.step * sampleSize
                for (k, offset) in sampleBytes.enumerated() {
                    dst.storeBytes(
                        of: src.load(fromByteOffset: k, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
                }
            }
        }
    }

    /// One channel of the seamless mirror: a sample's channels each have their own surface, and
    /// each value moves with its background correction B(p) − B(q), p the sample written and q
    /// the sample read. The correction is in 8-bit levels, scaled to the samples' depth. A
    /// channel without a surface (`background` nil) moves as it is.
    func copySeamless(
        channel: Int, of block: Block, along rows: TurnedRows, background: RingBackground.Table?, inset: Double
    ) {
        let sampleSize = grid.sampleBytes.count, sampleStride = grid.sampleStride
        let coding = grid.coding, scale = Float(1 << coding.shift)
        // The channel's bytes sit in the copy where they sit in the sample.
        let k = grid.sampleBytes.firstIndex(of: channel)!
        guard let background else {
            block.eachSpan(rows) { span in
                for i in 0..<span.count {
                    let dst = span.dst + i * sampleStride + channel, src = span.src + i * span.step * sampleSize + k
                    for byte in 0..<coding.bytes {
                        dst.storeBytes(
                            of: src.load(fromByteOffset: byte, as: UInt8.self), toByteOffset: byte, as: UInt8.self)
                    }
                }
            }
            return
        }
        background.withLookup { table in
            let surface = SampledBackground(
                table, reflection: rows, inset: inset, columns: block.columns, rows: block.rows)
            defer { surface.deallocate() }
            block.eachSpan(rows) { span in
                let (p, q) = (span.destination, span.source)
                let lastQ = q.x + (span.count - 1) * span.step
                let written = surface.row(p.y), read = surface.row(q.y)
                // Mostly both lie where the surface was computed: read from its rows.
                let computed =
                    written.known.contains(p.x) && written.known.contains(p.x + span.count - 1)
                    && read.known.contains(q.x) && read.known.contains(lastQ)
                if computed && coding.depth == 8 {
                    // The common case (8-bit samples, the surface computed there) in a loop
                    // of loads, arithmetic and stores only.
                    let from = span.src + k, to = span.dst + channel
                    let ps = written.values + p.x, qs = read.values + q.x
                    let step = span.step
                    for i in 0..<span.count {
                        let value =
                            Float(from.load(fromByteOffset: i &* step &* sampleSize, as: UInt8.self))
                            + (ps[i] - qs[i &* step]) * scale + 0.5
                        // Clamped before the conversion: below 0.5 truncation is rounding to nearest.
                        to.storeBytes(
                            of: UInt8(min(max(value, 0), 255)), toByteOffset: i &* sampleStride, as: UInt8.self)
                    }
                    return
                }
                for i in 0..<span.count {
                    let correction =
                        computed
                        ? written.values[p.x + i] - read.values[q.x + i * span.step]
                        : surface.value(p.x + i, p.y) - surface.value(q.x + i * span.step, q.y)
                    let value = Float(coding.value(span.src + i * span.step * sampleSize + k)) + correction * scale
                    // Stored clamped at 0: below 0.5, truncation is rounding to nearest.
                    coding.store(Int(value + 0.5), span.dst + i * sampleStride + channel)
                }
            }
        }
    }
}
