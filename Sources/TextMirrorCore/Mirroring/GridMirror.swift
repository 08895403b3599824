/// Mirrors one sample grid of a frame sample by sample: the general path, used for rotated
/// boxes and for 4:2:2 rows whose luma span is odd. Slower than the row kernels, but it needs
/// no assumption about how samples group into units.
struct GridMirror {
    let grid: FrameLayout.SampleGrid
    /// Samples per row and rows of samples in this grid.
    let columns: Int
    let rows: Int

    init(grid: FrameLayout.SampleGrid, frameWidth: Int, frameHeight: Int) {
        self.grid = grid
        columns = (frameWidth + grid.pixelsPerSample - 1) / grid.pixelsPerSample
        rows = (frameHeight + grid.rowsPerSample - 1) / grid.rowsPerSample
    }

    /// Luma pixels between the nodes at which a turned box's background surface is tabulated
    /// (`RingBackground.Table`).
    static let nodeSpacing = 2.0

    @inline(__always)
    private func sample(_ frame: FrameBuffer, _ gx: Int, _ gy: Int) -> UnsafeMutableRawPointer {
        frame.row(plane: grid.plane, gy) + grid.offset + gx * grid.sampleStride
    }

    /// Reverses the samples of each row inside `rect` (luma pixels): the horizontal mirror.
    func reverseColumns(_ rect: PixelRect, in frame: FrameBuffer) {
        let gx0 = rect.x0 / grid.pixelsPerSample
        let gx1 = min((rect.x1 + grid.pixelsPerSample - 1) / grid.pixelsPerSample, columns)
        let gy0 = rect.y0 / grid.rowsPerSample
        let gy1 = min((rect.y1 + grid.rowsPerSample - 1) / grid.rowsPerSample, rows)
        for gy in gy0..<gy1 {
            var left = gx0, right = gx1 - 1
            while left < right {
                let a = sample(frame, left, gy), b = sample(frame, right, gy)
                for k in grid.sampleBytes { swapBytes(a, k, b - a + k) }
                left += 1
                right -= 1
            }
        }
    }

    /// Reflects the samples inside a rotated box about the box's own axes. Each destination
    /// sample takes the sample nearest to its reflection, read from a copy of the box's
    /// bounding block, so the in-place result equals an out-of-place one. Samples whose
    /// reflection falls outside the frame are left as they are. `seamless` adds each channel's
    /// background correction B(p) − B(q), q the sample read (see RingBackground.swift).
    /// Returns whether a background correction was added (false too when `seamless` is).
    @discardableResult
    func reflect(
        _ box: PixelBox, flip: Flip, seamless: Bool = false, excluding others: [RingExclusion] = [],
        in frame: FrameBuffer
    ) -> Bool {
        let ps = Double(grid.pixelsPerSample), rs = Double(grid.rowsPerSample)
        let halfW = box.width / 2, halfH = box.height / 2
        // A NaN or infinite angle is not axis-aligned, so it arrives here; without the angle
        // check its NaN extents reached Int(_:) below and trapped the streaming thread.
        guard halfW > 0, halfH > 0, box.centerX.isFinite, box.centerY.isFinite,
            box.angle.isFinite
        else { return false }
        let extent = box.halfExtent
        let extentX = extent.x, extentY = extent.y

        // The bounding block in grid samples, clipped to the grid.
        func clamp(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
        let gx0 = clamp(((box.centerX - extentX) / ps).rounded(.down), columns)
        let gx1 = clamp(((box.centerX + extentX) / ps).rounded(.up), columns)
        let gy0 = clamp(((box.centerY - extentY) / rs).rounded(.down), rows)
        let gy1 = clamp(((box.centerY + extentY) / rs).rounded(.up), rows)
        guard gx1 > gx0, gy1 > gy0 else { return false }

        let sampleSize = grid.sampleBytes.count, scale = Float(1 << grid.coding.shift)
        // Read from the frame before anything in it is written.
        // Flat backgrounds add nothing: left out, as in the axis-aligned path.
        let found =
            seamless
            ? grid.channels.map { ringBackground(of: box, channel: $0, excluding: others, in: frame) } : []
        let inset = turnedRingInset
        // Tabulated with a node every two luma pixels or so across the ring's rectangle.
        let nodes = (
            columns: Int((2 * (halfW + inset) / Self.nodeSpacing).rounded(.up)) + 1,
            rows: Int((2 * (halfH + inset) / Self.nodeSpacing).rounded(.up)) + 1
        )
        let backgrounds =
            found.contains { $0.map { !$0.isFlat } ?? false }
            ? found.map { $0.map { RingBackground.Table($0, columns: nodes.columns, rows: nodes.rows) } } : []

        let block = Block(copying: gx0..<gx1, gy0..<gy1, of: grid, in: frame)
        defer { block.deallocate() }
        let rows = TurnedRows(
            box: box, flip: flip, pixelsPerSample: grid.pixelsPerSample, rowsPerSample: grid.rowsPerSample)
        let sampleStride = grid.sampleStride
        guard !backgrounds.isEmpty else {
            // The plain mirror: each sample's bytes, as they are.
            if sampleSize == 1 {
                block.eachSpan(rows) { span in
                    for i in 0..<span.count {
                        span.dst.storeBytes(
                            of: span.src.load(fromByteOffset: i * span.step, as: UInt8.self),
                            toByteOffset: i * sampleStride, as: UInt8.self)
                    }
                }
            } else {
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
            return false
        }
        // Seamless: one channel at a time (a sample's channels each have their own surface),
        // each value moved with its background correction B(p) − B(q), p the sample written
        // and q the sample read. The correction is in 8-bit levels, scaled to the samples' depth.
        let coding = grid.coding
        for (c, channel) in grid.channels.enumerated() {
            // The channel's bytes sit in the copy where they sit in the sample.
            let k = grid.sampleBytes.firstIndex(of: channel)!
            guard let background = backgrounds[c] else {
                block.eachSpan(rows) { span in
                    for i in 0..<span.count {
                        let dst = span.dst + i * sampleStride + channel, src = span.src + i * span.step * sampleSize + k
                        for byte in 0..<coding.bytes {
                            dst.storeBytes(
                                of: src.load(fromByteOffset: byte, as: UInt8.self), toByteOffset: byte, as: UInt8.self)
                        }
                    }
                }
                continue
            }
            background.withLookup { table in
                let surface = SampledBackground(
                    table, reflection: rows, inset: inset, columns: gx0..<gx1, rows: gy0..<gy1)
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
        return true
    }
}
