/// The mirror that moves a box's strokes and keeps its ground G (InkFreeBackground.swift), sample
/// by sample, on every grid and colour channel.
///
/// The box's own plain mirror does the moving, so that the result samples the picture exactly
/// where the plain mirror does, axis-aligned or turned, in every format; it runs once, over the
/// ink alone. The ink's part R of each sample is written into the frame, mirrored, and combined
/// with the ground where it lands:
///
/// - Luma and R, G, B: the ink as a share of its ground, R = (G − in) / G and out = G − G · R∘m
///   under dark ink (G lies above the picture); the same on the complements (full scale − value)
///   under light ink. Print is paper that reflects less, so a line that crosses a shadow's edge
///   keeps its contrast on either side (generated page_057: moved by difference, a word that left
///   the shadow came out faint and one that entered it black). Paint is opaque, so light letters
///   moved across a brick wall stay solid (generated shop_022: by difference, the bricks showed
///   through them). Values are gamma-coded, and a power law keeps a product a product.
/// - Chroma, centred on its neutral value and not a gain: the difference, R = G − in and
///   out = G − R∘m under dark ink, R = in − G and out = G + R∘m under light ink.
///
/// Where the mirror moves nothing, out = in (up to the rounding of the share).
extension FrameMirror {
    /// The largest box, in luma pixels of its bounding rectangle, whose ground is kept. Its cost
    /// grows with the area, about 40 ns a pixel on the 2-core Xeon of docs/PERFORMANCE.md: a
    /// caption 230 px high across half a 1080p frame took 9 ms on the streaming thread, every
    /// frame, and a live pipeline dropped frames. Larger boxes keep the ring's mirror. The
    /// largest box kept on the generated set is 90 000 (a shop sign's name, 691 × 126).
    static let largestGroundKept = 100_000

    /// One channel's ground under `box`, at full depth, row by row over its grid's samples.
    struct KeptGround {
        fileprivate let area: SampleArea
        fileprivate let channel: Int
        fileprivate let darkInk: Bool
        /// Whether the ink moves as a share of its ground (luma, R, G, B), or as a difference.
        fileprivate let relative: Bool
        fileprivate let ground: [Int32]
    }

    /// The ground of every channel under `box`, whose rectangle `original` holds as it came; nil
    /// where the box is larger than `largestGroundKept`, the ground inside it has no texture of
    /// its own, or its colour channels would move different shapes (`InkAgreement`).
    func groundsToKeep(_ box: PixelBox, original: RegionSnapshot) -> [KeptGround]? {
        let rect = original.rect
        guard (rect.x1 - rect.x0) * (rect.y1 - rect.y0) <= Self.largestGroundKept else { return nil }
        // The window is sized from the first grid's strokes (luma, or the mean of R, G and B),
        // in luma pixels, and scaled to each grid's samples.
        var window = InkFreeBackground.minimumWindow
        // The ground's texture is measured against its mean over a square as high as the box.
        let boxWindow = Int(box.height.rounded()) | 1
        var read: [(area: SampleArea, channels: [(channel: Int, dark: Bool, levels: [UInt8])])] = []
        var agreement = InkAgreement(rect, cellWidth: layout.horizontalGrid, cellHeight: layout.verticalGrid)
        for (g, grid) in layout.grids.enumerated() {
            let area = SampleArea(grid, rect)
            let (width, height) = (area.columns.count, area.rows.count)
            // Ink and ground are told apart inside the box only: a turned box's bounding
            // rectangle holds whatever lies beside the line.
            let inside = area.inside(box)
            // The first grid's strokes, read from the mean of its colours: for a grid of one
            // colour (luma), that channel's own levels and ink side, read once.
            var first: (levels: [UInt8], split: InkFreeBackground.InkSplit)?
            if g == 0 {
                let levels = area.read(grid.colours, from: original)
                let split = InkFreeBackground.InkSplit(levels, inside: inside)
                let stroke = InkFreeBackground.strokeWidth(
                    levels, inside: inside, width: width, height: height, split: split)
                window = InkFreeBackground.window(forStroke: stroke * grid.pixelsPerSample)
                if grid.colours.count == 1 { first = (levels, split) }
            }
            let gridWindow = max(InkFreeBackground.minimumWindow, (window / grid.pixelsPerSample) | 1)
            var pictures: [(channel: Int, split: InkFreeBackground.InkSplit, levels: [UInt8])] = []
            for channel in grid.colours {
                let levels = first?.levels ?? area.read([channel], from: original)
                let split = first?.split ?? InkFreeBackground.InkSplit(levels, inside: inside)
                pictures.append((channel, split, levels))
            }
            // A ground without texture of its own (paper, even light) is what the ring's surface
            // already follows: left to it, at no further cost. Looked for at half resolution
            // first, which turns most such grounds away for a quarter of the work.
            if g == 0 {
                let mayBeTextured = pictures.contains { picture in
                    InkFreeBackground.mayBeTextured(
                        picture.levels, inside: inside, width: width, height: height, window: gridWindow,
                        textureWindow: boxWindow, darkInk: picture.split.darkInk)
                }
                guard mayBeTextured else { return nil }
            }
            let channels = pictures.map { picture in
                let ground = InkFreeBackground.ground(
                    of: picture.levels, width: width, height: height, window: gridWindow,
                    darkInk: picture.split.darkInk)
                return (channel: picture.channel, dark: picture.split.darkInk, levels: ground)
            }
            if g == 0 {
                let textured = channels.contains { channel in
                    InkFreeBackground.roughness(
                        channel.levels, inside: inside, width: width, height: height, window: boxWindow)
                        >= InkFreeBackground.texturedGround
                }
                guard textured else { return nil }
            }
            for (picture, channel) in zip(pictures, channels) {
                agreement.add(
                    picture: picture.levels, ground: channel.levels, inside: inside, split: picture.split,
                    width: width, origin: (area.columns.lowerBound, area.rows.lowerBound),
                    pixelsPerSample: grid.pixelsPerSample, rowsPerSample: grid.rowsPerSample)
            }
            read.append((area, channels))
        }
        guard agreement.agrees else { return nil }
        var grounds: [KeptGround] = []
        for (area, channels) in read {
            let grid = area.grid
            for (channel, dark, levels) in channels {
                // At full depth, and on the ink's side of the picture everywhere (the closing
                // lies above it, the opening below, but for the final smoothing).
                let shift = Int32(grid.coding.shift)
                var ground = area.values(channel: channel, from: original)
                for i in ground.indices {
                    let g = Int32(levels[i]) << shift
                    ground[i] = dark ? max(g, ground[i]) : min(g, ground[i])
                }
                grounds.append(
                    KeptGround(
                        area: area, channel: channel, darkInk: dark,
                        relative: !layout.carriesChroma(grid, colour: channel), ground: ground))
            }
        }
        return grounds
    }

    /// Mirrors `box`, whose rectangle `original` holds as it came, keeping `grounds`
    /// (`groundsToKeep`) where they are.
    func mirror(
        _ box: PixelBox, flip: Flip, axes: Axes, keeping grounds: [KeptGround], original: RegionSnapshot,
        in frame: FrameBuffer
    ) {
        original.restore(into: frame)
        for kept in grounds {
            let (ground, dark) = (kept.ground, kept.darkInk)
            // In 64 bits: a 16-bit sample times the full scale does not fit 32.
            let full = Int64(kept.area.grid.coding.maximum)
            kept.area.replace(channel: kept.channel, in: frame) { i, picture in
                guard kept.relative else { return dark ? ground[i] - picture : picture - ground[i] }
                // Light ink: the same, on the complements.
                let (g, v) = dark ? (ground[i], picture) : (Int32(full) - ground[i], Int32(full) - picture)
                return g > 0 ? Int32((Int64(g - v) * full + Int64(g / 2)) / Int64(g)) : 0
            }
        }
        mirror(box, flip: flip, axes: axes, seamless: false, excluding: [], in: frame)
        for kept in grounds {
            let (ground, dark) = (kept.ground, kept.darkInk)
            let full = Int64(kept.area.grid.coding.maximum)
            kept.area.replace(channel: kept.channel, in: frame) { i, ink in
                guard kept.relative else { return dark ? ground[i] - ink : ground[i] + ink }
                let g = dark ? ground[i] : Int32(full) - ground[i]
                let v = g - Int32((Int64(g) * Int64(ink) + full / 2) / full)
                return dark ? v : Int32(full) - v
            }
        }
    }
}

/// The samples of one grid that cover a rectangle of luma pixels.
private struct SampleArea {
    let grid: FrameLayout.SampleGrid
    let columns: Range<Int>
    let rows: Range<Int>

    init(_ grid: FrameLayout.SampleGrid, _ rect: PixelRect) {
        self.grid = grid
        let (ps, rs) = (grid.pixelsPerSample, grid.rowsPerSample)
        columns = (rect.x0 / ps)..<((rect.x1 + ps - 1) / ps)
        rows = (rect.y0 / rs)..<((rect.y1 + rs - 1) / rs)
    }

    private func offset(_ x: Int, _ channel: Int) -> Int { grid.offset + x * grid.sampleStride + channel }

    /// Whether each sample's centre lies inside `box`, row by row.
    func inside(_ box: PixelBox) -> [Bool] {
        let (along, across) = box.axes
        let (ps, rs) = (Double(grid.pixelsPerSample), Double(grid.rowsPerSample))
        let (halfWidth, halfHeight) = (box.width / 2, box.height / 2)
        var out: [Bool] = []
        out.reserveCapacity(columns.count * rows.count)
        for y in rows {
            // The sample's position along and across the box, moving on by a sample a step.
            let start = SIMD2((Double(columns.lowerBound) + 0.5) * ps, (Double(y) + 0.5) * rs) - box.center
            var u = (start * along).sum(), v = (start * across).sum()
            let (du, dv) = (along.x * ps, across.x * ps)
            for _ in columns {
                out.append(abs(u) <= halfWidth && abs(v) <= halfHeight)
                u += du
                v += dv
            }
        }
        return out
    }

    /// The mean over `channels` of each sample in `snapshot`, in 8-bit levels, row by row.
    func read(_ channels: [Int], from snapshot: RegionSnapshot) -> [UInt8] {
        let n = columns.count, step = grid.sampleStride, coding = grid.coding
        return [UInt8](unsafeUninitializedCapacity: n * rows.count) { out, count in
            for (j, y) in rows.enumerated() {
                let (bytes, from) = snapshot.row(plane: grid.plane, y)
                let first = bytes + (offset(columns.lowerBound, 0) - from), to = out.baseAddress! + j * n
                if coding.bytes == 1 && channels.count == 1 {
                    // Bytes: loaded directly, the loop vectorizes where samples are side by side.
                    let c = channels[0]
                    for i in 0..<n { to[i] = first.load(fromByteOffset: i &* step &+ c, as: UInt8.self) }
                    continue
                }
                for i in 0..<n {
                    var sum = 0
                    for c in channels { sum += Int(coding.value8(first + (i * step + c))) }
                    to[i] = UInt8((sum + channels.count / 2) / channels.count)
                }
            }
            count = n * rows.count
        }
    }

    /// `channel` of the snapshot's samples at full depth, row by row.
    func values(channel: Int, from snapshot: RegionSnapshot) -> [Int32] {
        let n = columns.count, step = grid.sampleStride, coding = grid.coding
        return [Int32](unsafeUninitializedCapacity: n * rows.count) { out, count in
            for (j, y) in rows.enumerated() {
                let (bytes, from) = snapshot.row(plane: grid.plane, y)
                let first = bytes + (offset(columns.lowerBound, channel) - from), to = out.baseAddress! + j * n
                if coding.bytes == 1 {
                    for i in 0..<n { to[i] = Int32(first.load(fromByteOffset: i &* step, as: UInt8.self)) }
                } else {
                    for i in 0..<n { to[i] = Int32(coding.value(first + i * step)) }
                }
            }
            count = n * rows.count
        }
    }

    /// Replaces each sample of `channel` in the frame by `transform(index, sample)` (index row
    /// by row), clamped to the samples' range.
    func replace(channel: Int, in frame: FrameBuffer, _ transform: (Int, Int32) -> Int32) {
        let n = columns.count, step = grid.sampleStride, coding = grid.coding
        let maximum = Int32(coding.maximum)
        for (j, y) in rows.enumerated() {
            let first = frame.row(plane: grid.plane, y) + offset(columns.lowerBound, channel)
            for i in 0..<n {
                let p = first + i &* step
                let old = coding.bytes == 1 ? Int32(p.load(as: UInt8.self)) : Int32(coding.value(p))
                let new = min(max(transform(j &* n &+ i, old), 0), maximum)
                if coding.bytes == 1 {
                    p.storeBytes(of: UInt8(truncatingIfNeeded: new), as: UInt8.self)
                } else {
                    coding.store(Int(new), p)
                }
            }
        }
    }
}
