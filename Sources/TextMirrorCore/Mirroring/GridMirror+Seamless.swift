/// Seamless mirroring of axis-aligned boxes, one sample grid at a time (see RingBackground.swift
/// for the model and why).
extension GridMirror {
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
