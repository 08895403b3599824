/// How YUV becomes RGB for `RGBDownscaler` (where each component lies is the format's row in
/// `PixelFormat.info`).
extension RGBDownscaler {
    /// BT.601 limited range to RGB in 8.8 fixed point (the coefficients of ITU-R BT.601,
    /// scaled by 256: 1.164, 1.596, 0.392, 0.813, 2.017).
    @inline(__always)
    @_spi(Testing) public static func rgbFromYUV(_ y: UInt8, _ u: UInt8, _ v: UInt8) -> (UInt8, UInt8, UInt8) {
        let c = 298 * (Int(y) - 16) + 128
        let d = Int(u) - 128
        let e = Int(v) - 128
        @inline(__always) func clamp(_ x: Int) -> UInt8 { UInt8(min(max(x >> 8, 0), 255)) }
        return (clamp(c + 409 * e), clamp(c - 100 * d - 208 * e), clamp(c + 516 * d))
    }
}
