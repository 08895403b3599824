/// How YUV becomes RGB for `RGBDownscaler` (where each component lies is the format's row in
/// `PixelFormat.info`).
extension RGBDownscaler {
    /// RGB of 8-bit Y, U and V by the fixed-point `coefficients` (YUVEncoding).
    @inline(__always)
    @_spi(Testing) public static func rgbFromYUV(
        _ y: UInt8, _ u: UInt8, _ v: UInt8, _ k: YUVEncoding.FixedCoefficients
    ) -> (UInt8, UInt8, UInt8) {
        let c = k.lumaScale * (Int(y) - k.lumaOffset) + 128
        let d = Int(u) - 128
        let e = Int(v) - 128
        @inline(__always) func clamp(_ x: Int) -> UInt8 { UInt8(min(max(x >> 8, 0), 255)) }
        return (clamp(c + k.rv * e), clamp(c - k.gu * d - k.gv * e), clamp(c + k.bu * d))
    }
}
