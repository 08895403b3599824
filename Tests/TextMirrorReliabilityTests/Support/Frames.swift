import CGStreamer
import CGStreamerCheck
import Foundation
import TextMirrorCore
import TextMirrorTestSupport

/// One raw video frame in GStreamer's default layout for its caps, owned by the test; every push
/// sends a fresh copy, so a frame can be reused.
struct Frame: Sendable {
    let format: String
    let width: Int
    let height: Int
    let bytes: [UInt8]

    var caps: String { Frame.caps(format, width, height) }

    static func caps(_ format: String, _ width: Int, _ height: Int) -> String {
        "video/x-raw,format=\(format),width=\(width),height=\(height),framerate=30/1"
    }

    /// The byte size of one frame of this format and size (GstVideoInfo's).
    static func size(_ format: String, _ width: Int, _ height: Int) -> Int {
        GStreamer.setUp()
        var info = GstVideoInfo()
        precondition(
            gst_video_info_set_format(
                &info, gst_video_format_from_string(format),
                guint(width), guint(height)) != 0, "\(format) \(width)x\(height)")
        return Int(info.size)
    }

    func makeBuffer() -> UnsafeMutablePointer<GstBuffer> {
        let buffer = gst_buffer_new_allocate(nil, gsize(bytes.count), nil)!
        _ = bytes.withUnsafeBytes { gst_buffer_fill(buffer, 0, $0.baseAddress, gsize($0.count)) }
        return buffer
    }
}

/// Frames the tests push: white ones with a line of text drawn by `textoverlay` (which the
/// detector finds), plain white ones (where it finds nothing), and random bytes. Rendered frames
/// are cached: drawing one costs a pipeline.
enum Frames {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [String: Frame] = [:]

    /// A white frame with `text` in large letters across its middle.
    static func text(
        _ format: String, _ width: Int, _ height: Int, text: String = "TEXT 42",
        font: String? = nil
    ) -> Frame {
        // Letters about a quarter of the frame height (less where the line would not fit): clearly
        // text at every detection size used here. textoverlay scales the font with the frame on
        // large frames, where 80px already spans half of an 8K frame.
        let points = max(6, min(width * 4 / (3 * (text.count + 2)), height / 4, 80))
        let fontDesc = font ?? "DejaVu Sans Bold \(points)px"
        return render(
            format, width, height,
            element:
                "textoverlay text=\"\(text)\" font-desc=\"\(fontDesc)\" wrap-mode=none valignment=center halignment=center "
                + "shaded-background=false draw-shadow=false draw-outline=false color=0xff000000")
    }

    /// A plain white frame: nothing for the detector to find.
    static func blank(_ format: String, _ width: Int, _ height: Int) -> Frame {
        render(format, width, height, element: "identity")
    }

    /// videotestsrc's random "snow" (fast for huge frames, where `pattern` would take a while).
    static func snow(_ format: String, _ width: Int, _ height: Int) -> Frame {
        render(format, width, height, element: "identity", pattern: "snow")
    }

    /// Random bytes (every byte, not just picture bytes), from a seed.
    static func pattern(_ format: String, _ width: Int, _ height: Int, seed: UInt64) -> Frame {
        var rng = SplitMix64(seed: seed)
        let size = Frame.size(format, width, height)
        var bytes = [UInt8](repeating: 0, count: size)
        var i = 0
        while i < size {
            var word = rng.next()
            for _ in 0..<min(8, size - i) {
                bytes[i] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                i += 1
            }
        }
        return Frame(format: format, width: width, height: height, bytes: bytes)
    }

    private static func render(
        _ format: String, _ width: Int, _ height: Int, element: String,
        pattern: String = "white"
    ) -> Frame {
        let key = "\(format) \(width)x\(height) \(pattern) \(element)"
        if let cached = lock.withLock({ cache[key] }) { return cached }
        GStreamer.setUp()
        let harness = gst_harness_new_parse(element)!
        defer { gst_harness_teardown(harness) }
        gst_harness_add_src_parse(
            harness, "videotestsrc pattern=\(pattern) ! capsfilter caps=\"\(Frame.caps(format, width, height))\"", 0)
        precondition(gst_harness_push_from_src(harness) == GST_FLOW_OK, "could not render \(key)")
        let buffer = gst_harness_pull(harness)!
        defer { gst_buffer_unref(buffer) }
        let size = Frame.size(format, width, height)
        precondition(Int(gst_buffer_get_size(buffer)) == size, "\(key): unexpected buffer size")
        var bytes = [UInt8](repeating: 0, count: size)
        _ = bytes.withUnsafeMutableBytes { gst_buffer_extract(buffer, 0, $0.baseAddress, gsize(size)) }
        let frame = Frame(format: format, width: width, height: height, bytes: bytes)
        lock.withLock { cache[key] = frame }
        return frame
    }
}
