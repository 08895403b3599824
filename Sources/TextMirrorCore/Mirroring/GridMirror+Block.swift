extension GridMirror {
    /// A copy of the samples of a block of the grid (`columns` x `rows`), which a turned box's
    /// samples are read from, so that mirroring in place gives what mirroring out of place
    /// would.
    struct Block {
        let columns: Range<Int>
        let rows: Range<Int>
        let grid: FrameLayout.SampleGrid
        /// The frame's first sample of the grid in row 0, and its rows' stride.
        private let base: UnsafeMutableRawPointer
        private let stride: Int
        private let copy: UnsafeMutableRawPointer
        private let sampleSize: Int

        init(copying columns: Range<Int>, _ rows: Range<Int>, of grid: FrameLayout.SampleGrid, in frame: FrameBuffer) {
            (self.columns, self.rows, self.grid) = (columns, rows, grid)
            base = frame.planes[grid.plane] + grid.offset
            stride = frame.strides[grid.plane]
            sampleSize = grid.sampleBytes.count
            let rowBytes = columns.count * sampleSize
            copy = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * rows.count, alignment: 16)
            for gy in rows {
                let src = base + gy * stride + columns.lowerBound * grid.sampleStride
                let dst = copy + (gy - rows.lowerBound) * rowBytes
                // Samples that lie side by side (a plane of one kind) are copied a row at a time.
                if grid.sampleStride == sampleSize {
                    dst.copyMemory(from: src, byteCount: rowBytes)
                    continue
                }
                for gx in 0..<columns.count {
                    for (k, offset) in grid.sampleBytes.enumerated() {
                        dst.storeBytes(
                            of: src.load(fromByteOffset: gx * grid.sampleStride + offset, as: UInt8.self),
                            toByteOffset: gx * sampleSize + k, as: UInt8.self)
                    }
                }
            }
        }

        func deallocate() { copy.deallocate() }

        /// A stretch of a row of the frame whose samples read one row of the copy, a sample
        /// apart: sample `destination.x + i` of the frame's row `destination.y` takes sample
        /// `source.x + step * i` of the copy's row `source.y`, for i below `count`. `dst` and
        /// `src` point at the first of each (the copy holds a sample's bytes side by side,
        /// `sampleBytes` apart; the frame's are `grid.sampleStride` apart).
        struct Span {
            let dst: UnsafeMutableRawPointer
            let src: UnsafeRawPointer
            let destination: (x: Int, y: Int)
            let source: (x: Int, y: Int)
            let count: Int
            let step: Int
        }

        /// Calls `body` with every sample of the block inside the box and the copied sample its
        /// reflection falls on, in spans. A reflection outside the block leaves its sample as
        /// it is.
        ///
        /// Why spans: a line within a few degrees of level (or upright) reads, along a row,
        /// long stretches of one source row backwards (a horizontal mirror) or forwards (a
        /// vertical one), a source row that changes every dozen samples or more. A span's length
        /// is worked out from where its source position next crosses a sample's edge, then
        /// checked at its far end; the rest of the span follows, since along a row the samples
        /// inside the box, those whose reflection lies in the block, the source row and the
        /// source column less `step` per sample each change monotonically. Steeper boxes get
        /// spans of one sample.
        @inline(__always)
        func eachSpan(_ reflection: TurnedRows, _ body: (Span) -> Void) {
            let lowX = Double(columns.lowerBound), highX = Double(columns.upperBound)
            let lowY = Double(rows.lowerBound), highY = Double(rows.upperBound)
            let rowBytes = columns.count * sampleSize
            // |dx| ≤ 1 for a reflection: the step is −1, 0 or 1, and spans are worth finding
            // when the source drifts off it by less than a sample in 5 (2° of tilt: 1 in 14).
            let step = Int(reflection.dx.rounded())
            let drift = (x: reflection.dx - Double(step), y: reflection.dy)
            let spans = step != 0 && abs(drift.x) < 0.2 && abs(drift.y) < 0.2
            for gy in rows {
                guard let row = reflection.row(gy, within: columns) else { continue }
                /// The source sample of sample `gx` of the row, and its continuous position.
                @inline(__always)
                func source(_ gx: Int) -> (x: Int, y: Int, fx: Double, fy: Double)? {
                    let g = Double(gx)
                    guard reflection.inside(u: row.u0 + g * reflection.du, v: row.v0 + g * reflection.dv)
                    else { return nil }
                    let fx = row.x0 + g * reflection.dx, fy = row.y0 + g * reflection.dy
                    guard fx >= lowX, fx < highX, fy >= lowY, fy < highY else { return nil }
                    // Non-negative, so truncation is the floor: the sample whose cell holds it.
                    return (Int(fx), Int(fy), fx, fy)
                }
                let line = base + gy * stride
                var gx = row.run.lowerBound
                while gx < row.run.upperBound {
                    guard let first = source(gx) else {
                        gx += 1
                        continue
                    }
                    var count = 1
                    if spans {
                        // Samples until the source, less `step` a sample, leaves its cell.
                        func within(_ offset: Double, _ drift: Double) -> Double {
                            drift > 0 ? (1 - offset) / drift : drift < 0 ? offset / -drift : .infinity
                        }
                        let reach = min(
                            within(first.fx - Double(first.x), drift.x), within(first.fy - Double(first.y), drift.y),
                            Double(row.run.upperBound - gx))
                        // The longest span up to there whose last sample is where the span
                        // puts it (rounding, the run's ends a sample beyond the box, or the
                        // block's edge where the frame cuts it may come first).
                        var fits = 1, fails = max(Int(reach), 1) + 1
                        func holds(_ n: Int) -> Bool {
                            guard let last = source(gx + n - 1) else { return false }
                            return last.y == first.y && last.x == first.x + step * (n - 1)
                        }
                        // Mostly the estimate holds: one check, not a search.
                        if holds(fails - 1) { fits = fails - 1 }
                        while fails - fits > 1 {
                            let n = (fits + fails) / 2
                            if holds(n) { fits = n } else { fails = n }
                        }
                        count = fits
                    }
                    body(
                        Span(
                            dst: line + gx * grid.sampleStride,
                            src: copy + (first.y - rows.lowerBound) * rowBytes + (first.x - columns.lowerBound)
                                * sampleSize,
                            destination: (gx, gy), source: (first.x, first.y), count: count, step: step))
                    gx += count
                }
            }
        }
    }
}
