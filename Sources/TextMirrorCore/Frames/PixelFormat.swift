/// The raw video formats textmirror mirrors in place, without conversion, named as in caps.
///
/// `info` below is the one table of what each format is. Everything per format is derived from
/// it: the element's caps (the C shim reads the names through textmirror.h, and a format
/// crosses that boundary as its position in `allCases`), the planes, row kernels and sample
/// grids of the mirror (`FrameLayout`), the detector's and the tracker's downscalers, the line
/// reader's sampler and the `draw-boxes` outline. Adding a format is its case and its row.
public enum PixelFormat: String, CaseIterable, Sendable {
    case rgba = "RGBA"
    case bgra = "BGRA"
    case argb = "ARGB"
    case abgr = "ABGR"
    case rgbx = "RGBx"
    case bgrx = "BGRx"
    case xrgb = "xRGB"
    case xbgr = "xBGR"
    case rgb = "RGB"
    case bgr = "BGR"
    case ayuv = "AYUV"
    case y444 = "Y444"
    case i420 = "I420"
    case yv12 = "YV12"
    case nv12 = "NV12"
    case nv21 = "NV21"
    case yuy2 = "YUY2"
    case uyvy = "UYVY"
    case yvyu = "YVYU"
    case gray8 = "GRAY8"
    case gray16le = "GRAY16_LE"
    case gray16be = "GRAY16_BE"
    case i420_10le = "I420_10LE"
    case i420_10be = "I420_10BE"
    case i420_12le = "I420_12LE"
    case i420_12be = "I420_12BE"
    case i422_10le = "I422_10LE"
    case i422_10be = "I422_10BE"
    case i422_12le = "I422_12LE"
    case i422_12be = "I422_12BE"
    case y444_10le = "Y444_10LE"
    case y444_10be = "Y444_10BE"
    case y444_12le = "Y444_12LE"
    case y444_12be = "Y444_12BE"

    /// Where each component lies, as GstVideoFrame maps the format (its plane order included:
    /// YV12 is Y, V, U); checked against GStreamer's own formats by the videoflip and
    /// videoconvert tests.
    public var info: FormatInfo {
        switch self {
        case .rgba, .rgbx: .packedRGB(r: 0, g: 1, b: 2, bytes: 4)
        case .bgra, .bgrx: .packedRGB(r: 2, g: 1, b: 0, bytes: 4)
        case .argb, .xrgb: .packedRGB(r: 1, g: 2, b: 3, bytes: 4)
        case .abgr, .xbgr: .packedRGB(r: 3, g: 2, b: 1, bytes: 4)
        case .rgb: .packedRGB(r: 0, g: 1, b: 2, bytes: 3)
        case .bgr: .packedRGB(r: 2, g: 1, b: 0, bytes: 3)
        case .ayuv: .packedYUV(y: 1, u: 2, v: 3, bytes: 4)
        case .gray8: .gray(bits: 8)
        case .gray16le: .gray(bits: 16, .little)
        case .gray16be: .gray(bits: 16, .big)
        case .y444: .planar(x: 1, y: 1)
        case .i420: .planar(x: 2, y: 2)
        case .yv12: .planar(x: 2, y: 2, uPlane: 2, vPlane: 1)
        case .nv12: .semiPlanar(u: 0, v: 1)
        case .nv21: .semiPlanar(u: 1, v: 0)
        case .yuy2: .packed422(y: 0, u: 1, v: 3)
        case .yvyu: .packed422(y: 0, u: 3, v: 1)
        case .uyvy: .packed422(y: 1, u: 0, v: 2)
        case .i420_10le: .planar(x: 2, y: 2, bits: 10, .little)
        case .i420_10be: .planar(x: 2, y: 2, bits: 10, .big)
        case .i420_12le: .planar(x: 2, y: 2, bits: 12, .little)
        case .i420_12be: .planar(x: 2, y: 2, bits: 12, .big)
        case .i422_10le: .planar(x: 2, y: 1, bits: 10, .little)
        case .i422_10be: .planar(x: 2, y: 1, bits: 10, .big)
        case .i422_12le: .planar(x: 2, y: 1, bits: 12, .little)
        case .i422_12be: .planar(x: 2, y: 1, bits: 12, .big)
        case .y444_10le: .planar(x: 1, y: 1, bits: 10, .little)
        case .y444_10be: .planar(x: 1, y: 1, bits: 10, .big)
        case .y444_12le: .planar(x: 1, y: 1, bits: 12, .little)
        case .y444_12be: .planar(x: 1, y: 1, bits: 12, .big)
        }
    }
}
