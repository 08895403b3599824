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
        /// The block's samples and a border of one sample around them (the frame's samples
        /// beside the block, or at the frame's edge its edge samples again), so that every
        /// sample a reflection in the block is interpolated from is in the copy.
        private let copy: UnsafeMutableRawPointer
        private let sampleSize: Int
        private let rowBytes: Int

        /// `gridColumns` and `gridRows`: the size of the grid, to which the border is clamped.
        init(
            copying columns: Range<Int>, _ rows: Range<Int>, of grid: FrameLayout.SampleGrid, in frame: FrameBuffer,
            gridColumns: Int, gridRows: Int
        ) {
            (self.columns, self.rows, self.grid) = (columns, rows, grid)
            base = frame.planes[grid.plane] + grid.offset
            stride = frame.strides[grid.plane]
            sampleSize = grid.sampleBytes.count
            rowBytes = (columns.count + 2) * sampleSize
            copy = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * (rows.count + 2), alignment: 16)
            let inFrame = max(columns.lowerBound - 1, 0)..<min(columns.upperBound + 1, gridColumns)
            for gy in (rows.lowerBound - 1)...rows.upperBound {
                let src = base + min(max(gy, 0), gridRows - 1) * stride
                let dst = copy + (gy - rows.lowerBound + 1) * rowBytes
                func copySamples(_ from: Range<Int>, to gx: Int) {
                    let at = dst + (gx - columns.lowerBound + 1) * sampleSize
                    // Samples that lie side by side (a plane of one kind) are copied a row at a time.
                    if grid.sampleStride == sampleSize {
                        at.copyMemory(from: src + from.lowerBound * sampleSize, byteCount: from.count * sampleSize)
                        return
                    }
                    for (i, x) in from.enumerated() {
                        for (k, offset) in grid.sampleBytes.enumerated() {
                            at.storeBytes(
                                of: src.load(fromByteOffset: x * grid.sampleStride + offset, as: UInt8.self),
                                toByteOffset: i * sampleSize + k, as: UInt8.self)
                        }
                    }
                }
                copySamples(inFrame, to: inFrame.lowerBound)
                // Beyond the frame's left or right edge: its edge sample again.
                if inFrame.lowerBound > columns.lowerBound - 1 {
                    copySamples(inFrame.lowerBound..<(inFrame.lowerBound + 1), to: columns.lowerBound - 1)
                }
                if inFrame.upperBound < columns.upperBound + 1 {
                    copySamples((inFrame.upperBound - 1)..<inFrame.upperBound, to: columns.upperBound)
                }
            }
        }

        func deallocate() { copy.deallocate() }

        /// A stretch of a row of the frame whose samples read the copy a sample apart: sample
        /// `destination.x + i` of the frame's row `destination.y` reflects to the point
        /// `fraction + i * drift` (in samples) right of and below the centre of the grid's
        /// sample `cellPosition + (step * i, 0)`. Its value is interpolated between that sample
        /// and its neighbours to the right, below, and both (`weights`, `value`). `dst` points at
        /// the frame's first sample, `cell` at the copy of the first cell's sample (the copy
        /// holds a sample's bytes side by side).
        struct Span {
            let dst: UnsafeMutableRawPointer
            let cell: UnsafeRawPointer
            let destination: (x: Int, y: Int)
            let cellPosition: (x: Int, y: Int)
            let count: Int
            let step: Int
            let fraction: (x: Float, y: Float)
            let drift: (x: Float, y: Float)
            /// Bytes from one sample of the copy to the next, and from one row to the next.
            let sampleSize: Int
            let rowBytes: Int

            /// How far sample i's reflection lies right of and below its cell's sample centre:
            /// the weights of the neighbours to the right and below.
            @inline(__always)
            func weights(_ i: Int) -> (x: Float, y: Float) {
                (fraction.x + Float(i) * drift.x, fraction.y + Float(i) * drift.y)
            }

            /// Sample i's value interpolated from `at(right, down)`: the value of its cell's
            /// sample (0, 0), of the next to the right (1, 0), below (0, 1), and both.
            @inline(__always)
            func interpolate(_ i: Int, _ at: (_ right: Int, _ down: Int) -> Float) -> Float {
                let (x, y) = weights(i)
                let (topLeft, bottomLeft) = (at(0, 0), at(0, 1))
                let upper = topLeft + (at(1, 0) - topLeft) * x
                let lower = bottomLeft + (at(1, 1) - bottomLeft) * x
                return upper + (lower - upper) * y
            }

            /// The value sample i of the span takes for the 8-bit byte `k` of a copied sample:
            /// bilinear, so that a line turned a few degrees keeps smooth edges (the nearest
            /// sample left steps along every stroke, a sample high every dozen samples at 5°).
            @inline(__always)
            func value(_ i: Int, byte k: Int) -> Float {
                let p = cell + i &* step &* sampleSize + k
                return interpolate(i) { right, down in
                    Float(p.load(fromByteOffset: right &* sampleSize &+ down &* rowBytes, as: UInt8.self))
                }
            }

            /// The same for a sample of any depth, its first byte at byte `k` of a copied sample.
            @inline(__always)
            func value(_ i: Int, byte k: Int, coding: SampleCoding) -> Float {
                if coding.depth == 8 { return value(i, byte: k) }
                let p = cell + i &* step &* sampleSize + k
                return interpolate(i) { right, down in
                    Float(coding.value(p + (right &* sampleSize &+ down &* rowBytes)))
                }
            }

            /// Sample i's value interpolated from a surface given by rows indexed by column:
            /// `top` its cell's row, `bottom` the next.
            @inline(__always)
            func interpolate(_ i: Int, top: UnsafePointer<Float>, bottom: UnsafePointer<Float>) -> Float {
                let c = cellPosition.x + i &* step
                return interpolate(i) { right, down in (down == 0 ? top : bottom)[c + right] }
            }
        }

        /// Calls `body` with every sample of the block inside the box and where its reflection
        /// falls in the copy, in spans. A reflection outside the block leaves its sample as it
        /// is.
        ///
        /// Why spans: a line within a few degrees of level (or upright) reads, along a row,
        /// long stretches of one source row backwards (a horizontal mirror) or forwards (a
        /// vertical one), a source row that changes every dozen samples or more. A span ends
        /// where its source position next leaves the square between four sample centres it is
        /// interpolated in; its length is worked out from there, then checked at its far end;
        /// the rest of the span follows, since along a row the samples inside the box, those
        /// whose reflection lies in the block, and the source position less `step` per sample
        /// each change monotonically. Steeper boxes get spans of one sample.
        @inline(__always)
        func eachSpan(_ reflection: TurnedRows, _ body: (Span) -> Void) {
            let lowX = Double(columns.lowerBound), highX = Double(columns.upperBound)
            let lowY = Double(rows.lowerBound), highY = Double(rows.upperBound)
            // |dx| ≤ 1 for a reflection: the step is −1, 0 or 1, and spans are worth finding
            // when the source drifts off it by less than a sample in 5 (2° of tilt: 1 in 14).
            let step = Int(reflection.dx.rounded())
            let drift = (x: reflection.dx - Double(step), y: reflection.dy)
            let spans = step != 0 && abs(drift.x) < 0.2 && abs(drift.y) < 0.2
            for gy in rows {
                guard let row = reflection.row(gy, within: columns) else { continue }
                /// Where the reflection of sample `gx` of the row falls: the sample whose centre is
                /// next above and left of it (`cellX`, `cellY`: one left of or above the block at
                /// its edge), and its continuous position (sample i covers [i, i + 1), its centre
                /// at i + 0.5).
                @inline(__always)
                func source(_ gx: Int) -> (cellX: Int, cellY: Int, fx: Double, fy: Double)? {
                    let g = Double(gx)
                    guard reflection.inside(u: row.u0 + g * reflection.du, v: row.v0 + g * reflection.dv)
                    else { return nil }
                    let fx = row.x0 + g * reflection.dx, fy = row.y0 + g * reflection.dy
                    guard fx >= lowX, fx < highX, fy >= lowY, fy < highY else { return nil }
                    // Less half a sample, the position may be just below 0: floored.
                    return (Int((fx - 0.5).rounded(.down)), Int((fy - 0.5).rounded(.down)), fx, fy)
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
                        // Samples until the source, less `step` a sample, leaves its square of
                        // four centres.
                        func within(_ offset: Double, _ drift: Double) -> Double {
                            let offset = offset - offset.rounded(.down)
                            return drift > 0 ? (1 - offset) / drift : drift < 0 ? offset / -drift : .infinity
                        }
                        let reach = min(
                            within(first.fx - 0.5, drift.x), within(first.fy - 0.5, drift.y),
                            Double(row.run.upperBound - gx))
                        // The longest span up to there whose last sample is where the span
                        // puts it (rounding, the run's ends a sample beyond the box, or the
                        // block's edge where the frame cuts it may come first).
                        var fits = 1, fails = max(Int(reach), 1) + 1
                        func holds(_ n: Int) -> Bool {
                            guard let last = source(gx + n - 1) else { return false }
                            return last.cellY == first.cellY && last.cellX == first.cellX + step * (n - 1)
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
                            cell: copy + (first.cellY - rows.lowerBound + 1) * rowBytes
                                + (first.cellX - columns.lowerBound + 1) * sampleSize,
                            destination: (gx, gy), cellPosition: (first.cellX, first.cellY), count: count,
                            step: step,
                            fraction: (
                                Float(first.fx - 0.5 - Double(first.cellX)), Float(first.fy - 0.5 - Double(first.cellY))
                            ),
                            drift: (Float(drift.x), Float(drift.y)), sampleSize: sampleSize, rowBytes: rowBytes))
                    gx += count
                }
            }
        }
    }
}
