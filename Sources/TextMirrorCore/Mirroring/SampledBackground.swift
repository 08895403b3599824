/// One channel's background surface at the centres of a turned box's samples, each computed
/// once from its table, so that the correction B(p) − B(q) of a sample costs a few loads: p, the
/// sample written, and the four samples q is interpolated from are all sample centres in the
/// box or just beside it. Why: looked up in the table twice per sample, the surface took 8 of
/// the 13.5 ms a 1080p frame's 8 lines turned 2° took to mirror seamlessly (textmirror-bench,
/// section turned).
struct SampledBackground {
    private let table: RingBackground.Table.Lookup
    private let reflection: TurnedRows
    /// The ring's rectangle in the box's own coordinates: (u, v) becomes the table's (s, t) as
    /// (u + offset.u) * scale.u.
    private let offset: (u: Double, v: Double)
    private let scale: (u: Double, v: Double)
    private let columns: Range<Int>
    private let rows: Range<Int>
    /// Per row of `rows`, the columns computed (the rest are computed when asked for).
    private let known: UnsafeMutablePointer<Range<Int>>
    private let values: UnsafeMutablePointer<Float>

    /// Samples of `columns` x `rows` whose centres lie within a sample and a half of the box:
    /// every sample written, and every sample read but those floating-point rounding puts
    /// further out (computed when asked for). `inset`: how far the ring's rectangle reaches
    /// beyond the box.
    init(
        _ table: RingBackground.Table.Lookup, reflection: TurnedRows, inset: Double, columns: Range<Int>,
        rows: Range<Int>
    ) {
        (self.table, self.reflection, self.columns, self.rows) = (table, reflection, columns, rows)
        offset = (reflection.halfWidth + inset, reflection.halfHeight + inset)
        scale = (1 / (2 * offset.u), 1 / (2 * offset.v))
        known = .allocate(capacity: rows.count)
        values = .allocate(capacity: rows.count * columns.count)
        // A reflected position is interpolated from the four samples around it: their
        // centres are at most a sample away in x and in y, under one and a half in u and v.
        let margin = 1.5 * reflection.sampleSize
        for gy in rows {
            let r = gy - rows.lowerBound
            guard let row = reflection.row(gy, within: columns, margin: margin) else {
                known[r] = columns.lowerBound..<columns.lowerBound
                continue
            }
            known[r] = row.run
            let line = values + r * columns.count - columns.lowerBound
            func at(_ gx: Int) -> Float {
                let g = Double(gx)
                return value(u: row.u0 + g * reflection.du, v: row.v0 + g * reflection.dv)
            }
            // Looked up at every other sample and halfway between them: along a row the
            // surface is nearly straight over two samples (its table's nodes are two luma
            // pixels apart, its profiles' knots sixteen), and a lookup was a third of a turned
            // box's seamless cost.
            let last = row.run.upperBound - 1
            line[row.run.lowerBound] = at(row.run.lowerBound)
            var gx = row.run.lowerBound
            while gx + 2 <= last {
                line[gx + 2] = at(gx + 2)
                line[gx + 1] = (line[gx] + line[gx + 2]) * 0.5
                gx += 2
            }
            if gx < last { line[last] = at(last) }
        }
    }

    func deallocate() {
        known.deallocate()
        values.deallocate()
    }

    /// Row `gy` of the block: the surface at the centres of its samples `known`, indexed by
    /// their column.
    @inline(__always)
    func row(_ gy: Int) -> (values: UnsafePointer<Float>, known: Range<Int>) {
        let r = gy - rows.lowerBound
        return (UnsafePointer(values + r * columns.count - columns.lowerBound), known[r])
    }

    /// The surface at the centre of sample (gx, gy) of the block.
    @inline(__always)
    func value(_ gx: Int, _ gy: Int) -> Float {
        let r = gy - rows.lowerBound
        if known[r].contains(gx) { return values[r * columns.count + gx - columns.lowerBound] }
        let (u, v) = reflection.coordinates(ofSample: gx, gy)
        return value(u: u, v: v)
    }

    /// The surface at (u, v) of the box's own coordinates.
    @inline(__always)
    private func value(u: Double, v: Double) -> Float {
        table.value(s: Float((u + offset.u) * scale.u), t: Float((v + offset.v) * scale.v))
    }
}
