extension RingBackground {
    /// The surface tabulated on an even lattice of (s, t) and read bilinearly between its nodes:
    /// for a turned box, whose samples each need the surface at two arbitrary points (`GridMirror`).
    /// Why: evaluated exactly there, the Coons patch (four profile lookups a point) took two
    /// thirds of the streaming thread's time on tilted lines, 23 ms a frame at 720p over the
    /// real-photo pan. Nodes two luma pixels apart cost a few percent of that, and differ from
    /// the surface only next to a profile's knots (16 pixels apart), by at most a pixel's worth
    /// of the change in its slope there.
    struct Table {
        let columns: Int
        let rows: Int
        private let values: [Float]

        /// `columns` x `rows` nodes (at least 2 x 2) spanning s and t from 0 to 1: the Coons
        /// patch of `value(s:t:)`, its four profiles filled along the lattice's lines once.
        init(_ surface: RingBackground, columns: Int, rows: Int) {
            let columns = max(columns, 2), rows = max(rows, 2)
            self.columns = columns
            self.rows = rows
            let ds = 1 / Float(columns - 1), dt = 1 / Float(rows - 1)
            var top = [Float](repeating: 0, count: columns), bottom = top
            var left = [Float](repeating: 0, count: rows), right = left
            top.withUnsafeMutableBufferPointer { surface.top.fill($0.baseAddress!, count: columns, first: 0, step: ds) }
            bottom.withUnsafeMutableBufferPointer {
                surface.bottom.fill($0.baseAddress!, count: columns, first: 0, step: ds)
            }
            left.withUnsafeMutableBufferPointer { surface.left.fill($0.baseAddress!, count: rows, first: 0, step: dt) }
            right.withUnsafeMutableBufferPointer {
                surface.right.fill($0.baseAddress!, count: rows, first: 0, step: dt)
            }
            // Top and bottom less the corners' lines, as `value(s:t:)` has them.
            for i in 0..<columns {
                let s = Float(i) * ds
                top[i] -= surface.c00 + s * (surface.c10 - surface.c00)
                bottom[i] -= surface.c01 + s * (surface.c11 - surface.c01)
            }
            var values = [Float](repeating: 0, count: columns * rows)
            for j in 0..<rows {
                let t = Float(j) * dt, l = left[j], r = right[j]
                for i in 0..<columns {
                    let s = Float(i) * ds
                    values[j * columns + i] = top[i] + t * (bottom[i] - top[i]) + l + s * (r - l)
                }
            }
            self.values = values
        }

        /// The surface at (s, t), each in 0...1 (clamped).
        func value(s: Float, t: Float) -> Float {
            withLookup { $0.value(s: s, t: t) }
        }

        /// Calls `body` with the table's nodes in place: a per-sample loop reads them without
        /// retaining the array at every read.
        func withLookup<R>(_ body: (Lookup) -> R) -> R {
            values.withUnsafeBufferPointer { body(Lookup(values: $0.baseAddress!, columns: columns, rows: rows)) }
        }

        /// The nodes, valid only inside `withLookup`.
        struct Lookup {
            let values: UnsafePointer<Float>
            let columns: Int
            let rows: Int

            /// Bilinear between the four nodes around (s, t), each clamped to 0...1.
            @inline(__always)
            func value(s: Float, t: Float) -> Float {
                let x = min(max(s, 0), 1) * Float(columns - 1), y = min(max(t, 0), 1) * Float(rows - 1)
                let i = min(Int(x), columns - 2), j = min(Int(y), rows - 2)
                let fx = x - Float(i), fy = y - Float(j)
                let k = j * columns + i
                let upper = values[k] + fx * (values[k + 1] - values[k])
                let lower = values[k + columns] + fx * (values[k + columns + 1] - values[k + columns])
                return upper + fy * (lower - upper)
            }
        }
    }
}
