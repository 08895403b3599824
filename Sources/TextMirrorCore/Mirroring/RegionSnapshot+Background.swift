/// Giving a seamlessly mirrored box its own background back around its letters.
///
/// The seamless mirror (RingBackground.swift) moves everything inside a box and corrects the
/// light by a smooth surface read from the ring around it. What that surface cannot hold (the
/// sheen on a bus's paint, a page's grain, the print around a label) is mirrored with the
/// letters, and a viewer sees the box as a rectangle. Only the letters need to move. So where
/// the mirror moved ink (changed a pixel by a share of the most it changed any: the letters'
/// contrast) is found in each column and in each row of the box; a pixel beyond the ends of
/// its column's moved ink (above or below the line) or of its row's (past the line's ends) is
/// written back as it was. Among the letters every pixel lies within a few of one, and the
/// mirror's output stays. It fades into the kept background over a few pixels, so that no rim
/// of a letter is left behind.
///
/// One decision per pixel, from the first sample grid (luma, or all of R, G and B), holds for
/// every grid and channel: deciding channel by channel tints a letter's edge.
///
/// The per-pixel loops are plain loops over bytes and 32-bit integers, most without a branch,
/// which the compiler vectorizes (see BackgroundAddition.swift). They cost about as much again
/// as the seamless mirror of a level line (`textmirror-bench --sections turned`).
extension RegionSnapshot {
    /// The share of the strongest change in the region (`strongChangeQuantile`) from which a
    /// pixel counts as moved ink.
    static let inkShare = 0.25
    /// ... and at least this many 8-bit levels: a camera's noise moved about is no ink.
    static let minInkLevels = 12
    /// Changes this high in the region's order of changes stand for its letters' contrast.
    static let strongChangeQuantile = 0.98
    /// Pixels beyond the ends of moved ink that keep the mirror's output in full (a letter's
    /// anti-aliased rim), then pixels over which it fades out.
    static let inkRim: Int32 = 1
    static let inkFade: Int32 = 5

    /// Writes back, into `frame` as a mirror left it, the snapshot's pixels beyond the ink the
    /// mirror moved (see above).
    func restoreBackground(into frame: FrameBuffer, layout: FrameLayout) {
        guard let first = layout.grids.first, rect.x1 > rect.x0, rect.y1 > rect.y0 else { return }
        let w = rect.x1 - rect.x0, h = rect.y1 - rect.y0
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * (w + h)) { ends in
            let ink = MovedInk(
                columnFirst: ends.baseAddress!, columnLast: ends.baseAddress! + w,
                rowFirst: ends.baseAddress! + 2 * w, rowLast: ends.baseAddress! + 2 * w + h, width: w, height: h)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: w * h) { buffer in
                // The changes, then (once their ends are found) each pixel's share.
                let map = buffer.baseAddress!
                measure(first, into: map, in: frame)
                ink.find(in: map, from: Self.inkLevel(map, width: w, height: h))
                for j in 0..<h { ink.shares(row: j, into: map + j * w) }
                for grid in layout.grids {
                    blend(grid, shares: map, in: frame)
                }
            }
        }
    }

    /// The largest change, over `grid`'s colour components (alpha and padding carry no ink), of
    /// each luma pixel of `rect` from the snapshot to `frame`, in 8-bit levels, row by row.
    private func measure(_ grid: FrameLayout.SampleGrid, into changes: UnsafeMutablePointer<UInt8>, in frame: FrameBuffer) {
        let w = rect.x1 - rect.x0
        let channels = grid.colours, coding = grid.coding, step = grid.sampleStride, ps = grid.pixelsPerSample
        for j in 0..<(rect.y1 - rect.y0) {
            let gy = (rect.y0 + j) / grid.rowsPerSample
            let (saved, from) = row(plane: grid.plane, gy)
            let now = UnsafeRawPointer(frame.row(plane: grid.plane, gy)) + grid.offset
            let was = saved + (grid.offset - from)
            let out = changes + j * w
            if coding.bytes == 1, ps == 1, step == 1 {
                // A plane of luma or grey, byte after byte.
                let a = now.assumingMemoryBound(to: UInt8.self) + rect.x0
                let b = was.assumingMemoryBound(to: UInt8.self) + rect.x0
                for i in 0..<w { out[i] = max(a[i], b[i]) &- min(a[i], b[i]) }
                continue
            }
            for i in 0..<w {
                let byte = (rect.x0 + i) / ps * step
                var most = 0
                for channel in channels {
                    let p = byte + channel
                    most = max(most, abs(Int(coding.value8(now + p)) - Int(coding.value8(was + p))))
                }
                out[i] = UInt8(truncatingIfNeeded: most)
            }
        }
    }

    /// The change from which a pixel counts as moved ink: `inkShare` of the level below which
    /// `strongChangeQuantile` of the changes lie, and at least `minInkLevels`. Counted over
    /// every fifth pixel of each row, which places it as well; from a column that moves on by
    /// two a row, so that no period of the letters (strokes five pixels apart) hides them.
    private static func inkLevel(_ changes: UnsafePointer<UInt8>, width: Int, height: Int) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        var counted = 0
        for j in 0..<height {
            for i in stride(from: (2 * j) % 5, to: width, by: 5) {
                histogram[Int(changes[j * width + i])] += 1
                counted += 1
            }
        }
        var below = 0, strong = 0
        let wanted = Int((Double(counted) * strongChangeQuantile).rounded(.up))
        while strong < 255, below + histogram[strong] < wanted {
            below += histogram[strong]
            strong += 1
        }
        return UInt8(max(minInkLevels, Int((inkShare * Double(strong)).rounded())))
    }

    /// Blends `grid`'s samples in the snapshot's rectangle: each keeps the mirror's output by
    /// the largest share among the luma pixels it covers (`map`, row by row: see
    /// `MovedInk.shares`), and the snapshot's value by the rest: (old (255 − s) + new s) / 255,
    /// rounded.
    private func blend(_ grid: FrameLayout.SampleGrid, shares map: UnsafePointer<UInt8>, in frame: FrameBuffer) {
        let w = rect.x1 - rect.x0
        let (ps, rs) = (grid.pixelsPerSample, grid.rowsPerSample)
        let coding = grid.coding, step = grid.sampleStride
        let samples = (rect.x0 / ps)..<((rect.x1 + ps - 1) / ps)
        let n = samples.count
        // The first sample may cover pixels left of the map: this many.
        let lead = rect.x0 - samples.lowerBound * ps
        // Samples of bytes that fill their stride (a plane of luma or chroma, NV12's UV pairs,
        // RGBA): every byte takes its sample's share, and a row is one run of bytes.
        let wholeSamples = coding.bytes == 1 && grid.sampleBytes.elementsEqual(0..<step)
        ContiguousArray(grid.channels).withUnsafeBufferPointer { channels in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n + n * ps + n * step) { buffer in
                let blockShares = buffer.baseAddress!, pixels = blockShares + n, byteShares = pixels + n * ps
                for gy in (rect.y0 / rs)..<((rect.y1 + rs - 1) / rs) {
                    let rows = (max(gy * rs, rect.y0) - rect.y0)..<(min((gy + 1) * rs, rect.y1) - rect.y0)
                    let shares: UnsafePointer<UInt8>
                    if ps == 1 && rs == 1 {
                        shares = map + rows.lowerBound * w
                    } else {
                        // A sample covering several pixels: the largest of their shares, over
                        // its rows, then over its columns (pixels outside the map have none).
                        for i in 0..<(n * ps) { pixels[i] = 0 }
                        for y in rows {
                            let row = map + y * w, to = pixels + lead
                            for i in 0..<w { to[i] = max(to[i], row[i]) }
                        }
                        if ps == 2 {
                            // A pair as one word: the loop then vectorizes.
                            let pairs = UnsafeRawPointer(pixels)
                            for k in 0..<n {
                                let pair = pairs.loadUnaligned(fromByteOffset: 2 &* k, as: UInt16.self)
                                blockShares[k] = max(UInt8(truncatingIfNeeded: pair), UInt8(truncatingIfNeeded: pair &>> 8))
                            }
                        } else {
                            for k in 0..<n {
                                var most: UInt8 = 0
                                for i in 0..<ps { most = max(most, pixels[k &* ps &+ i]) }
                                blockShares[k] = most
                            }
                        }
                        shares = UnsafePointer(blockShares)
                    }
                    let (saved, from) = row(plane: grid.plane, gy)
                    let now = frame.row(plane: grid.plane, gy) + grid.offset + samples.lowerBound * step
                    let was = saved + (grid.offset + samples.lowerBound * step - from)
                    if wholeSamples {
                        let each: UnsafePointer<UInt8>
                        if step == 1 {
                            each = shares
                        } else {
                            for k in 0..<n {
                                for b in 0..<step { byteShares[k &* step &+ b] = shares[k] }
                            }
                            each = UnsafePointer(byteShares)
                        }
                        // One run of bytes, without a stride: the compiler vectorizes it.
                        let old = was.assumingMemoryBound(to: UInt8.self)
                        let new = now.assumingMemoryBound(to: UInt8.self)
                        for k in 0..<(n * step) { new[k] = Self.mixedByte(old[k], new[k], share: each[k]) }
                        continue
                    }
                    for channel in channels {
                        if coding.bytes > 1 {
                            for k in 0..<n where shares[k] < 255 {
                                let old = coding.value(was + k * step + channel)
                                let new = now + k * step + channel
                                coding.store(Self.mixed(old, coding.value(new), share: shares[k]), new)
                            }
                        } else {
                            let old = was + channel, new = now + channel
                            for k in 0..<n {
                                let b = k &* step
                                new.storeBytes(
                                    of: Self.mixedByte(
                                        old.load(fromByteOffset: b, as: UInt8.self),
                                        new.load(fromByteOffset: b, as: UInt8.self), share: shares[k]),
                                    toByteOffset: b, as: UInt8.self)
                            }
                        }
                    }
                }
            }
        }
    }

    /// (old (255 − share) + new share) / 255, rounded to the nearest (255 is odd, so there is
    /// never a tie).
    @inline(__always)
    private static func mixed(_ old: Int, _ new: Int, share: UInt8) -> Int {
        (old * (255 - Int(share)) + new * Int(share) + 127) / 255
    }

    /// `mixed` for bytes, without a division: x / 255 is (x + 1 + x >> 8) >> 8 for x below
    /// 65536, and the sum is at most 255 · 255 + 127.
    @inline(__always)
    private static func mixedByte(_ old: UInt8, _ new: UInt8, share: UInt8) -> UInt8 {
        let s = UInt32(share)
        let v = UInt32(old) &* (255 &- s) &+ UInt32(new) &* s &+ 127
        return UInt8(truncatingIfNeeded: (v &+ 1 &+ (v &>> 8)) &>> 8)
    }
}

/// Where a mirror moved ink in a snapshot's rectangle: the first and last pixel of moved ink
/// in each column and each row, in the rectangle's own pixels (`none` where there is none).
private struct MovedInk {
    let columnFirst: UnsafeMutablePointer<Int32>
    let columnLast: UnsafeMutablePointer<Int32>
    let rowFirst: UnsafeMutablePointer<Int32>
    let rowLast: UnsafeMutablePointer<Int32>
    let width: Int
    let height: Int

    /// Ends of a column or row without moved ink: every pixel lies far beyond them.
    static let none: (first: Int32, last: Int32) = (1 << 20, -(1 << 20))
    /// The share kept drops by this much a pixel beyond the rim, to none after `inkFade` pixels.
    static let fadeStep = (255 + RegionSnapshot.inkFade) / (RegionSnapshot.inkFade + 1)

    /// Finds the ends in `changes` (row by row, `width` a row), counting a change of at least
    /// `ink` as moved ink.
    func find(in changes: UnsafePointer<UInt8>, from ink: UInt8) {
        for i in 0..<width {
            columnFirst[i] = Self.none.first
            columnLast[i] = Self.none.last
        }
        for j in 0..<height {
            let row = changes + j * width, y = Int32(j)
            var first = 0, last = width - 1
            while first < width, row[first] < ink { first += 1 }
            guard first < width else {
                (rowFirst[j], rowLast[j]) = Self.none
                continue
            }
            while last > first, row[last] < ink { last -= 1 }
            (rowFirst[j], rowLast[j]) = (Int32(first), Int32(last))
            // Rows come in order: a column's first is its least row of ink, its last the
            // largest. Only the columns between the row's ends can have ink in it.
            for i in first..<(last &+ 1) {
                let inky = row[i] >= ink
                columnFirst[i] = min(columnFirst[i], inky ? y : Self.none.first)
                columnLast[i] = max(columnLast[i], inky ? y : Self.none.last)
            }
        }
        // The ends of the line's ink as a whole, not of each stroke: a column between two
        // letters (or through a letter's arm only) takes the ends of the columns beside it, and
        // a row through the capitals only those of the rows above and below it, as far as the
        // fade reaches. So the letters' own background stays mirrored among them. Given back
        // there, it stood out as patches between the letters wherever the ring's surface was a
        // level off.
        let far = Int(RegionSnapshot.inkRim + RegionSnapshot.inkFade + 1)
        Self.spread(first: columnFirst, last: columnLast, count: width, reach: far)
        Self.spread(first: rowFirst, last: rowLast, count: height, reach: far)
    }

    /// Each first end the least, and each last end the largest, of those within `reach`: the
    /// extremes over windows of 2 reach + 1, by doubling (the ends padded with `none` on either
    /// side, which no extreme takes, so that every window is whole). A window of 2ᵏ is two of
    /// 2ᵏ⁻¹; the whole one, two overlapping windows of the largest 2ᵏ in it. Loops without a
    /// carried dependency, which the compiler vectorizes, where the plain window costs 2 reach
    /// + 1 steps a column.
    private static func spread(
        first: UnsafeMutablePointer<Int32>, last: UnsafeMutablePointer<Int32>, count: Int, reach: Int
    ) {
        let window = 2 * reach + 1, padded = count + 2 * reach
        var span = 1
        while 2 * span <= window { span *= 2 }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * padded) { scratch in
            let firsts = scratch.baseAddress!, lasts = firsts + padded
            firsts.initialize(repeating: none.first, count: padded)
            lasts.initialize(repeating: none.last, count: padded)
            (firsts + reach).update(from: first, count: count)
            (lasts + reach).update(from: last, count: count)
            // After the pass for `covered`, entry i holds the extremes of i..<i + covered.
            var covered = 1
            while covered < span {
                for i in 0..<(padded - covered) {
                    firsts[i] = min(firsts[i], firsts[i &+ covered])
                    lasts[i] = max(lasts[i], lasts[i &+ covered])
                }
                covered *= 2
            }
            let other = window - span
            for i in 0..<count {
                first[i] = min(firsts[i], firsts[i &+ other])
                last[i] = max(lasts[i], lasts[i &+ other])
            }
        }
    }

    /// The share of the mirror's output (0 to 255) kept by each pixel of row `y`: full within
    /// `inkRim` of the ends of its column's moved ink and of its row's, fading to none over the
    /// next `inkFade` pixels beyond either.
    func shares(row y: Int, into out: UnsafeMutablePointer<UInt8>) {
        let j = Int32(y), first = rowFirst[y], last = rowLast[y]
        let far = RegionSnapshot.inkRim + RegionSnapshot.inkFade + 1, step = Self.fadeStep
        var x: Int32 = 0
        for i in 0..<width {
            let beyond = max(max(columnFirst[i] &- j, j &- columnLast[i]), max(first &- x, x &- last), 0)
            out[i] = UInt8(truncatingIfNeeded: min(max((far &- beyond) &* step, 0), 255))
            x &+= 1
        }
    }
}
