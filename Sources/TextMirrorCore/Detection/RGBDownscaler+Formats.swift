/// The per-format half of `RGBDownscaler`: where each colour component lies in memory, and
/// how YUV becomes RGB.
extension RGBDownscaler {
    /// The colour model of a format and where its components lie, as GstVideoFrame maps them
    /// (plane order included); checked against videoconvert in RGBDownscalerTests.
    static func describe(_ format: PixelFormat) -> (ColorModel, [Component]) {
        func packedRGB(_ r: Int, _ g: Int, _ b: Int, bytes: Int) -> (ColorModel, [Component]) {
            (.rgb, [r, g, b].map { Component(plane: 0, offset: $0, sampleStride: bytes) })
        }
        func packed422(y: Int, u: Int, v: Int) -> (ColorModel, [Component]) {
            (.yuv, [Component(plane: 0, offset: y, sampleStride: 2),
                    Component(plane: 0, offset: u, sampleStride: 4, xSubsampling: 2),
                    Component(plane: 0, offset: v, sampleStride: 4, xSubsampling: 2)])
        }
        func planar420(uPlane: Int, uOffset: Int, vPlane: Int, vOffset: Int, chromaStride: Int)
            -> (ColorModel, [Component]) {
            (.yuv, [Component(plane: 0, offset: 0, sampleStride: 1),
                    Component(plane: uPlane, offset: uOffset, sampleStride: chromaStride,
                              xSubsampling: 2, ySubsampling: 2),
                    Component(plane: vPlane, offset: vOffset, sampleStride: chromaStride,
                              xSubsampling: 2, ySubsampling: 2)])
        }
        switch format {
        case .rgba: return packedRGB(0, 1, 2, bytes: 4)
        case .bgra: return packedRGB(2, 1, 0, bytes: 4)
        case .argb: return packedRGB(1, 2, 3, bytes: 4)
        case .abgr: return packedRGB(3, 2, 1, bytes: 4)
        case .rgbx: return packedRGB(0, 1, 2, bytes: 4)
        case .bgrx: return packedRGB(2, 1, 0, bytes: 4)
        case .xrgb: return packedRGB(1, 2, 3, bytes: 4)
        case .xbgr: return packedRGB(3, 2, 1, bytes: 4)
        case .rgb: return packedRGB(0, 1, 2, bytes: 3)
        case .bgr: return packedRGB(2, 1, 0, bytes: 3)
        case .gray8: return (.gray, [Component(plane: 0, offset: 0, sampleStride: 1)])
        case .ayuv:
            return (.yuv, [1, 2, 3].map { Component(plane: 0, offset: $0, sampleStride: 4) })
        case .y444:
            return (.yuv, [0, 1, 2].map { Component(plane: $0, offset: 0, sampleStride: 1) })
        // GstVideoFrame maps YV12's planes as Y, V, U (its plane order), I420's as Y, U, V.
        case .i420: return planar420(uPlane: 1, uOffset: 0, vPlane: 2, vOffset: 0, chromaStride: 1)
        case .yv12: return planar420(uPlane: 2, uOffset: 0, vPlane: 1, vOffset: 0, chromaStride: 1)
        case .nv12: return planar420(uPlane: 1, uOffset: 0, vPlane: 1, vOffset: 1, chromaStride: 2)
        case .nv21: return planar420(uPlane: 1, uOffset: 1, vPlane: 1, vOffset: 0, chromaStride: 2)
        case .yuy2: return packed422(y: 0, u: 1, v: 3)
        case .yvyu: return packed422(y: 0, u: 3, v: 1)
        case .uyvy: return packed422(y: 1, u: 0, v: 2)
        }
    }

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
