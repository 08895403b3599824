import CGStreamer
import CGStreamerCheck
import TextMirrorTestSupport

/// A `GstHarness` around a parse-launch description (one element or a chain), in PLAYING from
/// the start, fed and drained from the test's own thread.
final class Harness {
    let harness: UnsafeMutablePointer<GstHarness>

    /// Properties in `description` are set before the elements start, which matters for
    /// properties such as `detect` that are read at start.
    init(_ description: String, caps: String) {
        GStreamer.setUp()
        harness = gst_harness_new_parse(description)!
        gst_harness_set_src_caps_str(harness, caps)
    }

    deinit { gst_harness_teardown(harness) }

    /// New caps mid-stream, as upstream renegotiating would send them.
    func setCaps(_ caps: String) { gst_harness_set_src_caps_str(harness, caps) }

    /// The element named `name` inside the harnessed bin (parse-launch names them "name=").
    func element(_ name: String) -> UnsafeMutablePointer<GstElement> {
        let bin = UnsafeMutableRawPointer(harness.pointee.element!).assumingMemoryBound(to: GstBin.self)
        let element = gst_bin_get_by_name(bin, name)!
        // The bin keeps its own reference for as long as the harness lives.
        gst_object_unref(UnsafeMutableRawPointer(element))
        return element
    }

    /// Pushes `buffer` (taking it over) and returns the buffer that came out, or nil.
    func process(_ buffer: UnsafeMutablePointer<GstBuffer>) -> OutputBuffer? {
        let flow = gst_harness_push(harness, buffer)
        guard flow == GST_FLOW_OK else { return nil }
        return gst_harness_try_pull(harness).map(OutputBuffer.init)
    }
}

/// A buffer the test owns one reference to, released with this value.
final class OutputBuffer {
    let buffer: UnsafeMutablePointer<GstBuffer>
    init(_ buffer: UnsafeMutablePointer<GstBuffer>) { self.buffer = buffer }
    deinit { gst_buffer_unref(buffer) }

    func picture(_ layout: VideoLayout) -> PictureBytes { PictureBytes(buffer, layout) }
    var bytes: [UInt8] { PatternBuffers.bytes(of: buffer) }
}

/// Mirrors the textmirror flip names onto videoflip's video-direction names.
enum FlipMode: String, CaseIterable, Sendable {
    case horizontal, vertical
    case rotate180 = "rotate-180"

    var videoDirection: String {
        switch self {
        case .horizontal: "horiz"
        case .vertical: "vert"
        case .rotate180: "180"
        }
    }

    /// Whether a frame of this size has two pixels that this flip exchanges.
    func changes(width: Int, height: Int) -> Bool {
        switch self {
        case .horizontal: width > 1
        case .vertical: height > 1
        case .rotate180: width > 1 || height > 1
        }
    }
}

/// One run of a frame through `videoflip`: the reference every full-frame mirror must equal.
func videoflipped(_ layout: VideoLayout, seed: UInt64, _ flip: FlipMode) -> OutputBuffer? {
    let harness = Harness("videoflip video-direction=\(flip.videoDirection)", caps: layout.caps)
    return harness.process(PatternBuffers.make(layout, seed: seed))
}

/// textmirror with the text detector off (it needs a model file); every element test uses it.
func textmirror(_ properties: String = "", name: String = "mirror") -> String {
    "textmirror name=\(name) detect=false \(properties)"
}
