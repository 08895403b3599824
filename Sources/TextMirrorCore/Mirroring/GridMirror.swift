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
        let along = box.axes.along
        let ux = along.x, uy = along.y  // the box's width axis
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

        let blockColumns = gx1 - gx0
        let sampleSize = grid.sampleBytes.count, scale = Float(1 << grid.coding.shift)
        // Each channel's first byte in the copy of a sample.
        let channels = grid.channels.map { (channel: $0, byte: grid.sampleBytes.firstIndex(of: $0)!) }
        // Read from the frame before anything in it is written.
        // Flat backgrounds add nothing: left out, as in the axis-aligned path.
        let found =
            seamless
            ? grid.channels.map { ringBackground(of: box, channel: $0, excluding: others, in: frame) } : []
        // How far the ring's rectangle reaches beyond the box, as `ringBackground(of:)` reads it.
        let inset = RingBackground.inset(samplesOf: Int(max(ps, rs))) * max(ps, rs)
        // Tabulated with a node every two luma pixels or so across the ring's rectangle.
        let nodes = (
            columns: Int((2 * (halfW + inset) / Self.nodeSpacing).rounded(.up)) + 1,
            rows: Int((2 * (halfH + inset) / Self.nodeSpacing).rounded(.up)) + 1
        )
        let backgrounds =
            found.contains { $0.map { !$0.isFlat } ?? false }
            ? found.map { $0.map { RingBackground.Table($0, columns: nodes.columns, rows: nodes.rows) } } : []
        var copy = [UInt8](repeating: 0, count: blockColumns * (gy1 - gy0) * sampleSize)
        copy.withUnsafeMutableBytes { block in
            for gy in gy0..<gy1 {
                for gx in gx0..<gx1 {
                    let src = sample(frame, gx, gy)
                    let dst = ((gy - gy0) * blockColumns + (gx - gx0)) * sampleSize
                    for (k, offset) in grid.sampleBytes.enumerated() {
                        block[dst + k] = src.load(fromByteOffset: offset, as: UInt8.self)
                    }
                }
            }
            let signU: Double = flip.mirrorsColumns ? -1 : 1
            let signV: Double = flip.mirrorsRows ? -1 : 1
            // Subsampling is a power of two: multiplying by these is dividing, exactly.
            let perPixel = 1 / ps, perRow = 1 / rs
            // Positions across the ring's rectangle (0...1): `across`, a multiplication per
            // sample instead of a division (the loop's costliest step after the background).
            let perWidth = 1 / (2 * (halfW + inset)), perHeight = 1 / (2 * (halfH + inset))
            for gy in gy0..<gy1 {
                let dy = (Double(gy) + 0.5) * rs - box.centerY
                let row = frame.row(plane: grid.plane, gy) + grid.offset
                for gx in gx0..<gx1 {
                    let dx = (Double(gx) + 0.5) * ps - box.centerX
                    // Coordinates along the box's own axes.
                    let u = dx * ux + dy * uy
                    let v = -dx * uy + dy * ux
                    guard abs(u) <= halfW, abs(v) <= halfH else { continue }
                    let ru = u * signU, rv = v * signV
                    let sx = box.centerX + ru * ux - rv * uy
                    let sy = box.centerY + ru * uy + rv * ux
                    let sgx = Int((sx * perPixel).rounded(.down)), sgy = Int((sy * perRow).rounded(.down))
                    guard sgx >= gx0, sgx < gx1, sgy >= gy0, sgy < gy1 else { continue }
                    let src = ((sgy - gy0) * blockColumns + (sgx - gx0)) * sampleSize
                    let dst = row + gx * grid.sampleStride
                    if backgrounds.isEmpty {
                        for (k, offset) in grid.sampleBytes.enumerated() {
                            dst.storeBytes(of: block[src + k], toByteOffset: offset, as: UInt8.self)
                        }
                        continue
                    }
                    // Where p and the sample read, q, lie across the box (0...1 each way).
                    let qx = (Double(sgx) + 0.5) * ps - box.centerX, qy = (Double(sgy) + 0.5) * rs - box.centerY
                    let qu = qx * ux + qy * uy, qv = -qx * uy + qy * ux
                    // The table clamps to 0...1 (rounding puts a sample a hair outside).
                    func across(_ a: Double, _ half: Double, _ per: Double) -> Float {
                        Float((a + half + inset) * per)
                    }
                    let sp = across(u, halfW, perWidth), tp = across(v, halfH, perHeight)
                    let sq = across(qu, halfW, perWidth), tq = across(qv, halfH, perHeight)
                    // Each channel, 8-bit or wider: its bytes sit in the copy where they sit in the
                    // sample; the correction is in 8-bit levels, scaled to the samples' depth.
                    for (c, (channel, k)) in channels.enumerated() {
                        var value = Float(grid.coding.value(block.baseAddress! + src + k))
                        if let background = backgrounds[c] {
                            value += (background.value(s: sp, t: tp) - background.value(s: sq, t: tq)) * scale
                        }
                        grid.coding.store(Int(value.rounded()), dst + channel)
                    }
                }
            }
        }
        return !backgrounds.isEmpty
    }
}
