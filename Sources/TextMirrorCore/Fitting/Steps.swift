/// Per position along one axis of a window: the sum of absolute steps between neighbouring
/// pixels, and of signed steps (which tell an edge into the ink from one out of it).
struct Steps {
    var energy: [Int32]
    var signed: [Int32]

    var count: Int { energy.count }

    /// The luma of `columns` of one row (`raw`, plane 0): the row itself where luma is a
    /// plane of its own, else gathered or computed into `scratch` (`columns.count` bytes).
    static func lumaRow(
        _ raw: UnsafePointer<UInt8>, source: GrayDownscaler.Source, columns: Range<Int>,
        scratch: UnsafeMutablePointer<UInt8>
    ) -> UnsafePointer<UInt8> {
        if source == .luma(offset: 0, step: 1) { return raw + columns.lowerBound }
        for x in 0..<columns.count { scratch[x] = source.luma(raw, columns.lowerBound + x) }
        return UnsafePointer(scratch)
    }

    /// Steps between neighbouring columns of `window`, summed over the rows of `box`, and
    /// between neighbouring rows, summed over its columns. One pass over the window's rows; a
    /// planar luma row is read in place, other formats' luma is gathered into a row first.
    /// Int32 holds the sums: at most 255 × 8192 pixels.
    static func profiles(
        _ frame: FrameBuffer, format: PixelFormat, window: (Range<Int>, Range<Int>),
        box: (Range<Int>, Range<Int>), columns: Bool, rows: Bool
    ) -> (columns: Steps, rows: Steps) {
        let (xs, ys) = window
        let w = xs.count, h = ys.count
        let bx = (box.0.lowerBound - xs.lowerBound)..<(box.0.upperBound - xs.lowerBound)
        var columnEnergy = [Int32](repeating: 0, count: max(w - 1, 0)), columnSigned = columnEnergy
        var rowEnergy = [Int32](repeating: 0, count: max(h - 1, 0)), rowSigned = rowEnergy
        let source = GrayDownscaler.source(for: format)
        let plane = UnsafeRawPointer(frame.planes[0]), stride = frame.strides[0]
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * w) { scratch in
            guard let rowsBase = scratch.baseAddress else { return }
            var previous: UnsafePointer<UInt8>?
            for y in ys {
                let raw = (plane + y * stride).assumingMemoryBound(to: UInt8.self)
                let row = lumaRow(raw, source: source, columns: xs, scratch: rowsBase + (y & 1) * w)
                if columns, box.1.contains(y) {
                    columnEnergy.withUnsafeMutableBufferPointer { e in
                        columnSigned.withUnsafeMutableBufferPointer { s in
                            for x in 0..<(w - 1) {
                                let d = Int32(row[x + 1]) &- Int32(row[x])
                                e[x] &+= abs(d)
                                s[x] &+= d
                            }
                        }
                    }
                }
                if rows, let previous {
                    var energy: Int32 = 0, signed: Int32 = 0
                    for x in bx {
                        let d = Int32(row[x]) &- Int32(previous[x])
                        energy &+= abs(d)
                        signed &+= d
                    }
                    rowEnergy[y - ys.lowerBound - 1] = energy
                    rowSigned[y - ys.lowerBound - 1] = signed
                }
                previous = row
            }
        }
        return (Steps(energy: columnEnergy, signed: columnSigned), Steps(energy: rowEnergy, signed: rowSigned))
    }
}
