/// The mirror that moves a box's strokes and keeps its ground, sample by sample (see
/// InkFreeBackground.swift): out = plain + G − G∘m, on every grid and colour channel.
///
/// G∘m is made by the box's own plain mirror run over G written into the frame, so that it
/// samples G exactly where the plain mirror samples the picture, axis-aligned or turned, in
/// every format.
extension FrameMirror {
    /// Mirrors `box`, whose rectangle `original` holds as it came (the frame may hold anything
    /// there when this is called).
    func mirrorKeepingGround(
        _ box: PixelBox, flip: Flip, axes: Axes, original: RegionSnapshot, in frame: FrameBuffer
    ) {
        let rect = original.rect
        // The window is sized from the first grid's strokes (luma, or the mean of R, G and B),
        // in luma pixels, and scaled to each grid's samples.
        var window = InkFreeBackground.minimumWindow
        var grounds: [[UInt8]] = []
        for (g, grid) in layout.grids.enumerated() {
            let samples = SampleArea(grid, rect)
            // Ink and ground are told apart inside the box only: a turned box's bounding rectangle
            // holds whatever lies beside the line.
            let inside = samples.inside(box)
            if g == 0 {
                let levels = samples.read(grid.colours, from: original)
                let dark = InkFreeBackground.inkIsDark(levels.indices.filter { inside[$0] }.map { levels[$0] })
                let stroke = InkFreeBackground.strokeWidth(
                    levels, inside: inside, width: samples.columns.count, height: samples.rows.count, darkInk: dark)
                window = InkFreeBackground.window(forStroke: stroke * grid.pixelsPerSample)
            }
            let gridWindow = max(InkFreeBackground.minimumWindow, (window / grid.pixelsPerSample) | 1)
            for channel in grid.colours {
                var ground = samples.read([channel], from: original)
                let dark = InkFreeBackground.inkIsDark(ground.indices.filter { inside[$0] }.map { ground[$0] })
                ground.withUnsafeMutableBufferPointer { values in
                    InkFreeBackground.removeInk(
                        values, width: samples.columns.count, height: samples.rows.count,
                        window: gridWindow, darkInk: dark)
                }
                grounds.append(ground)
            }
        }
        // G, then G∘m, in the frame; then the plain mirror, to which G − G∘m is added.
        var k = 0
        for grid in layout.grids {
            for channel in grid.colours {
                SampleArea(grid, rect).write(grounds[k], channel: channel, in: frame)
                k += 1
            }
        }
        mirror(box, flip: flip, axes: axes, seamless: false, excluding: [], in: frame)
        var mirroredGrounds: [[Int]] = []
        for grid in layout.grids {
            for channel in grid.colours {
                mirroredGrounds.append(SampleArea(grid, rect).values(channel: channel, in: frame))
            }
        }
        original.restore(into: frame)
        mirror(box, flip: flip, axes: axes, seamless: false, excluding: [], in: frame)
        k = 0
        for grid in layout.grids {
            let area = SampleArea(grid, rect)
            for channel in grid.colours {
                area.add(ground: grounds[k], minus: mirroredGrounds[k], channel: channel, in: frame)
                k += 1
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
        var out: [Bool] = []
        for y in rows {
            for x in columns {
                let p = SIMD2((Double(x) + 0.5) * Double(grid.pixelsPerSample), (Double(y) + 0.5) * Double(grid.rowsPerSample)) - box.center
                out.append(abs((p * along).sum()) <= box.width / 2 && abs((p * across).sum()) <= box.height / 2)
            }
        }
        return out
    }

    /// The mean over `channels` of each sample in `snapshot`, in 8-bit levels, row by row.
    func read(_ channels: [Int], from snapshot: RegionSnapshot) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(columns.count * rows.count)
        for y in rows {
            let (bytes, from) = snapshot.row(plane: grid.plane, y)
            for x in columns {
                var sum = 0
                for c in channels { sum += Int(grid.coding.value8(bytes + (offset(x, c) - from))) }
                out.append(UInt8((sum + channels.count / 2) / max(channels.count, 1)))
            }
        }
        return out
    }

    /// Writes 8-bit `levels` (row by row) into `channel` of the frame's samples.
    func write(_ levels: [UInt8], channel: Int, in frame: FrameBuffer) {
        var i = 0
        for y in rows {
            let row = frame.row(plane: grid.plane, y)
            for x in columns {
                grid.coding.store(Int(levels[i]) << grid.coding.shift, row + offset(x, channel))
                i += 1
            }
        }
    }

    /// `channel` of the frame's samples at full depth, row by row.
    func values(channel: Int, in frame: FrameBuffer) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(columns.count * rows.count)
        for y in rows {
            let row = frame.row(plane: grid.plane, y)
            for x in columns { out.append(grid.coding.value(row + offset(x, channel))) }
        }
        return out
    }

    /// Adds ground − mirrored (the first in 8-bit levels, the second at full depth) to `channel`
    /// of the frame's samples, clamped.
    func add(ground: [UInt8], minus mirrored: [Int], channel: Int, in frame: FrameBuffer) {
        var i = 0
        for y in rows {
            let row = frame.row(plane: grid.plane, y)
            for x in columns {
                let p = row + offset(x, channel)
                let d = (Int(ground[i]) << grid.coding.shift) - mirrored[i]
                if d != 0 { grid.coding.store(grid.coding.value(p) + d, p) }
                i += 1
            }
        }
    }
}
