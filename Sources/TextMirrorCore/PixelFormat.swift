/// The raw video formats textmirror mirrors in place, without conversion.
///
/// Numbered independently of GStreamer; the plugin maps `TextMirrorFormat` onto these.
public enum PixelFormat: String, CaseIterable, Sendable {
    case rgba = "RGBA", bgra = "BGRA", argb = "ARGB", abgr = "ABGR"
    case rgbx = "RGBx", bgrx = "BGRx", xrgb = "xRGB", xbgr = "xBGR"
    case rgb = "RGB", bgr = "BGR"
    case ayuv = "AYUV", y444 = "Y444"
    case i420 = "I420", yv12 = "YV12"
    case nv12 = "NV12", nv21 = "NV21"
    case yuy2 = "YUY2", uyvy = "UYVY", yvyu = "YVYU"
    case gray8 = "GRAY8"
}
