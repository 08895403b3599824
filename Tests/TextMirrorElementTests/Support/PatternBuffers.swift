import CGStreamer

/// A well-mixed byte for (seed, index): neighbouring and mirrored bytes hardly ever agree, so
/// any misplaced byte shows.
func patternByte(_ seed: UInt64, _ index: UInt64) -> UInt8 {
    var z = seed &* 0x9E37_79B9_7F4A_7C15 &+ index
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return UInt8(truncatingIfNeeded: z ^ (z >> 31))
}

enum PatternBuffers {
    /// A new buffer of `layout.size` bytes, every byte (padding too) from the pattern, with a
    /// `GstVideoMeta` when the layout is not GStreamer's default.
    static func make(_ layout: VideoLayout, seed: UInt64) -> UnsafeMutablePointer<GstBuffer> {
        let bytes = (0..<layout.size).map { patternByte(seed, UInt64($0)) }
        return make(layout, bytes: bytes)
    }

    static func make(_ layout: VideoLayout, bytes: [UInt8]) -> UnsafeMutablePointer<GstBuffer> {
        precondition(bytes.count == layout.size)
        let buffer = gst_buffer_new_allocate(nil, gsize(layout.size), nil)!
        _ = bytes.withUnsafeBytes { gst_buffer_fill(buffer, 0, $0.baseAddress, gsize(layout.size)) }
        if layout.isCustom { addVideoMeta(buffer, layout) }
        return buffer
    }

    static func addVideoMeta(_ buffer: UnsafeMutablePointer<GstBuffer>, _ layout: VideoLayout) {
        var offsets = [gsize](repeating: 0, count: 4)
        var strides = [gint](repeating: 0, count: 4)
        for p in 0..<layout.planeCount {
            offsets[p] = gsize(layout.offsets[p])
            strides[p] = gint(layout.strides[p])
        }
        let meta = gst_buffer_add_video_meta_full(
            buffer, GST_VIDEO_FRAME_FLAG_NONE,
            gst_video_format_from_string(layout.formatName),
            guint(layout.width), guint(layout.height),
            guint(layout.planeCount), &offsets, &strides)
        precondition(meta != nil)
    }

    /// A buffer in `layout` holding `picture` (taken from a buffer of any layout of the same
    /// format and size), with every other byte from the pattern.
    static func make(_ layout: VideoLayout, picture: PictureBytes, seed: UInt64) -> UnsafeMutablePointer<GstBuffer> {
        var bytes = (0..<layout.size).map { patternByte(seed, UInt64($0)) }
        for (plane, rows) in picture.planes.enumerated() {
            let visible = layout.visibleOffsets(plane: plane)
            for (row, values) in rows.enumerated() {
                let start = layout.offsets[plane] + row * layout.strides[plane]
                for (offset, value) in zip(visible, values) { bytes[start + offset] = value }
            }
        }
        return make(layout, bytes: bytes)
    }

    /// All bytes of a buffer, as they are in memory.
    static func bytes(of buffer: UnsafeMutablePointer<GstBuffer>) -> [UInt8] {
        let size = Int(gst_buffer_get_size(buffer))
        var out = [UInt8](repeating: 0, count: size)
        _ = out.withUnsafeMutableBytes { gst_buffer_extract(buffer, 0, $0.baseAddress, gsize(size)) }
        return out
    }
}
