extension GridMirror {
    /// Luma pixels from a turned box's edge to the middle of its ring, as `ringBackground(of:)`
    /// walks it (one sample of the grid's coarser direction apart): how far the ring's
    /// rectangle, which the surface's s and t span, reaches beyond the box.
    var turnedRingInset: Double {
        let step = max(grid.pixelsPerSample, grid.rowsPerSample)
        return RingBackground.inset(samplesOf: step) * Double(step)
    }

    /// The Coons background of one channel around a rotated box: the ring is walked along the
    /// box's own sides, one grid sample apart, `RingBackground.depth` samples deep, each point
    /// read from the sample whose cell holds it (the ring's medians need no interpolation);
    /// points outside the grid are skipped.
    func ringBackground(
        of box: PixelBox, channel: Int, excluding others: [RingExclusion] = [],
        in frame: FrameBuffer
    ) -> RingBackground? {
        TurnedRing(self, box: box, channel: channel, excluding: others, in: frame)?.background()
    }
}

/// The reading of one channel's ring around a turned box (`GridMirror.ringBackground(of:)`).
/// A class: the sides share what was learned on the way (whether one was left out for running
/// through other boxes; the interior's background, measured once when asked for).
private final class TurnedRing {
    let grid: FrameLayout.SampleGrid
    let frame: FrameBuffer
    let box: PixelBox
    let columns: Int, rows: Int
    /// Subsampling is a power of two: multiplying by these is dividing, exactly.
    let perPixel: Double, perRow: Double
    let ux: Double, uy: Double
    let halfW: Double, halfH: Double
    /// Luma pixels between the points read: one sample of the grid's coarser direction.
    let step: Double
    let depth: Int
    let gap: Double
    let inset: Double
    let base: Int
    /// Only the other boxes that can meet the ring.
    let nearby: [RingExclusion]
    var leftForOthers = false
    var measuredInterior: RingBackground.Side??

    init?(_ mirror: GridMirror, box: PixelBox, channel: Int, excluding others: [RingExclusion], in frame: FrameBuffer) {
        let grid = mirror.grid
        let ps = Double(grid.pixelsPerSample), rs = Double(grid.rowsPerSample)
        step = max(ps, rs)
        halfW = box.width / 2
        halfH = box.height / 2
        // A side longer than the frame's perimeter is no text line; it would only cost time.
        let perimeter = Double(2 * (mirror.columns + mirror.rows)) * step
        guard halfW.isFinite, halfH.isFinite, halfW > 0, halfH > 0, halfW < perimeter, halfH < perimeter
        else { return nil }
        self.grid = grid
        self.frame = frame
        self.box = box
        columns = mirror.columns
        rows = mirror.rows
        perPixel = 1 / ps
        perRow = 1 / rs
        let along = box.axes.along
        ux = along.x
        uy = along.y
        depth = RingBackground.depth(samplesOf: Int(step))
        gap = Double(RingBackground.gap(samplesOf: Int(step))) * step
        base = grid.offset + channel
        inset = mirror.turnedRingInset
        let reach = (halfW + halfH) + inset * 2 + step
        nearby = others.filter { r in
            r.x1 > box.centerX - reach && r.x0 < box.centerX + reach && r.y1 > box.centerY - reach
                && r.y0 < box.centerY + reach
        }
    }

    func background() -> RingBackground? {
        let top = side(half: halfW, alongWidth: true, across: ring(-halfH), guide: interiorSide)
        let bottom = side(half: halfW, alongWidth: true, across: ring(halfH), guide: interiorSide)
        let left = side(half: halfH, alongWidth: false, across: ring(-halfW))
        let right = side(half: halfH, alongWidth: false, across: ring(halfW))
        return RingBackground(
            top: top, bottom: bottom, left: left, right: right,
            interior: { self.leftForOthers ? self.interior() : nil })
    }

    /// The ring's depths beyond the edge at `edge` (a signed offset across the box).
    private func ring(_ edge: Double) -> [Double] {
        (0..<depth).map { edge + (edge < 0 ? -1 : 1) * (gap + (Double($0) + 0.5) * step) }
    }

    /// The 8 most significant bits of the sample at grid position (gx, gy).
    private func value(_ gx: Int, _ gy: Int) -> UInt8 {
        grid.coding.value8(frame.row(plane: grid.plane, gy) + base + gx * grid.sampleStride)
    }

    /// One side: `along` samples from −half to +half of the box's width (or height), read
    /// at each offset of `across` (signed, across the box). Points inside other boxes are
    /// left out, and segments more than a quarter made of them.
    private func side(
        half: Double, alongWidth: Bool, across offsets: [Double], guide: () -> RingBackground.Side? = { nil }
    ) -> RingBackground.Profile? {
        var anyCovered = false
        let count = max(1, Int((2 * half / step).rounded()))
        let k = RingBackground.segments(alongSamples: count, pixelsPerSample: Int(step))
        let longest = (count + k - 1) / k + 1
        let spacing = 2 * half / Double(count)
        let box = box, ux = ux, uy = uy, perPixel = perPixel, perRow = perRow
        let columns = Double(columns), rows = Double(rows)
        let measured = RingBackground.measure(segments: k, capacity: longest * offsets.count, guide: guide) {
            q, out in
            var n = 0, covered = 0, sum = 0.0
            let points = RingBackground.segment(q, of: k, samples: count)
            for i in points {
                let along = -half + (Double(i) + 0.5) * spacing
                for across in offsets {
                    let (u, v) = alongWidth ? (along, across) : (across, along)
                    let x = box.centerX + u * ux - v * uy, y = box.centerY + u * uy + v * ux
                    // Tested before truncating: for a non-negative position it is the floor
                    // (a `floor` call per point was a tenth of a turned box's seamless cost).
                    let fx = x * perPixel, fy = y * perRow
                    guard fx >= 0, fx < columns, fy >= 0, fy < rows else { continue }
                    // Another box's text is no background.
                    guard !nearby.contains(where: { $0.contains(x: x, y: y) }) else {
                        covered += 1
                        anyCovered = true
                        continue
                    }
                    out[n] = value(Int(fx), Int(fy))
                    n += 1
                    sum += (Double(i) + 0.5) * spacing
                }
            }
            let nominal = Double(points.lowerBound + points.upperBound) / 2 * spacing
            guard 4 * covered <= points.count * offsets.count else { return (0, nominal) }
            // Where the samples read lie: off the segment's middle when the frame cuts it.
            return (n, n > 0 ? sum / Double(n) : nominal)
        }
        if measured == nil && anyCovered { leftForOthers = true }
        return measured.map { .init($0, length: 2 * half, inset: inset) }
    }

    /// The background along the box between its own strokes (`RingBackground.interior`),
    /// read one sample apart along and across it; positions in luma pixels from the box's
    /// start, as the top and bottom sides have them. Measured once, when first asked for.
    private func interiorSide() -> RingBackground.Side? {
        if let known = measuredInterior { return known }
        let count = max(1, Int((2 * halfW / step).rounded())), rowCount = max(3, Int((2 * halfH / step).rounded()))
        let spacing = 2 * halfW / Double(count), rowSpacing = 2 * halfH / Double(rowCount)
        var side = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { values in
            RingBackground.interior(
                count: count, rows: rowCount, pixelsPerSample: Int(step),
                into: values.baseAddress!,
                read: { i, r in
                    let u = -halfW + (Double(i) + 0.5) * spacing, v = -halfH + (Double(r) + 0.5) * rowSpacing
                    let x = box.centerX + u * ux - v * uy, y = box.centerY + u * uy + v * ux
                    // Inside the box: clamped to the grid where the frame cuts it.
                    let gx = Int(min(max(x * perPixel, 0), Double(columns - 1)))
                    let gy = Int(min(max(y * perRow, 0), Double(rows - 1)))
                    return value(gx, gy)
                })
        }
        // Centres count positions, `spacing` luma pixels apart.
        if side != nil { side!.centres = side!.centres.map { $0 * spacing } }
        measuredInterior = .some(side)
        return side
    }

    private func interior() -> RingBackground.Profile? {
        // The ring reaches `inset` luma pixels beyond the box.
        interiorSide().map { .interior($0, length: 2 * halfW, inset: inset) }
    }
}
