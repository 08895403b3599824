/// Adding D to samples byte by byte, without widening: D rounded to whole levels is split into
/// what it adds (`up`) and what it takes away (`down`), and a sample becomes
/// max(min(sample, 255 − up) + up, down) − down, clamp(sample + D). `up` and `down` are 0 at
/// bytes that are no sample of the channels being corrected, which so stay as they are.
///
/// Both loops are written as plain scalar loops, which the compiler vectorizes (16 bytes an
/// instruction in `add`); Int32(x.rounded()), Float(byte) and the SIMD types' min and max
/// compiled to calls per value, 4 to 10 times slower.
enum BackgroundAddition {
    /// Sets `up[offset + i·stride]` and `down[...]` from `d[i]` rounded, for `count` values.
    static func split(
        _ d: UnsafePointer<Float>, count: Int, stride: Int, offset: Int,
        up: UnsafeMutablePointer<UInt8>, down: UnsafeMutablePointer<UInt8>
    ) {
        // Adding 1.5 x 2^23 to a float in 0...255 leaves its nearest integer in the low byte of
        // the mantissa.
        let magic: Float = 12_582_912
        let up = up + offset, down = down + offset
        if stride == 1 {
            // Contiguous (planar and GRAY8): the same loop without the multiplication, which
            // the compiler then vectorizes.
            for i in 0..<count {
                up[i] = UInt8(truncatingIfNeeded: (min(max(d[i], 0), 255) + magic).bitPattern)
                down[i] = UInt8(truncatingIfNeeded: (min(max(-d[i], 0), 255) + magic).bitPattern)
            }
        } else {
            for i in 0..<count {
                up[i &* stride] = UInt8(truncatingIfNeeded: (min(max(d[i], 0), 255) + magic).bitPattern)  // < span
                down[i &* stride] = UInt8(truncatingIfNeeded: (min(max(-d[i], 0), 255) + magic).bitPattern)
            }
        }
    }

    /// Adds `up` and takes away `down` from `count` contiguous bytes, clamping to 0...255.
    static func add(
        to bytes: UnsafeMutablePointer<UInt8>, up: UnsafePointer<UInt8>, down: UnsafePointer<UInt8>,
        count: Int
    ) {
        for i in 0..<count {
            let a = bytes[i], u = up[i], d = down[i]
            // min(a, 255 − u) + u cannot pass 255, max(·, d) − d cannot go below 0.
            bytes[i] = max(min(a, 255 &- u) &+ u, d) &- d
        }
    }
}
