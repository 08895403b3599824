/// How one sample is stored: 8 bits in a byte, or 10, 12 or 16 bits in the low bits of a
/// 16-bit word of either byte order (GStreamer's `_10LE`, `_12BE`, `GRAY16_` formats).
public struct SampleCoding: Sendable, Equatable {
    public enum ByteOrder: Sendable, Equatable { case little, big }

    public let depth: Int
    public let byteOrder: ByteOrder

    public init(depth: Int, byteOrder: ByteOrder = .little) {
        precondition(depth == 8 || (depth > 8 && depth <= 16), "samples are 8 bits or 9...16 bits in a word")
        self.depth = depth
        self.byteOrder = byteOrder
    }

    /// Bytes a sample occupies.
    public var bytes: Int { depth == 8 ? 1 : 2 }
    /// Right shift from a sample to its 8 most significant bits.
    public var shift: Int { depth - 8 }
    /// The largest value a sample holds (its word's unused high bits may be set: they are ignored).
    public var maximum: Int { (1 << depth) - 1 }

    /// The sample at `p`, `depth` bits.
    @inline(__always)
    public func value(_ p: UnsafeRawPointer) -> Int {
        if depth == 8 { return Int(p.load(as: UInt8.self)) }
        let first = Int(p.load(as: UInt8.self)), second = Int(p.load(fromByteOffset: 1, as: UInt8.self))
        return min(byteOrder == .little ? first | second << 8 : first << 8 | second, maximum)
    }

    /// The sample at `p` on the 8-bit scale: its 8 most significant bits.
    @inline(__always)
    public func value8(_ p: UnsafeRawPointer) -> UInt8 {
        UInt8(truncatingIfNeeded: value(p) >> shift)
    }

    /// Stores `value` (clamped to 0...maximum) as the sample at `p`.
    @inline(__always)
    public func store(_ value: Int, _ p: UnsafeMutableRawPointer) {
        let v = min(max(value, 0), maximum)
        if depth == 8 { return p.storeBytes(of: UInt8(truncatingIfNeeded: v), as: UInt8.self) }
        let (low, high) = (UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8))
        p.storeBytes(of: byteOrder == .little ? low : high, as: UInt8.self)
        p.storeBytes(of: byteOrder == .little ? high : low, toByteOffset: 1, as: UInt8.self)
    }

    /// The bytes, in memory order, of a sample holding the 8-bit value `v` scaled to `depth`.
    public func bytes(of v: UInt8) -> [UInt8] {
        if depth == 8 { return [v] }
        let wide = Int(v) << shift
        let (low, high) = (UInt8(truncatingIfNeeded: wide), UInt8(truncatingIfNeeded: wide >> 8))
        return byteOrder == .little ? [low, high] : [high, low]
    }
}
