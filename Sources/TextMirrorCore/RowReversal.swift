/// In-place reversal of the units of one row: the horizontal mirror's inner loop.
///
/// Each kernel walks inwards from both ends, loading 16 bytes at each end, reversing the units
/// inside the vector and storing each vector at the opposite end. Writing the permutation as a
/// vector built element by element lets LLVM emit byte shuffles (pshufb, or a few SSE2
/// shuffles); this is what makes the mirror cheaper than GStreamer's own byte-by-byte videoflip.
/// The few units left in the middle are swapped one by one.
///
/// A kernel is chosen once per format (`RowReversal.kernel(for:)`) and called once per row.
public typealias RowKernel = @Sendable (_ row: UnsafeMutableRawPointer, _ units: Int) -> Void

public enum RowReversal {
    public static func kernel(for plane: FrameLayout.Plane) -> RowKernel {
        switch (plane.unitBytes, plane.macropixelLumaOffset) {
        case (1, nil): return { reverseRow(Units1.self, $0, $1) }
        case (2, nil): return { reverseRow(Units2.self, $0, $1) }
        case (3, nil): return { reverseRow3($0, $1) }
        case (4, nil): return { reverseRow(Units4.self, $0, $1) }
        case (4, 0): return { reverseRow(Macropixel422LumaFirst.self, $0, $1) }
        case (4, 1): return { reverseRow(Macropixel422ChromaFirst.self, $0, $1) }
        default: preconditionFailure("no row kernel for \(plane)")
        }
    }
}

typealias Bytes16 = SIMD16<UInt8>

/// Reverses the units held in a 16-byte vector and fixes up the bytes inside each unit.
protocol VectorUnitReversal {
    static var unitBytes: Int { get }
    static func reverse(_ v: Bytes16) -> Bytes16
    /// The permutation applied inside a unit as it moves (identity except for 4:2:2, where the
    /// two Y samples of a macropixel trade places).
    static func fixUnit(_ unit: UnsafeMutableRawPointer)
}

extension VectorUnitReversal {
    @inline(__always) static func fixUnit(_ unit: UnsafeMutableRawPointer) {}
}

enum Units1: VectorUnitReversal {
    static var unitBytes: Int { 1 }
    @inline(__always) static func reverse(_ v: Bytes16) -> Bytes16 {
        Bytes16(v[15], v[14], v[13], v[12], v[11], v[10], v[9], v[8],
                v[7], v[6], v[5], v[4], v[3], v[2], v[1], v[0])
    }
}

enum Units2: VectorUnitReversal {
    static var unitBytes: Int { 2 }
    @inline(__always) static func reverse(_ v: Bytes16) -> Bytes16 {
        let u = unsafeBitCast(v, to: SIMD8<UInt16>.self)
        return unsafeBitCast(SIMD8(u[7], u[6], u[5], u[4], u[3], u[2], u[1], u[0]), to: Bytes16.self)
    }
}

enum Units4: VectorUnitReversal {
    static var unitBytes: Int { 4 }
    @inline(__always) static func reverse(_ v: Bytes16) -> Bytes16 {
        let u = unsafeBitCast(v, to: SIMD4<UInt32>.self)
        return unsafeBitCast(SIMD4(u[3], u[2], u[1], u[0]), to: Bytes16.self)
    }
}

/// YUY2 / YVYU: Y0 C Y1 C'. Mirrored macropixels come in reverse order with Y0 and Y1 swapped.
enum Macropixel422LumaFirst: VectorUnitReversal {
    static var unitBytes: Int { 4 }
    @inline(__always) static func reverse(_ v: Bytes16) -> Bytes16 {
        Bytes16(v[14], v[13], v[12], v[15], v[10], v[9], v[8], v[11],
                v[6], v[5], v[4], v[7], v[2], v[1], v[0], v[3])
    }
    @inline(__always) static func fixUnit(_ unit: UnsafeMutableRawPointer) {
        swapBytes(unit, 0, 2)
    }
}

/// UYVY: C Y0 C' Y1.
enum Macropixel422ChromaFirst: VectorUnitReversal {
    static var unitBytes: Int { 4 }
    @inline(__always) static func reverse(_ v: Bytes16) -> Bytes16 {
        Bytes16(v[12], v[15], v[14], v[13], v[8], v[11], v[10], v[9],
                v[4], v[7], v[6], v[5], v[0], v[3], v[2], v[1])
    }
    @inline(__always) static func fixUnit(_ unit: UnsafeMutableRawPointer) {
        swapBytes(unit, 1, 3)
    }
}

@inline(__always)
func swapBytes(_ p: UnsafeMutableRawPointer, _ a: Int, _ b: Int) {
    let t = p.load(fromByteOffset: a, as: UInt8.self)
    p.storeBytes(of: p.load(fromByteOffset: b, as: UInt8.self), toByteOffset: a, as: UInt8.self)
    p.storeBytes(of: t, toByteOffset: b, as: UInt8.self)
}

/// Swaps two units of `bytes` bytes (1...4) that do not overlap.
@inline(__always)
func swapUnits(_ p: UnsafeMutableRawPointer, _ a: Int, _ b: Int, bytes: Int) {
    for k in 0..<bytes { swapBytes(p, a + k, b + k) }
}

@inline(__always)
func reverseRow<R: VectorUnitReversal>(_: R.Type, _ row: UnsafeMutableRawPointer, _ units: Int) {
    var left = 0
    var right = units * R.unitBytes
    // Both 16-byte windows lie inside [left, right) and do not overlap while 32 bytes remain.
    while right - left >= 32 {
        let a = row.loadUnaligned(fromByteOffset: left, as: Bytes16.self)
        let b = row.loadUnaligned(fromByteOffset: right - 16, as: Bytes16.self)
        row.storeBytes(of: R.reverse(b), toByteOffset: left, as: Bytes16.self)
        row.storeBytes(of: R.reverse(a), toByteOffset: right - 16, as: Bytes16.self)
        left += 16
        right -= 16
    }
    right -= R.unitBytes
    while left < right {
        swapUnits(row, left, right, bytes: R.unitBytes)
        R.fixUnit(row + left)
        R.fixUnit(row + right)
        left += R.unitBytes
        right -= R.unitBytes
    }
    if left == right { R.fixUnit(row + left) }
}

/// 3-byte pixels do not tile a 16-byte vector, so this kernel moves 4 pixels (12 bytes) per
/// step: it loads 16 bytes, reverses the 4 pixels inside, and stores 8 + 4 bytes so that
/// nothing past the 12 bytes is written.
@inline(__always)
func reverseRow3(_ row: UnsafeMutableRawPointer, _ units: Int) {
    @inline(__always) func reverse4(_ v: Bytes16) -> Bytes16 {
        Bytes16(v[9], v[10], v[11], v[6], v[7], v[8], v[3], v[4],
                v[5], v[0], v[1], v[2], 0, 0, 0, 0)
    }
    @inline(__always) func store12(_ v: Bytes16, _ offset: Int) {
        let halves = unsafeBitCast(v, to: SIMD2<UInt64>.self)
        row.storeBytes(of: halves[0], toByteOffset: offset, as: UInt64.self)
        row.storeBytes(of: UInt32(truncatingIfNeeded: halves[1]), toByteOffset: offset + 8, as: UInt32.self)
    }
    var left = 0
    var right = units * 3
    // With 32 bytes left, the 16-byte loads at both ends stay clear of the other end's 12-byte
    // store, so every byte is read before it is overwritten.
    while right - left >= 32 {
        let a = row.loadUnaligned(fromByteOffset: left, as: Bytes16.self)
        let b = row.loadUnaligned(fromByteOffset: right - 16, as: Bytes16.self)
        let bLast12 = Bytes16(b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11],
                              b[12], b[13], b[14], b[15], 0, 0, 0, 0)
        store12(reverse4(bLast12), left)
        store12(reverse4(a), right - 12)
        left += 12
        right -= 12
    }
    right -= 3
    while left < right {
        swapUnits(row, left, right, bytes: 3)
        left += 3
        right -= 3
    }
}
