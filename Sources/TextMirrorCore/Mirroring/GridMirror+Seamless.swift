/// Seamless mirroring of axis-aligned boxes, one sample grid at a time (see RingBackground.swift
/// for the model and why).
extension GridMirror {
    /// The grid's samples inside `rect` (luma pixels): the ones the row kernels and
    /// `reverseColumns` reverse for that rect.
    func sampleRange(_ rect: PixelRect) -> (columns: Range<Int>, rows: Range<Int>) {
        let gx0 = rect.x0 / grid.pixelsPerSample
        let gx1 = min((rect.x1 + grid.pixelsPerSample - 1) / grid.pixelsPerSample, columns)
        let gy0 = rect.y0 / grid.rowsPerSample
        let gy1 = min((rect.y1 + grid.rowsPerSample - 1) / grid.rowsPerSample, rows)
        return (gx0..<max(gx0, gx1), gy0..<max(gy0, gy1))
    }

    /// What seamless mirroring adds to one grid's samples inside `rect` (luma pixels), estimated
    /// from the frame before `rect` is mirrored (see `add(in:)`).
    struct Correction {
        let mirror: GridMirror
        let columns: Range<Int>
        let rows: Range<Int>
        let channels: [(channel: Int, correction: BackgroundCorrection)]
    }

    /// Estimates the background of each channel in and around `rect` before it is mirrored
    /// with `flip`. Nil when there is nothing to add: channels whose D stays within a level
    /// (a flat background, and most chroma under white light) are left out.
    func correction(around rect: PixelRect, flip: Flip, excluding others: [RingExclusion], in frame: FrameBuffer)
        -> Correction?
    {
        let (xs, ys) = sampleRange(rect)
        guard !xs.isEmpty, !ys.isEmpty else { return nil }
        let insetX = RingBackground.inset(samplesOf: grid.pixelsPerSample)
        let insetY = RingBackground.inset(samplesOf: grid.rowsPerSample)
        var channels: [(channel: Int, correction: BackgroundCorrection)] = []
        for channel in grid.channels {
            guard
                let background = ringBackground(columns: xs, rows: ys, channel: channel, excluding: others, in: frame),
                !background.isFlat
            else { continue }
            let correction = BackgroundCorrection(
                background, columns: xs.count, rows: ys.count,
                insetX: insetX, insetY: insetY, flip: flip)
            if !correction.changesNothing { channels.append((channel, correction)) }
        }
        return channels.isEmpty ? nil : Correction(mirror: self, columns: xs, rows: ys, channels: channels)
    }
}

extension GridMirror.Correction {
    /// Adds D = B(p) − B(m(p)) to the samples the plain mirror has just moved.
    ///
    /// D is worked out once per band of rows over which it changes by at most two levels (the
    /// whole box, under a smooth light), at the band's middle row, so each sample is off the
    /// exact D by at most a level before rounding (less than the ring's own noise moves D); a
    /// row then costs a few byte-wise vector operations per 16 bytes
    /// (`BackgroundAddition.add`), all channels of an interleaved grid at once. (Worked out for
    /// every row, D cost 0.3 ms a frame of eight lines at 1080p on the benchmark machine.)
    func add(in frame: FrameBuffer) {
        let grid = mirror.grid
        let n = columns.count, m = rows.count, stride = grid.sampleStride
        // Rows per band: D moves by at most `step` a row, so at most a level from the band's
        // middle row to its ends.
        let step = channels.map(\.correction.rowStep).max() ?? 0
        let band = step * Float(m) <= 2 ? m : max(1, Int(2 / step))
        if grid.coding.bytes > 1 {
            addToWords(in: frame, band: band)
            return
        }
        // The bytes from the first sample's first byte to the last sample's last byte.
        let span = (n - 1) * stride + grid.sampleBytes.max()! + 1
        withUnsafeTemporaryAllocation(of: Float.self, capacity: n) { d in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * span) { updown in
                let up = updown.baseAddress!, down = up + span
                updown.initialize(repeating: 0)
                var j0 = 0
                while j0 < m {
                    let j1 = min(j0 + band, m)
                    for (channel, correction) in channels {
                        correction.evaluate(row: (j0 + j1 - 1) / 2, into: d.baseAddress!)
                        BackgroundAddition.split(
                            d.baseAddress!, count: n, stride: stride, offset: channel,
                            up: up, down: down)
                    }
                    for j in j0..<j1 {
                        let first =
                            frame.row(plane: grid.plane, rows.lowerBound + j) + grid.offset + columns.lowerBound
                            * stride
                        BackgroundAddition.add(
                            to: first.assumingMemoryBound(to: UInt8.self), up: up, down: down, count: span)
                    }
                    j0 = j1
                }
            }
        }
    }

    /// `add(in:)` for samples of more than 8 bits: D, measured in 8-bit levels, is scaled to
    /// the samples' depth and added sample by sample (no such format has more than one
    /// channel in a grid, nor the byte-wise vectors to gain).
    private func addToWords(in frame: FrameBuffer, band: Int) {
        let grid = mirror.grid, coding = grid.coding, scale = Float(1 << coding.shift)
        let n = columns.count, m = rows.count, stride = grid.sampleStride
        withUnsafeTemporaryAllocation(of: Float.self, capacity: n) { buffer in
            let d = buffer.baseAddress!
            var j0 = 0
            while j0 < m {
                let j1 = min(j0 + band, m)
                for (channel, correction) in channels {
                    correction.evaluate(row: (j0 + j1 - 1) / 2, into: d)
                    for j in j0..<j1 {
                        let first =
                            frame.row(plane: grid.plane, rows.lowerBound + j) + grid.offset
                            + columns.lowerBound * stride + channel
                        for i in 0..<n {
                            let p = first + i * stride
                            coding.store(coding.value(p) + Int((d[i] * scale).rounded()), p)
                        }
                    }
                }
                j0 = j1
            }
        }
    }
}

extension GridMirror {
    /// The Coons background of one channel from the ring around samples `xs` × `ys`: the
    /// `RingBackground.depth` rows above and below, columns left and right, `RingBackground.gap`
    /// away from the box and clipped to the grid. Each position along a side first takes the
    /// median of the ring's depth there (so a line along one of the ring's rows, an underline
    /// or a cut stroke's fringe, drops out), then each segment the median of its positions (so
    /// strokes across the ring drop out). Positions inside `others` (luma pixels: the other
    /// boxes, which hold text, not background; the lines above and below in a paragraph) are
    /// not background: segments made mostly of them are left out.
    func ringBackground(
        columns xs: Range<Int>, rows ys: Range<Int>, channel: Int, excluding others: [RingExclusion] = [],
        in frame: FrameBuffer
    ) -> RingBackground? {
        let depthX = RingBackground.depth(samplesOf: grid.pixelsPerSample)
        let depthY = RingBackground.depth(samplesOf: grid.rowsPerSample)
        let gapX = RingBackground.gap(samplesOf: grid.pixelsPerSample)
        let gapY = RingBackground.gap(samplesOf: grid.rowsPerSample)
        let insetX = RingBackground.inset(samplesOf: grid.pixelsPerSample)
        let insetY = RingBackground.inset(samplesOf: grid.rowsPerSample)
        func clipped(_ from: Int, _ to: Int, _ limit: Int) -> Range<Int> {
            let upper = max(0, min(to, limit))
            return min(max(0, from), upper)..<upper
        }
        let above = clipped(ys.lowerBound - gapY - depthY, ys.lowerBound - gapY, rows)
        let below = clipped(ys.upperBound + gapY, ys.upperBound + gapY + depthY, rows)
        let before = clipped(xs.lowerBound - gapX - depthX, xs.lowerBound - gapX, columns)
        let after = clipped(xs.upperBound + gapX, xs.upperBound + gapX + depthX, columns)
        let stride = grid.sampleStride, base = grid.offset + channel, coding = grid.coding

        /// Whether a side was left out for running through other boxes (not for lying outside
        /// the frame): only then does the box's interior stand in (`RingBackground.init`).
        var leftForOthers = false
        /// One side: `count` positions along it, `depth` (1 to 3) ring values at each, the r-th
        /// at `start(r) + i * step` for position i; `covered` marks the positions inside other
        /// boxes.
        func side(
            count: Int, pixelsPerSample: Int, depth: Int, inset: Double, step: Int,
            covered: (UnsafeMutablePointer<UInt8>) -> Bool, guide: () -> RingBackground.Side? = { nil },
            start: (Int) -> UnsafeMutableRawPointer
        ) -> RingBackground.Profile? {
            guard depth > 0 else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * count) { values in
                let v = values.baseAddress!, mask = v + count
                mask.initialize(repeating: 0, count: count)
                let anyCovered = covered(mask)
                let r0 = start(0), r1 = start(min(1, depth - 1)), r2 = start(min(2, depth - 1))
                if step == 1 && depth == 3 {
                    // Contiguous rows (planar luma): a loop of byte min and max the compiler
                    // vectorizes.
                    let a = r0.assumingMemoryBound(to: UInt8.self), b = r1.assumingMemoryBound(to: UInt8.self)
                    let c = r2.assumingMemoryBound(to: UInt8.self)
                    for i in 0..<count { v[i] = max(min(a[i], b[i]), min(max(a[i], b[i]), c[i])) }
                } else {
                    // A wider sample is read as its 8 most significant bits.
                    for i in 0..<count {
                        let a = coding.value8(r0 + i * step), b = coding.value8(r1 + i * step)
                        let c = coding.value8(r2 + i * step)
                        // Median of three (of two: their mean; of one: itself, a = b = c).
                        v[i] = depth == 2 ? UInt8((UInt16(a) + UInt16(b) + 1) / 2) : max(min(a, b), min(max(a, b), c))
                    }
                }
                guard
                    let side = RingBackground.segmentMedians(
                        v, count: count, pixelsPerSample: pixelsPerSample,
                        covered: anyCovered ? UnsafePointer(mask) : nil, guide: guide)
                else {
                    leftForOthers = leftForOthers || anyCovered
                    return nil
                }
                return RingBackground.Profile(side, length: Double(count), inset: inset)
            }
        }
        func row(_ gy: Int) -> UnsafeMutableRawPointer { frame.row(plane: grid.plane, gy) + base }
        /// Marks in `mask` the positions `along` of the side whose ring is inside other boxes,
        /// looking along the ring's middle row (or column) `band`; true when there is one.
        func cover(
            _ mask: UnsafeMutablePointer<UInt8>, along positions: Range<Int>, band: Range<Int>,
            horizontally: Bool
        ) -> Bool {
            let size = Double(horizontally ? grid.pixelsPerSample : grid.rowsPerSample)
            let acrossSize = Double(horizontally ? grid.rowsPerSample : grid.pixelsPerSample)
            let across = (Double(band.lowerBound + band.upperBound) / 2) * acrossSize
            var any = false
            for other in others {
                guard let span = other.span(at: across, alongRows: horizontally) else { continue }
                // Positions whose sample centre, (i + 0.5) · size, lies in the span.
                let first = max(positions.lowerBound, Int((span.lowerBound / size - 0.5).rounded(.up)))
                let last = min(positions.upperBound - 1, Int((span.upperBound / size - 0.5).rounded(.down)))
                guard first <= last else { continue }
                for i in first...last { mask[i - positions.lowerBound] = 1 }
                any = true
            }
            return any
        }
        func horizontal(_ band: Range<Int>) -> RingBackground.Profile? {
            side(
                count: xs.count, pixelsPerSample: grid.pixelsPerSample, depth: band.count, inset: insetX, step: stride,
                covered: { cover($0, along: xs, band: band, horizontally: true) }, guide: interiorSide
            ) { r in
                row(band.lowerBound + r) + xs.lowerBound * stride
            }
        }
        func vertical(_ band: Range<Int>) -> RingBackground.Profile? {
            side(
                count: ys.count, pixelsPerSample: grid.rowsPerSample, depth: band.count, inset: insetY,
                step: frame.strides[grid.plane], covered: { cover($0, along: ys, band: band, horizontally: false) }
            ) { r in
                row(ys.lowerBound) + (band.lowerBound + r) * stride
            }
        }
        /// The background along the box between its own strokes (`RingBackground.interior`), for
        /// a box whose ring runs through the lines above and below (see `RingBackground.init`),
        /// measured once and only when asked for.
        var measuredInterior: RingBackground.Side??
        func interiorSide() -> RingBackground.Side? {
            if let known = measuredInterior { return known }
            let m = ys.count, n = xs.count
            let first = row(ys.lowerBound) + xs.lowerBound * stride, rowBytes = frame.strides[grid.plane]
            let side = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { values in
                RingBackground.interior(
                    count: n, rows: m, pixelsPerSample: grid.pixelsPerSample, into: values.baseAddress!,
                    read: { i, r in coding.value8(first + r * rowBytes + i * stride) })
            }
            measuredInterior = .some(side)
            return side
        }
        func interior() -> RingBackground.Profile? {
            guard let side = interiorSide() else { return nil }
            var profile = RingBackground.Profile(side, length: Double(xs.count), inset: insetX)
            profile.extrapolates = false
            return profile
        }
        let top = horizontal(above), bottom = horizontal(below)
        return RingBackground(
            top: top, bottom: bottom, left: vertical(before), right: vertical(after),
            interior: leftForOthers ? interior : { nil })
    }
}
