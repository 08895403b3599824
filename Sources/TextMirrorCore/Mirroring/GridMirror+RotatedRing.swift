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
    /// read from the nearest sample (as the rotated mirror reads); points outside the grid are
    /// skipped.
    func ringBackground(
        of box: PixelBox, channel: Int, excluding others: [RingExclusion] = [],
        in frame: FrameBuffer
    ) -> RingBackground? {
        let ps = Double(grid.pixelsPerSample), rs = Double(grid.rowsPerSample)
        // Subsampling is a power of two: multiplying by these is dividing, exactly.
        let perPixel = 1 / ps, perRow = 1 / rs
        let along = box.axes.along
        let ux = along.x, uy = along.y
        let halfW = box.width / 2, halfH = box.height / 2
        let step = max(ps, rs)
        let depth = RingBackground.depth(samplesOf: Int(step))
        let gap = Double(RingBackground.gap(samplesOf: Int(step))) * step
        let base = grid.offset + channel, coding = grid.coding
        let inset = turnedRingInset
        // A side longer than the frame's perimeter is no text line; it would only cost time.
        let perimeter = Double(2 * (columns + rows)) * step
        guard halfW.isFinite, halfH.isFinite, halfW > 0, halfH > 0, halfW < perimeter, halfH < perimeter
        else { return nil }
        // Only the other boxes that can meet the ring.
        let reach = (halfW + halfH) + inset * 2 + step
        let nearby = others.filter { r in
            r.x1 > box.centerX - reach && r.x0 < box.centerX + reach && r.y1 > box.centerY - reach
                && r.y0 < box.centerY + reach
        }

        /// One side: `along` samples from −half to +half of the box's width (or height), read
        /// at each offset of `across` (signed, across the box). Points inside other boxes are
        /// left out, and segments more than a quarter made of them.
        var leftForOthers = false
        func side(
            half: Double, alongWidth: Bool, across offsets: [Double], guide: () -> RingBackground.Side? = { nil }
        ) -> RingBackground.Profile? {
            var anyCovered = false
            let count = max(1, Int((2 * half / step).rounded()))
            let k = RingBackground.segments(alongSamples: count, pixelsPerSample: Int(step))
            let longest = (count + k - 1) / k + 1
            let spacing = 2 * half / Double(count)
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
                        guard fx >= 0, fx < Double(columns), fy >= 0, fy < Double(rows) else { continue }
                        let gx = Int(fx), gy = Int(fy)
                        // Another box's text is no background.
                        guard !nearby.contains(where: { $0.contains(x: x, y: y) }) else {
                            covered += 1
                            anyCovered = true
                            continue
                        }
                        out[n] = coding.value8(frame.row(plane: grid.plane, gy) + base + gx * grid.sampleStride)
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
        var measuredInterior: RingBackground.Side??
        func interiorSide() -> RingBackground.Side? {
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
                        return coding.value8(frame.row(plane: grid.plane, gy) + base + gx * grid.sampleStride)
                    })
            }
            // Centres count positions, `spacing` luma pixels apart.
            if side != nil { side!.centres = side!.centres.map { $0 * spacing } }
            measuredInterior = .some(side)
            return side
        }
        func interior() -> RingBackground.Profile? {
            // The ring reaches `inset` luma pixels beyond the box.
            guard let side = interiorSide() else { return nil }
            var profile = RingBackground.Profile(side, length: 2 * halfW, inset: inset)
            profile.extrapolates = false
            return profile
        }
        /// The ring's depths beyond the edge at `edge` (a signed offset across the box).
        func ring(_ edge: Double) -> [Double] {
            (0..<depth).map { edge + (edge < 0 ? -1 : 1) * (gap + (Double($0) + 0.5) * step) }
        }
        let top = side(half: halfW, alongWidth: true, across: ring(-halfH), guide: interiorSide)
        let bottom = side(half: halfW, alongWidth: true, across: ring(halfH), guide: interiorSide)
        return RingBackground(
            top: top, bottom: bottom,
            left: side(half: halfH, alongWidth: false, across: ring(-halfW)),
            right: side(half: halfH, alongWidth: false, across: ring(halfW)),
            interior: { leftForOthers ? interior() : nil })
    }
}
