/// What one pixel format is, as far as textmirror needs to know: its colour model, how its
/// samples are coded, and where each component's samples lie. GStreamer's `GstVideoFormatInfo`
/// reduced to what the mirror, the downscalers and the outline are derived from (see
/// `PixelFormat.info`, the table of rows).
public struct FormatInfo: Sendable, Equatable {
    public enum ColorModel: Sendable, Equatable {
        /// Components are R, G, B.
        case rgb
        /// Components are Y, U, V (read as the frame's `FrameBuffer.encoding` says).
        case yuv
        /// One component (gray formats are full range).
        case gray
    }

    /// One colour component: where its samples lie in a row and how much of the picture each
    /// covers. Bytes not covered by any component (alpha, padding) belong to no component.
    public struct Component: Sendable, Equatable {
        public var plane: Int
        /// Byte offset of the first sample in a row.
        public var offset: Int
        /// Bytes from one sample to the next in a row.
        public var step: Int
        /// Luma pixels (columns, rows) covered by one sample.
        public var xSubsampling = 1
        public var ySubsampling = 1
    }

    public let model: ColorModel
    public let coding: SampleCoding
    /// R, G, B; Y, U, V; or the gray value alone, in that order.
    public let components: [Component]
}

/// The kinds of row `PixelFormat.info` is written in.
extension FormatInfo {
    /// Packed 8-bit RGB, `bytes` a pixel (a fourth byte is alpha or padding).
    static func packedRGB(r: Int, g: Int, b: Int, bytes: Int) -> FormatInfo {
        FormatInfo(
            model: .rgb, coding: SampleCoding(depth: 8),
            components: [r, g, b].map { Component(plane: 0, offset: $0, step: bytes) })
    }

    /// Packed 8-bit YUV 4:4:4 (AYUV).
    static func packedYUV(y: Int, u: Int, v: Int, bytes: Int) -> FormatInfo {
        FormatInfo(
            model: .yuv, coding: SampleCoding(depth: 8),
            components: [y, u, v].map { Component(plane: 0, offset: $0, step: bytes) })
    }

    static func gray(bits: Int, _ order: SampleCoding.ByteOrder = .little) -> FormatInfo {
        let coding = SampleCoding(depth: bits, byteOrder: order)
        return FormatInfo(
            model: .gray, coding: coding, components: [Component(plane: 0, offset: 0, step: coding.bytes)])
    }

    /// Y, U and V each in a plane of its own; chroma subsampled `x` by `y`.
    static func planar(
        x: Int, y: Int, uPlane: Int = 1, vPlane: Int = 2, bits: Int = 8,
        _ order: SampleCoding.ByteOrder = .little
    ) -> FormatInfo {
        let coding = SampleCoding(depth: bits, byteOrder: order)
        let step = coding.bytes
        return FormatInfo(
            model: .yuv, coding: coding,
            components: [
                Component(plane: 0, offset: 0, step: step),
                Component(plane: uPlane, offset: 0, step: step, xSubsampling: x, ySubsampling: y),
                Component(plane: vPlane, offset: 0, step: step, xSubsampling: x, ySubsampling: y)
            ])
    }

    /// 4:2:0 with Y in plane 0 and U, V interleaved in plane 1 (NV12, NV21).
    static func semiPlanar(u: Int, v: Int) -> FormatInfo {
        FormatInfo(
            model: .yuv, coding: SampleCoding(depth: 8),
            components: [
                Component(plane: 0, offset: 0, step: 1),
                Component(plane: 1, offset: u, step: 2, xSubsampling: 2, ySubsampling: 2),
                Component(plane: 1, offset: v, step: 2, xSubsampling: 2, ySubsampling: 2)
            ])
    }

    /// Packed 4:2:2: a 4-byte macropixel holds two Y and one U, V pair.
    static func packed422(y: Int, u: Int, v: Int) -> FormatInfo {
        FormatInfo(
            model: .yuv, coding: SampleCoding(depth: 8),
            components: [
                Component(plane: 0, offset: y, step: 2),
                Component(plane: 0, offset: u, step: 4, xSubsampling: 2),
                Component(plane: 0, offset: v, step: 4, xSubsampling: 2)
            ])
    }
}
