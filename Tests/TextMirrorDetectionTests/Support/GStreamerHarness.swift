import CGStreamer
import CGStreamerCheck
import TextMirrorCore
import TextMirrorTestSupport

/// Raw video bytes in GStreamer's default layout for a format and size (plane offsets and
/// strides as GstVideoInfo computes them), so frames can go through real elements and be
/// read back by the code under test.
struct RawVideo {
    let format: PixelFormat
    let width: Int
    let height: Int
    var bytes: [UInt8]
    let offsets: [Int]
    let strides: [Int]

    init(format: PixelFormat, width: Int, height: Int, bytes: [UInt8]? = nil) {
        GStreamer.setUp()
        let info = gst_video_info_new()!
        defer { gst_video_info_free(info) }
        precondition(
            gst_video_info_set_format(
                info, gst_video_format_from_string(format.rawValue),
                guint(width), guint(height)) != 0)
        let planes = Int(info.pointee.finfo.pointee.n_planes)
        let offsets = withUnsafeBytes(of: info.pointee.offset) { Array($0.bindMemory(to: Int.self)) }
        let strides = withUnsafeBytes(of: info.pointee.stride) { Array($0.bindMemory(to: Int32.self)) }
        self.format = format
        self.width = width
        self.height = height
        self.offsets = Array(offsets.prefix(planes))
        self.strides = strides.prefix(planes).map(Int.init)
        let size = Int(info.pointee.size)
        if let bytes { precondition(bytes.count == size, "\(format) \(width)x\(height) needs \(size) bytes") }
        self.bytes = bytes ?? [UInt8](repeating: 0, count: size)
    }

    var caps: String { "video/x-raw,format=\(format.rawValue),width=\(width),height=\(height),framerate=30/1" }

    /// The frame as the core sees it; valid only inside `body`.
    mutating func withFrameBuffer<R>(_ body: (FrameBuffer) throws -> R) rethrows -> R {
        let offsets = self.offsets, strides = self.strides
        return try bytes.withUnsafeMutableBytes { raw in
            try body(
                FrameBuffer(
                    width: width, height: height,
                    planes: offsets.map { raw.baseAddress! + $0 }, strides: strides))
        }
    }
}

/// Pushes one frame through one element in a GstHarness and returns the frame it outputs.
/// `properties` are set from strings, as gst-launch would.
func runElement(
    _ name: String, sinkPad: String = "sink", srcPad: String = "src",
    properties: [(String, String)] = [], input: RawVideo, outputCaps: String? = nil,
    output: (format: PixelFormat, width: Int, height: Int)? = nil
) -> RawVideo {
    GStreamer.setUp()
    guard let harness = gst_harness_new_with_padnames(name, sinkPad, srcPad) else {
        fatalError("no GStreamer element \(name); is its plugin installed?")
    }
    defer { gst_harness_teardown(harness) }
    let object = UnsafeMutableRawPointer(harness.pointee.element).assumingMemoryBound(to: GObject.self)
    for (key, value) in properties { gst_util_set_object_arg(object, key, value) }
    gst_harness_set_src_caps_str(harness, input.caps)
    if let outputCaps { gst_harness_set_sink_caps_str(harness, outputCaps) }

    let buffer = gst_buffer_new_allocate(nil, gsize(input.bytes.count), nil)!
    _ = input.bytes.withUnsafeBytes { gst_buffer_fill(buffer, 0, $0.baseAddress, gsize($0.count)) }
    // textoverlay drops frames without a timestamp.
    buffer.pointee.pts = 0
    buffer.pointee.duration = 33_333_333
    precondition(gst_harness_push(harness, buffer) == GST_FLOW_OK, "\(name) refused the frame")
    guard let outBuffer = gst_harness_pull(harness) else { fatalError("\(name) produced no frame") }
    defer { gst_buffer_unref(outBuffer) }

    let shape = output ?? (input.format, input.width, input.height)
    var result = RawVideo(format: shape.format, width: shape.width, height: shape.height)
    let size = Int(gst_buffer_get_size(outBuffer))
    precondition(size == result.bytes.count, "\(name) produced \(size) bytes, expected \(result.bytes.count)")
    _ = result.bytes.withUnsafeMutableBytes { gst_buffer_extract(outBuffer, 0, $0.baseAddress, gsize($0.count)) }
    return result
}
