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

    /// The grid's samples inside `rect` (luma pixels): the ones the row kernels and
    /// `reverseColumns` reverse for that rect.
    func sampleRange(_ rect: PixelRect) -> (columns: Range<Int>, rows: Range<Int>) {
        let gx0 = rect.x0 / grid.pixelsPerSample
        let gx1 = min((rect.x1 + grid.pixelsPerSample - 1) / grid.pixelsPerSample, columns)
        let gy0 = rect.y0 / grid.rowsPerSample
        let gy1 = min((rect.y1 + grid.rowsPerSample - 1) / grid.rowsPerSample, rows)
        return (gx0..<max(gx0, gx1), gy0..<max(gy0, gy1))
    }

    /// Reverses the samples of each row inside `rect` (luma pixels): the horizontal mirror.
    func reverseColumns(_ rect: PixelRect, in frame: FrameBuffer) {
        let (xs, ys) = sampleRange(rect)
        for gy in ys {
            var left = xs.lowerBound, right = xs.upperBound - 1
            while left < right {
                let a = sample(frame, left, gy), b = sample(frame, right, gy)
                for k in grid.sampleBytes { swapBytes(a, k, b - a + k) }
                left += 1
                right -= 1
            }
        }
    }

    /// Reflects the samples inside a rotated box about the box's own axes. Each destination
    /// sample takes the value at its reflection, interpolated between the four samples around
    /// it (bilinear), read from a copy of the box's bounding block, so the in-place result
    /// equals an out-of-place one. Samples whose
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

        // Read from the frame before anything in it is written.
        // Flat backgrounds add nothing: left out, as in the axis-aligned path.
        let found =
            seamless
            ? grid.channels.map { ringBackground(of: box, channel: $0, excluding: others, in: frame) } : []
        let inset = turnedRingInset
        // Tabulated with a node every two luma pixels or so across the ring's rectangle. Worked
        // out only where a ring was read, which puts the box within reach of the frame (a box
        // of 1e300 pixels has no ring, and its node count is no Int).
        func tabulated(_ background: RingBackground) -> RingBackground.Table {
            RingBackground.Table(
                background, columns: Int((2 * (halfW + inset) / Self.nodeSpacing).rounded(.up)) + 1,
                rows: Int((2 * (halfH + inset) / Self.nodeSpacing).rounded(.up)) + 1)
        }
        let backgrounds = found.contains { $0.map { !$0.isFlat } ?? false } ? found.map { $0.map(tabulated) } : []

        let block = Block(
            copying: gx0..<gx1, gy0..<gy1, of: grid, in: frame, gridColumns: columns, gridRows: rows)
        defer { block.deallocate() }
        let rows = TurnedRows(
            box: box, flip: flip, pixelsPerSample: grid.pixelsPerSample, rowsPerSample: grid.rowsPerSample)
        guard !backgrounds.isEmpty else {
            copyPlain(block, along: rows)
            return false
        }
        for (c, channel) in grid.channels.enumerated() {
            copySeamless(
                channel: channel, of: block, along: rows, background: backgrounds[c], inset: inset)
        }
        return true
    }
}
