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
        AxisAlignedRing(self, columns: xs, rows: ys, channel: channel, excluding: others, in: frame).background()
    }
}

/// The reading of one channel's ring around an axis-aligned box (`GridMirror.ringBackground`).
/// A class: the sides share what was learned on the way (whether one was left out for running
/// through other boxes; the interior's background, measured once when asked for).
private final class AxisAlignedRing {
    let grid: FrameLayout.SampleGrid
    let frame: FrameBuffer
    let xs: Range<Int>, ys: Range<Int>
    let others: [RingExclusion]
    let above: Range<Int>, below: Range<Int>, before: Range<Int>, after: Range<Int>
    let insetX: Double, insetY: Double
    let stride: Int, base: Int
    var coding: SampleCoding { grid.coding }
    /// Whether a side was left out for running through other boxes (not for lying outside
    /// the frame): only then does the box's interior stand in (`RingBackground.init`).
    var leftForOthers = false
    var measuredInterior: RingBackground.Side??

    init(
        _ mirror: GridMirror, columns xs: Range<Int>, rows ys: Range<Int>, channel: Int,
        excluding others: [RingExclusion],
        in frame: FrameBuffer
    ) {
        let grid = mirror.grid
        self.grid = grid
        self.frame = frame
        self.xs = xs
        self.ys = ys
        self.others = others
        let depthX = RingBackground.depth(samplesOf: grid.pixelsPerSample)
        let depthY = RingBackground.depth(samplesOf: grid.rowsPerSample)
        let gapX = RingBackground.gap(samplesOf: grid.pixelsPerSample)
        let gapY = RingBackground.gap(samplesOf: grid.rowsPerSample)
        insetX = RingBackground.inset(samplesOf: grid.pixelsPerSample)
        insetY = RingBackground.inset(samplesOf: grid.rowsPerSample)
        func clipped(_ from: Int, _ to: Int, _ limit: Int) -> Range<Int> {
            let upper = max(0, min(to, limit))
            return min(max(0, from), upper)..<upper
        }
        above = clipped(ys.lowerBound - gapY - depthY, ys.lowerBound - gapY, mirror.rows)
        below = clipped(ys.upperBound + gapY, ys.upperBound + gapY + depthY, mirror.rows)
        before = clipped(xs.lowerBound - gapX - depthX, xs.lowerBound - gapX, mirror.columns)
        after = clipped(xs.upperBound + gapX, xs.upperBound + gapX + depthX, mirror.columns)
        stride = grid.sampleStride
        base = grid.offset + channel
    }

    func background() -> RingBackground? {
        let top = horizontal(above), bottom = horizontal(below)
        let left = vertical(before), right = vertical(after)
        return RingBackground(
            top: top, bottom: bottom, left: left, right: right,
            interior: leftForOthers ? interior : { nil })
    }

    private func row(_ gy: Int) -> UnsafeMutableRawPointer { frame.row(plane: grid.plane, gy) + base }

    private func horizontal(_ band: Range<Int>) -> RingBackground.Profile? {
        side(
            count: xs.count, pixelsPerSample: grid.pixelsPerSample, depth: band.count, inset: insetX, step: stride,
            covered: { self.cover($0, along: self.xs, band: band, horizontally: true) }, guide: interiorSide
        ) { r in
            self.row(band.lowerBound + r) + self.xs.lowerBound * self.stride
        }
    }

    private func vertical(_ band: Range<Int>) -> RingBackground.Profile? {
        side(
            count: ys.count, pixelsPerSample: grid.rowsPerSample, depth: band.count, inset: insetY,
            step: frame.strides[grid.plane],
            covered: { self.cover($0, along: self.ys, band: band, horizontally: false) }
        ) { r in
            self.row(self.ys.lowerBound) + (band.lowerBound + r) * self.stride
        }
    }

    /// One side: `count` positions along it, `depth` (1 to 3) ring values at each, the r-th
    /// at `start(r) + i * step` for position i; `covered` marks the positions inside other
    /// boxes.
    private func side(
        count: Int, pixelsPerSample: Int, depth: Int, inset: Double, step: Int,
        covered: (UnsafeMutablePointer<UInt8>) -> Bool, guide: () -> RingBackground.Side? = { nil },
        start: (Int) -> UnsafeMutableRawPointer
    ) -> RingBackground.Profile? {
        guard depth > 0 else { return nil }
        let coding = coding
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

    /// Marks in `mask` the positions `along` of the side whose ring is inside other boxes,
    /// looking along the ring's middle row (or column) `band`; true when there is one.
    private func cover(
        _ mask: UnsafeMutablePointer<UInt8>, along positions: Range<Int>, band: Range<Int>, horizontally: Bool
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

    /// The background along the box between its own strokes (`RingBackground.interior`), for
    /// a box whose ring runs through the lines above and below (see `RingBackground.init`),
    /// measured once and only when asked for.
    private func interiorSide() -> RingBackground.Side? {
        if let known = measuredInterior { return known }
        let m = ys.count, n = xs.count, coding = coding, stride = stride
        let first = row(ys.lowerBound) + xs.lowerBound * stride, rowBytes = frame.strides[grid.plane]
        // Bytes side by side (a luma plane) are read a row at a time; other grids sample by sample.
        let bytesSideBySide = coding.bytes == 1 && stride == 1
        let side = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { values in
            RingBackground.interior(
                count: n, rows: m, pixelsPerSample: grid.pixelsPerSample, into: values.baseAddress!,
                read: { i, r in coding.value8(first + r * rowBytes + i * stride) },
                extremes: bytesSideBySide
                    ? { darkText, v in
                        Self.extremes(of: first, columns: n, rows: m, rowBytes: rowBytes, brightest: darkText, into: v)
                    } : nil)
        }
        measuredInterior = .some(side)
        return side
    }

    private func interior() -> RingBackground.Profile? {
        interiorSide().map { .interior($0, length: Double(xs.count), inset: insetX) }
    }

    /// Each column's brightest (or darkest) byte over `rows` rows of `columns` bytes side by
    /// side from `first`, into `out`: row by row, a loop of byte maxima the compiler
    /// vectorizes.
    static func extremes(
        of first: UnsafeMutableRawPointer, columns n: Int, rows m: Int, rowBytes: Int, brightest: Bool,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        for r in 0..<m {
            let p = (first + r * rowBytes).assumingMemoryBound(to: UInt8.self)
            if r == 0 {
                out.update(from: p, count: n)
            } else if brightest {
                for i in 0..<n { out[i] = max(out[i], p[i]) }
            } else {
                for i in 0..<n { out[i] = min(out[i], p[i]) }
            }
        }
    }
}
