import CGStreamer
import TextMirrorCore

/// The picture every candidate is timed on, for one format and size, and a supply of writable
/// copies of it.
///
/// The picture is rendered once by videotestsrc (a pattern with content, not a blank frame), or
/// by any other launch fragment given as `source` (the text scene of `TextScene`).
/// Each timed push then gets its own copy from a buffer pool: the copy has a reference count of
/// 1, so in-place elements really work in place (a shared buffer would make GstBaseTransform
/// copy it first, and we would time that copy), and pool memory is reused, so no page faults
/// land inside a measurement.
final class SourceFrame {
    let format: String
    let caps: UnsafeMutablePointer<GstCaps>
    let info: GstVideoInfo
    private let picture: UnsafeMutablePointer<GstBuffer>
    private let pool: UnsafeMutablePointer<GstBufferPool>

    static let pattern = "smpte"

    /// `source`: gst-launch text of the elements that draw the picture (no trailing "!"); the
    /// format and size are forced by a caps filter after it. `encoder`: elements that compress
    /// the picture (`jpegenc`: the frames a camera sends as MJPEG), or nil for raw video.
    init(
        format: String, width: Int, height: Int,
        source: String = "videotestsrc pattern=\(SourceFrame.pattern)", encoder: String? = nil
    ) throws(ToolError) {
        self.format = encoder == nil ? format : "\(format) via \(encoder!)"
        let sample = try Self.render(source: source, format: format, width: width, height: height, encoder: encoder)
        defer { gst_sample_unref(sample) }
        guard let caps = gst_sample_get_caps(sample), let picture = gst_sample_get_buffer(sample) else {
            throw ToolError("videotestsrc gave no \(format) frame")
        }
        var info = GstVideoInfo()
        if encoder == nil {
            guard gst_video_info_from_caps(&info, caps) != 0 else {
                throw ToolError("cannot read the video info of \(format) caps")
            }
        } else {
            // Compressed: no planes, only bytes.
            info.size = gst_buffer_get_size(picture)
        }
        self.caps = gst_caps_ref(caps)
        self.picture = gst_buffer_ref(picture)
        self.info = info

        let pool = gst_buffer_pool_new()!
        let config = gst_buffer_pool_get_config(pool)
        gst_buffer_pool_config_set_params(config, caps, UInt32(info.size), 2, 0)
        guard gst_buffer_pool_set_config(pool, config) != 0, gst_buffer_pool_set_active(pool, 1) != 0 else {
            unrefObject(pool)
            throw ToolError("cannot set up a buffer pool for \(format)")
        }
        self.pool = pool
    }

    deinit {
        _ = gst_buffer_pool_set_active(pool, 0)
        unrefObject(pool)
        gst_buffer_unref(picture)
        gst_caps_unref(caps)
    }

    var byteCount: Int { Int(info.size) }

    /// A fresh writable buffer holding the picture; the caller owns its only reference.
    func writableCopy() throws(ToolError) -> UnsafeMutablePointer<GstBuffer> {
        var buffer: UnsafeMutablePointer<GstBuffer>? = nil
        guard gst_buffer_pool_acquire_buffer(pool, &buffer, nil) == GST_FLOW_OK, let buffer else {
            throw ToolError("cannot get a \(format) buffer from the pool")
        }
        var map = GstMapInfo()
        guard gst_buffer_map(picture, &map, GST_MAP_READ) != 0 else {
            gst_buffer_unref(buffer)
            throw ToolError("cannot map the \(format) picture")
        }
        let copied = gst_buffer_fill(buffer, 0, map.data, map.size)
        gst_buffer_unmap(picture, &map)
        guard copied == map.size else {
            gst_buffer_unref(buffer)
            throw ToolError("the \(format) picture does not fit a pool buffer")
        }
        return buffer
    }

    /// Reads the picture as a frame of planes (read only: the planes must not be written), for
    /// code that works below GStreamer (the detector's own timing).
    func withPicture<R>(_ body: (FrameBuffer) throws(ToolError) -> R) throws(ToolError) -> R {
        var map = GstMapInfo()
        guard gst_buffer_map(picture, &map, GST_MAP_READ) != 0, let base = map.data else {
            throw ToolError("cannot map the \(format) picture")
        }
        defer { gst_buffer_unmap(picture, &map) }
        guard let formatInfo = info.finfo else { throw ToolError("the \(format) picture is compressed") }
        let count = Int(formatInfo.pointee.n_planes)
        let planes = (0..<count).map {
            UnsafeMutableRawPointer(base) + Int(tupleElement(info.offset, $0, as: UInt.self))
        }
        let strides = (0..<count).map { Int(tupleElement(info.stride, $0, as: Int32.self)) }
        return try body(FrameBuffer(width: Int(info.width), height: Int(info.height), planes: planes, strides: strides))
    }

    /// Runs `SOURCE num-buffers=1 ! caps ! fakesink` and keeps fakesink's last sample. The first
    /// element of `source` gets num-buffers=1.
    private static func render(
        source: String, format: String, width: Int, height: Int,
        encoder: String?
    ) throws(ToolError)
        -> OpaquePointer  // GstSample is opaque to C (and so to Swift) too
    {
        let first = source.firstIndex(of: " ") ?? source.endIndex
        let pipeline = try launchElement(
            source[..<first] + " num-buffers=1" + source[first...]
                + " ! video/x-raw,format=\(format),width=\(width),height=\(height),framerate=30/1 "
                + (encoder.map { "! \($0) " } ?? "")
                + "! fakesink name=sink enable-last-sample=true")
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            unrefObject(pipeline)
        }
        try runToEndOfStream(pipeline)

        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        guard let sink = gst_bin_get_by_name(bin, "sink") else { throw ToolError("no fakesink in the pipeline") }
        defer { unrefObject(sink) }
        var value = GValue()
        g_value_init(&value, gst_sample_get_type())
        defer { g_value_unset(&value) }
        g_object_get_property(asGObject(sink), "last-sample", &value)
        guard let sample = g_value_dup_boxed(&value) else {
            throw ToolError("videotestsrc produced no \(format) \(width)x\(height) frame")
        }
        return OpaquePointer(sample)
    }

    private static func runToEndOfStream(_ pipeline: UnsafeMutablePointer<GstElement>) throws(ToolError) {
        guard gst_element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            throw ToolError("the videotestsrc pipeline did not start")
        }
        let bus = gst_element_get_bus(pipeline)!
        defer { unrefObject(bus) }
        let wanted = GstMessageType(rawValue: GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
        // GST_CLOCK_TIME_NONE (a cast macro Swift cannot import): wait without a timeout.
        guard let message = gst_bus_timed_pop_filtered(bus, GstClockTime.max, wanted) else {
            throw ToolError("the videotestsrc pipeline ended without EOS")
        }
        defer { gst_message_unref(message) }
        if message.pointee.type == GST_MESSAGE_ERROR {
            throw ToolError("videotestsrc pipeline: \(messageText(message))")
        }
    }
}
