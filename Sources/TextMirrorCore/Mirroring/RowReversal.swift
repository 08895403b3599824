/// In-place reversal of the units of one row: the horizontal mirror's inner loop.
///
/// How memory is walked matters more than the arithmetic. Swapping from both ends towards the
/// middle reads each row as two short streams, one of them backwards; on frames that are not
/// in the CPU caches (a camera or decoder frame) the hardware prefetcher cannot follow them and
/// the mirror ran 2-4x slower than a memcpy of the frame. So a row is reversed in three
/// sweeps, each reading its source front to back:
///   1. copy the left half of the row to a scratch buffer,
///   2. reverse-copy the right half onto the left half,
///   3. reverse-copy the scratch onto the right half.
/// The row is read from memory once, in address order (so consecutive rows form one stream),
/// and every write lands on a line that was just read.
///
/// A reverse-copy moves a block at a time (16 bytes, or 24 for 3-byte pixels), reversing the
/// units inside the block; the few units left over are moved one by one.
///
/// A reverser is chosen once per plane kind when the format is set (`FrameMirror`) and called
/// once per row.
///
/// The reversal for one kind of plane, with the scratch memory passed in, so that the rows of
/// a region share one buffer (`FrameMirror` allocates it once per region and plane).
struct RowReverser: Sendable {
    let unitBytes: Int
    private let reverseRow:
        @Sendable (
            _ row: UnsafeMutableRawPointer, _ units: Int,
            _ scratch: UnsafeMutableRawPointer
        ) -> Void

    init(_ plane: FrameLayout.Plane) {
        unitBytes = plane.unitBytes
        switch (plane.unitBytes, plane.macropixelLumaOffset) {
        case (1, nil): reverseRow = { reverseInHalves(Units1.self, $0, $1, $2) }
        case (2, nil): reverseRow = { reverseInHalves(Units2.self, $0, $1, $2) }
        case (3, nil): reverseRow = { reverseInHalves(Units3.self, $0, $1, $2) }
        case (4, nil): reverseRow = { reverseInHalves(Units4.self, $0, $1, $2) }
        case (4, 0): reverseRow = { reverseInHalves(Macropixel422LumaFirst.self, $0, $1, $2) }
        case (4, 1): reverseRow = { reverseInHalves(Macropixel422ChromaFirst.self, $0, $1, $2) }
        default: preconditionFailure("no row kernel for \(plane)")
        }
    }

    /// Scratch `reverse` needs for a row of `units` units (never 0, so a temporary allocation
    /// always has an address).
    func scratchBytes(units: Int) -> Int { max(units / 2 * unitBytes, 16) }

    /// Reverses `units` units at `row` in place; `scratch` holds at least `scratchBytes(units:)`.
    @inline(__always)
    func reverse(_ row: UnsafeMutableRawPointer, units: Int, scratch: UnsafeMutableRawPointer) {
        reverseRow(row, units, scratch)
    }
}

/// Reverses the units of one block and fixes up the bytes inside each unit.
protocol BlockUnitReversal {
    static var unitBytes: Int { get }
    /// Bytes moved per block: a multiple of `unitBytes`.
    static var blockBytes: Int { get }
    /// Reads `blockBytes` at `source` and writes them to `destination` with the units in reverse
    /// order (and `fixUnit` applied to each). Everything is read before anything is written.
    static func reverseBlock(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer)
    /// The permutation applied inside a unit as it moves (identity except for 4:2:2, where the
    /// two Y samples of a macropixel trade places).
    static func fixUnit(_ unit: UnsafeMutableRawPointer)
}

extension BlockUnitReversal {
    @inline(__always) static func fixUnit(_ unit: UnsafeMutableRawPointer) {}
}

typealias Bytes16 = SIMD16<UInt8>

/// Block reversal through one 16-byte vector, for units that tile it (1, 2 and 4 bytes).
///
/// Writing the permutation as a vector built element by element lets LLVM emit shuffles; with
/// the x86-64 baseline (SSE2, no pshufb) how the permutation is written decides how many.
protocol VectorUnitReversal: BlockUnitReversal {
    static func reverse(_ v: Bytes16) -> Bytes16
}

extension VectorUnitReversal {
    static var blockBytes: Int { 16 }

    @inline(__always)
    static func reverseBlock(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        let v = source.loadUnaligned(as: Bytes16.self)
        destination.storeBytes(of: reverse(v), as: Bytes16.self)
    }
}

enum Units1: VectorUnitReversal {
    static var unitBytes: Int { 1 }
    /// Reverse the 16-bit words, then swap the bytes inside each word: SSE2 does this in six
    /// instructions, where a 16-byte permutation took ten.
    @inline(__always) static func reverse(_ v: Bytes16) -> Bytes16 {
        let u = unsafeBitCast(v, to: SIMD8<UInt16>.self)
        let words = SIMD8(u[7], u[6], u[5], u[4], u[3], u[2], u[1], u[0])
        return unsafeBitCast((words &<< 8) | (words &>> 8), to: Bytes16.self)
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
        Bytes16(
            v[14], v[13], v[12], v[15], v[10], v[9], v[8], v[11],
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
        Bytes16(
            v[12], v[15], v[14], v[13], v[8], v[11], v[10], v[9],
            v[4], v[7], v[6], v[5], v[0], v[3], v[2], v[1])
    }
    @inline(__always) static func fixUnit(_ unit: UnsafeMutableRawPointer) {
        swapBytes(unit, 1, 3)
    }
}

/// RGB / BGR: 3-byte pixels do not tile a vector, and without pshufb SSE2 needs some twenty
/// shuffles to reverse four of them. Eight pixels are three 64-bit words, and moving their
/// bytes with shifts and masks costs about 30 simple integer instructions for 24 bytes.
enum Units3: BlockUnitReversal {
    static var unitBytes: Int { 3 }
    static var blockBytes: Int { 24 }

    @inline(__always)
    static func reverseBlock(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        // Little-endian words: byte k of the block is byte k % 8 of word k / 8. Pixel i is bytes
        // 3i..3i+2; the output holds pixels 7, 6, ..., 0, i.e. source bytes
        // 21 22 23 18 19 20 15 16 | 17 12 13 14 9 10 11 6 | 7 8 3 4 5 0 1 2.
        // (&<< and &>> only skip the check for shift counts >= 64; all counts here are constants
        // below 64.)
        let a = source.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        let b = source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let c = source.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
        let x =
            (c &>> 40) | ((c &<< 8) & 0x0000_FFFF_FF00_0000)
            | ((b &>> 8) & 0x00FF_0000_0000_0000) | (c &<< 56)
        let y =
            ((c &>> 8) & 0xFF) | ((b &>> 24) & 0xFFFF_FF00)
            | ((b &<< 24) & 0x00FF_FFFF_0000_0000) | ((a &<< 8) & 0xFF00_0000_0000_0000)
        let z = (a &>> 56) | ((b &<< 56) &>> 48) | ((a &>> 8) & 0x0000_00FF_FFFF_0000) | (a &<< 40)
        destination.storeBytes(of: x, toByteOffset: 0, as: UInt64.self)
        destination.storeBytes(of: y, toByteOffset: 8, as: UInt64.self)
        destination.storeBytes(of: z, toByteOffset: 16, as: UInt64.self)
    }
}

@inline(__always)
func swapBytes(_ p: UnsafeMutableRawPointer, _ a: Int, _ b: Int) {
    let t = p.load(fromByteOffset: a, as: UInt8.self)
    p.storeBytes(of: p.load(fromByteOffset: b, as: UInt8.self), toByteOffset: a, as: UInt8.self)
    p.storeBytes(of: t, toByteOffset: b, as: UInt8.self)
}

/// The three sweeps described at the top of this file. `scratch` holds `units / 2` units.
@inline(__always)
func reverseInHalves<R: BlockUnitReversal>(
    _: R.Type, _ row: UnsafeMutableRawPointer, _ units: Int, _ scratch: UnsafeMutableRawPointer
) {
    let left = units / 2
    let right = units - left
    scratch.copyMemory(from: row, byteCount: left * R.unitBytes)
    // Overlap: for an odd count the right half's first unit (the middle one) is written back to
    // where it was read, inside one block that is read before it is written; all other writes
    // go to the left half, already saved, so nothing is overwritten before it is read.
    reverseCopy(R.self, from: row + left * R.unitBytes, to: row, units: right)
    reverseCopy(R.self, from: scratch, to: row + right * R.unitBytes, units: left)
}

/// Writes `units` units from `source` to `destination` in reverse order, reading `source` front
/// to back. Reads and writes stay inside the `units` units of each.
@inline(__always)
func reverseCopy<R: BlockUnitReversal>(
    _: R.Type, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, units: Int
) {
    let bytes = units * R.unitBytes
    var read = 0
    // Four vector blocks an iteration while they fit: four independent loads in flight at once
    // (textmirror-bench --sections kernels: 2-byte samples about a tenth faster than one; the
    // 3-byte kernel, already some 30 instructions a block, is not).
    while R.blockBytes == 16 && bytes &- read >= 4 &* R.blockBytes {
        let end = destination + (bytes &- read)
        R.reverseBlock(from: source + read, to: end - R.blockBytes)
        R.reverseBlock(from: source + read + R.blockBytes, to: end - 2 &* R.blockBytes)
        R.reverseBlock(from: source + read + 2 &* R.blockBytes, to: end - 3 &* R.blockBytes)
        R.reverseBlock(from: source + read + 3 &* R.blockBytes, to: end - 4 &* R.blockBytes)
        read &+= 4 &* R.blockBytes
    }
    // `read + blockBytes <= bytes`, so `bytes - read - blockBytes` (the write offset) is >= 0.
    while bytes &- read >= R.blockBytes {
        R.reverseBlock(from: source + read, to: destination + (bytes &- read &- R.blockBytes))
        read &+= R.blockBytes
    }
    while read < bytes {
        let write = bytes &- read &- R.unitBytes
        for k in 0..<R.unitBytes {
            let byte = source.load(fromByteOffset: read &+ k, as: UInt8.self)
            destination.storeBytes(of: byte, toByteOffset: write &+ k, as: UInt8.self)
        }
        R.fixUnit(destination + write)
        read &+= R.unitBytes
    }
}
