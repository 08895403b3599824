/// The copy loops of `GridMirror.reflect`: the turned box's samples take, from the block copied
/// before anything was written, the value interpolated at their reflections, as it is (plain)
/// or one channel at a time with the background correction B(p) − B(q) (seamless).
extension GridMirror {
    /// The plain mirror: each of a sample's bytes (each component, of more than 8 bits)
    /// interpolated, alpha and padding too.
    func copyPlain(_ block: Block, along rows: TurnedRows) {
        let sampleStride = grid.sampleStride, coding = grid.coding
        if grid.sampleBytes.count == 1 {
            block.eachSpan(rows) { span in
                for i in 0..<span.count {
                    // Clamped before the conversion: below 0.5 truncation is rounding to nearest.
                    let value = min(max(span.value(i, byte: 0) + 0.5, 0), 255)
                    span.dst.storeBytes(of: UInt8(value), toByteOffset: i * sampleStride, as: UInt8.self)
                }
            }
            return
        }
        let sampleBytes = grid.sampleBytes
        // The copy holds each component where `channels` puts it among the sample's bytes.
        let components = grid.channels.map { (copied: sampleBytes.firstIndex(of: $0)!, written: $0) }
        block.eachSpan(rows) { span in
            for i in 0..<span.count {
                let dst = span.dst + i * sampleStride
                for (k, offset) in components {
                    // Stored clamped at 0: below 0.5, truncation is rounding to nearest.
                    coding.store(Int(span.value(i, byte: k, coding: coding) + 0.5), dst + offset)
                }
            }
        }
    }

    /// One channel of the seamless mirror: a sample's channels each have their own surface, and
    /// each value moves with its background correction B(p) − B(q), p the sample written and q
    /// its reflection. Both the picture and B are interpolated at q, with the same weights, so
    /// that each of the four samples read brings its own correction. The correction is in
    /// 8-bit levels, scaled to the samples' depth. A channel without a surface (`background`
    /// nil) moves without one.
    func copySeamless(
        channel: Int, of block: Block, along rows: TurnedRows, background: RingBackground.Table?, inset: Double
    ) {
        let sampleStride = grid.sampleStride
        let coding = grid.coding, scale = Float(1 << coding.shift)
        // The channel's bytes sit in the copy where they sit in the sample.
        let k = grid.sampleBytes.firstIndex(of: channel)!
        guard let background else {
            block.eachSpan(rows) { span in
                for i in 0..<span.count {
                    let value = span.value(i, byte: k, coding: coding)
                    coding.store(Int(value + 0.5), span.dst + i * sampleStride + channel)
                }
            }
            return
        }
        background.withLookup { table in
            // A sample wider than the block each way: the samples a reflection at the block's
            // edge is interpolated from.
            let surface = SampledBackground(
                table, reflection: rows, inset: inset,
                columns: (block.columns.lowerBound - 1)..<(block.columns.upperBound + 1),
                rows: (block.rows.lowerBound - 1)..<(block.rows.upperBound + 1))
            defer { surface.deallocate() }
            block.eachSpan(rows) { span in
                let (p, cell) = (span.destination, span.cellPosition)
                let lastCell = cell.x + (span.count - 1) * span.step
                let (left, right) = (min(cell.x, lastCell), max(cell.x, lastCell) + 1)
                let written = surface.row(p.y), top = surface.row(cell.y), bottom = surface.row(cell.y + 1)
                // Mostly all lie where the surface was computed: read from its rows.
                let computed =
                    written.known.contains(p.x) && written.known.contains(p.x + span.count - 1)
                    && [top.known, bottom.known].allSatisfy { $0.contains(left) && $0.contains(right) }
                if computed && coding.depth == 8 {
                    // The common case (8-bit samples, the surface computed there) in a loop
                    // of loads, arithmetic and stores only.
                    let to = span.dst + channel, ps = written.values + p.x
                    for i in 0..<span.count {
                        let read = span.interpolate(i, top: top.values, bottom: bottom.values)
                        let value = span.value(i, byte: k) + (ps[i] - read) * scale + 0.5
                        // Clamped before the conversion: below 0.5 truncation is rounding to nearest.
                        to.storeBytes(
                            of: UInt8(min(max(value, 0), 255)), toByteOffset: i &* sampleStride, as: UInt8.self)
                    }
                    return
                }
                for i in 0..<span.count {
                    let c = cell.x + i * span.step
                    let correction =
                        computed
                        ? written.values[p.x + i] - span.interpolate(i, top: top.values, bottom: bottom.values)
                        : surface.value(p.x + i, p.y) - span.interpolate(i) { surface.value(c + $0, cell.y + $1) }
                    let picture = span.value(i, byte: k, coding: coding)
                    let value = picture + correction * scale
                    // Stored clamped at 0: below 0.5, truncation is rounding to nearest.
                    coding.store(Int(value + 0.5), span.dst + i * sampleStride + channel)
                }
            }
        }
    }
}
