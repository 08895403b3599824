import TextMirrorCore

/// A frame owned by a test: each plane is allocated with a chosen stride (so rows may carry
/// padding) and with guard bytes before the first and after the last row, and every byte,
/// padding and guards included, is filled from a pattern. Comparing whole allocations then
/// also proves that nothing outside the region, in the padding, or outside the plane was written.
final class TestFrame {
    static let guardBytes = 32

    let layout: TestLayout
    let width: Int
    let height: Int
    let strides: [Int]
    /// Per plane: guard + rows * stride + guard bytes.
    private(set) var storage: [UnsafeMutableRawBufferPointer]

    /// `padding` bytes are added to each plane's minimal row length to get its stride.
    init(_ format: PixelFormat, width: Int, height: Int, padding: Int = 0, seed: UInt64 = 1) {
        layout = TestLayout(format)
        self.width = width
        self.height = height
        var strides: [Int] = []
        var storage: [UnsafeMutableRawBufferPointer] = []
        for plane in 0..<layout.planeCount {
            let stride = layout.rowBytes(plane: plane, width: width) + padding
            let count = 2 * Self.guardBytes + layout.rows(plane: plane, height: height) * stride
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
            for i in 0..<count {
                buffer[i] = patternByte(seed, UInt64(plane), UInt64(i / max(stride, 1)), UInt64(i))
            }
            strides.append(stride)
            storage.append(buffer)
        }
        self.strides = strides
        self.storage = storage
    }

    private init(copying other: TestFrame) {
        layout = other.layout
        width = other.width
        height = other.height
        strides = other.strides
        storage = other.storage.map { source in
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: 16)
            copy.copyMemory(from: UnsafeRawBufferPointer(source))
            return copy
        }
    }

    deinit { storage.forEach { $0.deallocate() } }

    func copy() -> TestFrame { TestFrame(copying: self) }

    /// The frame as the mirror sees it. The pointers are valid while `self` is alive.
    var buffer: FrameBuffer {
        FrameBuffer(
            width: width, height: height,
            planes: storage.map { $0.baseAddress! + Self.guardBytes }, strides: strides)
    }

    private func index(_ grid: TestLayout.Grid, _ gx: Int, _ gy: Int) -> Int {
        precondition(gx >= 0 && gx < grid.columns(width: width) && gy >= 0 && gy < grid.rows(height: height))
        return Self.guardBytes + gy * strides[grid.plane] + grid.offset + gx * grid.step
    }

    func sample(_ grid: TestLayout.Grid, _ gx: Int, _ gy: Int) -> [UInt8] {
        let base = index(grid, gx, gy)
        return grid.bytes.map { storage[grid.plane][base + $0] }
    }

    func setSample(_ grid: TestLayout.Grid, _ gx: Int, _ gy: Int, _ value: [UInt8]) {
        let base = index(grid, gx, gy)
        for (k, byte) in zip(grid.bytes, value) { storage[grid.plane][base + k] = byte }
    }

    /// The channels of a grid's sample: one a byte, or one a 16-bit word (`TestLayout.word`).
    func channels(_ grid: TestLayout.Grid) -> Int { layout.word == nil ? grid.bytes.count : grid.bytes.count / 2 }

    /// Channel `c` of a sample on the 8-bit scale: a word's value over 2^(depth − 8), the
    /// word's unused high bits ignored (the value saturates).
    func level(_ grid: TestLayout.Grid, _ gx: Int, _ gy: Int, _ c: Int) -> Double {
        let bytes = sample(grid, gx, gy)
        guard let word = layout.word else { return Double(bytes[c]) }
        let (high, low) = word.bigEndian ? (bytes[2 * c], bytes[2 * c + 1]) : (bytes[2 * c + 1], bytes[2 * c])
        return Double(min(Int(high) << 8 | Int(low), (1 << word.depth) - 1)) / Double(1 << (word.depth - 8))
    }

    /// The frame with every word's unused high bits cleared, as GStreamer's 10- and 12-bit
    /// formats keep them: the turned mirror interpolates values and writes them, so only such a
    /// frame can come back from it byte for byte.
    func clearingUnusedWordBits() -> TestFrame {
        let out = copy()
        guard let word = layout.word else { return out }
        for grid in layout.grids {
            for gy in 0..<grid.rows(height: height) {
                for gx in 0..<grid.columns(width: width) {
                    var bytes = sample(grid, gx, gy)
                    for c in 0..<bytes.count / 2 {
                        let high = word.bigEndian ? 2 * c : 2 * c + 1
                        bytes[high] &= UInt8((1 << (word.depth - 8)) - 1)
                    }
                    out.setSample(grid, gx, gy, bytes)
                }
            }
        }
        return out
    }

    /// Sets the channels of a sample to 8-bit levels (a word gets the level in its top bits).
    func setLevels(_ grid: TestLayout.Grid, _ gx: Int, _ gy: Int, _ levels: [UInt8]) {
        guard let word = layout.word else { return setSample(grid, gx, gy, levels) }
        setSample(
            grid, gx, gy,
            levels.flatMap { v -> [UInt8] in
                let w = Int(v) << (word.depth - 8), low = UInt8(w & 0xFF), high = UInt8(w >> 8)
                return word.bigEndian ? [high, low] : [low, high]
            })
    }

    /// The used bytes of one row (padding excluded).
    func row(plane: Int, _ y: Int) -> [UInt8] {
        let start = Self.guardBytes + y * strides[plane]
        return Array(storage[plane][start..<(start + layout.rowBytes(plane: plane, width: width))])
    }

    func setRow(plane: Int, _ y: Int, _ bytes: [UInt8]) {
        precondition(bytes.count == layout.rowBytes(plane: plane, width: width))
        let start = Self.guardBytes + y * strides[plane]
        for (i, byte) in bytes.enumerated() { storage[plane][start + i] = byte }
    }

    func mirror(_ mirror: FrameMirror, _ boxes: [PixelBox], flip: Flip) {
        mirror.mirror(boxes, flip: flip, in: buffer)
    }

    /// Nil when both frames hold the same bytes everywhere (guards and padding included);
    /// otherwise where the first few differences are, for the failure message.
    func difference(from other: TestFrame, limit: Int = 4) -> String? {
        var found: [String] = []
        var total = 0
        for plane in storage.indices {
            for i in 0..<storage[plane].count where storage[plane][i] != other.storage[plane][i] {
                if isPhantom(plane: plane, index: i) { continue }
                total += 1
                if found.count < limit { found.append(describe(plane: plane, index: i)) }
            }
        }
        return total == 0 ? nil : "\(total) bytes differ, first at " + found.joined(separator: "; ")
    }

    private func isPhantom(plane: Int, index: Int) -> Bool {
        let offset = index - Self.guardBytes
        guard offset >= 0, offset / strides[plane] < layout.rows(plane: plane, height: height) else { return false }
        return layout.isPhantomByte(plane: plane, byteInRow: offset % strides[plane], width: width)
    }

    func describe(plane: Int, index: Int) -> String {
        let offset = index - Self.guardBytes
        if offset < 0 { return "plane \(plane) guard before the plane (byte \(index))" }
        let row = offset / strides[plane], byte = offset % strides[plane]
        if row >= layout.rows(plane: plane, height: height) { return "plane \(plane) guard after the plane" }
        let padding = byte >= layout.rowBytes(plane: plane, width: width) ? " (row padding)" : ""
        return "plane \(plane) row \(row) byte \(byte)\(padding)"
    }

    var bytes: [[UInt8]] { storage.map { Array($0) } }
}

/// A well-mixed byte for (seed, plane, row, byte index): neighbours and mirrored positions
/// hardly ever hold equal bytes, so a wrong move shows up.
func patternByte(_ seed: UInt64, _ plane: UInt64, _ row: UInt64, _ index: UInt64) -> UInt8 {
    var z =
        seed &* 0x9E37_79B9_7F4A_7C15 &+ plane &* 0xBF58_476D_1CE4_E5B9
        &+ row &* 0x94D0_49BB_1331_11EB &+ index
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return UInt8(truncatingIfNeeded: z ^ (z >> 31))
}
