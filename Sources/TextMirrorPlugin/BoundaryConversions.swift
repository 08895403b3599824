import CShim
import TextMirrorCore

extension PixelFormat {
    /// Maps the boundary's format numbers onto the core's formats.
    init?(_ format: TextMirrorFormat) {
        switch format {
        case TEXTMIRROR_FORMAT_RGBA: self = .rgba
        case TEXTMIRROR_FORMAT_BGRA: self = .bgra
        case TEXTMIRROR_FORMAT_ARGB: self = .argb
        case TEXTMIRROR_FORMAT_ABGR: self = .abgr
        case TEXTMIRROR_FORMAT_RGBX: self = .rgbx
        case TEXTMIRROR_FORMAT_BGRX: self = .bgrx
        case TEXTMIRROR_FORMAT_XRGB: self = .xrgb
        case TEXTMIRROR_FORMAT_XBGR: self = .xbgr
        case TEXTMIRROR_FORMAT_RGB: self = .rgb
        case TEXTMIRROR_FORMAT_BGR: self = .bgr
        case TEXTMIRROR_FORMAT_AYUV: self = .ayuv
        case TEXTMIRROR_FORMAT_Y444: self = .y444
        case TEXTMIRROR_FORMAT_I420: self = .i420
        case TEXTMIRROR_FORMAT_YV12: self = .yv12
        case TEXTMIRROR_FORMAT_NV12: self = .nv12
        case TEXTMIRROR_FORMAT_NV21: self = .nv21
        case TEXTMIRROR_FORMAT_YUY2: self = .yuy2
        case TEXTMIRROR_FORMAT_UYVY: self = .uyvy
        case TEXTMIRROR_FORMAT_YVYU: self = .yvyu
        case TEXTMIRROR_FORMAT_GRAY8: self = .gray8
        default: return nil
        }
    }
}

extension FrameBuffer {
    /// Nil when the C frame is malformed (no planes, a NULL plane, a non-positive size).
    init?(_ frame: TextMirrorFrame) {
        let count = Int(frame.n_planes)
        guard frame.width > 0, frame.height > 0, count > 0, count <= Int(TEXTMIRROR_MAX_PLANES) else {
            return nil
        }
        var planes: [UnsafeMutableRawPointer] = []
        var strides: [Int] = []
        let data = [frame.data.0, frame.data.1, frame.data.2, frame.data.3]
        let stride = [frame.stride.0, frame.stride.1, frame.stride.2, frame.stride.3]
        for i in 0..<count {
            guard let base = data[i] else { return nil }
            planes.append(UnsafeMutableRawPointer(base))
            strides.append(Int(stride[i]))
        }
        self.init(width: Int(frame.width), height: Int(frame.height), planes: planes, strides: strides)
    }
}
