/// SplitMix64: a tiny, fast, seedable generator. Whatever in textmirror draws random numbers
/// (the motion fit's samples, the fuzz tests, the benchmarks' scenes) draws them from this one,
/// so a run can be repeated exactly from its seed.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        // Wrapping arithmetic is the algorithm, not an overflow.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform enough in 0..<n for sampling small ranges (the modulo bias is negligible).
    public mutating func below(_ n: Int) -> Int {
        precondition(n > 0, "below(0)")
        return Int(next() % UInt64(n))
    }
}
