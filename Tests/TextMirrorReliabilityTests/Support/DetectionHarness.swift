import CGStreamer
import TextMirrorToolSupport
import CGStreamerCheck
import TextMirrorTestSupport

/// One `text` box as the element reports it, on an output buffer (ROI meta) or in a detection
/// message: the axis-aligned bounding box in frame pixels.
struct ReportedBox: Equatable, CustomStringConvertible {
    var x: Int, y: Int, width: Int, height: Int

    var description: String { "\(width)x\(height)+\(x)+\(y)" }

    func fits(width frameWidth: Int, height frameHeight: Int) -> Bool {
        x >= 0 && y >= 0 && width >= 0 && height >= 0 && x + width <= frameWidth && y + height <= frameHeight
    }
}

/// A `textmirror` element message: the frame the detection ran on and the boxes it found.
struct DetectionMessage {
    var timestamp: UInt64
    var boxes: [ReportedBox]
}

/// A `GstHarness` around a parse-launch description, fed from the test's own thread (which is
/// then the streaming thread), with a bus of its own so the element's messages and errors can be
/// read (a harness has none by default).
final class DetectionHarness {
    let harness: UnsafeMutablePointer<GstHarness>
    let bus: UnsafeMutablePointer<GstBus>
    private(set) var caps: String
    private var segmentSent = false

    /// Properties in `description` are set before the element starts (detect and model are
    /// read at start).
    init(_ description: String, caps: String) {
        GStreamer.setUp()
        bus = gst_bus_new()
        harness = gst_harness_new_parse(description)!
        gst_element_set_bus(harness.pointee.element, bus)
        self.caps = caps
        gst_harness_set_src_caps_str(harness, caps)
    }

    deinit {
        gst_harness_teardown(harness)
        unrefObject(bus)
    }

    /// New caps mid-stream, as upstream renegotiating would send them.
    func setCaps(_ caps: String) {
        self.caps = caps
        gst_harness_set_src_caps_str(harness, caps)
    }

    /// The element named `name` inside the harnessed bin; the bin keeps it alive.
    func element(_ name: String) -> UnsafeMutablePointer<GstElement> {
        let bin = UnsafeMutableRawPointer(harness.pointee.element!).assumingMemoryBound(to: GstBin.self)
        let element = gst_bin_get_by_name(bin, name)!
        unrefObject(element)
        return element
    }

    /// Pushes a copy of `frame` stamped `pts` (duration 1/30 s) and returns the buffer that came
    /// out, or nil when the push failed.
    func push(_ frame: Frame, pts: UInt64) -> OutputFrame? {
        let buffer = frame.makeBuffer()
        buffer.pointee.pts = GstClockTime(pts)
        buffer.pointee.duration = 33_333_333
        guard gst_harness_push(harness, buffer) == GST_FLOW_OK else { return nil }
        return gst_harness_try_pull(harness).map(OutputFrame.init)
    }

    /// A flushing seek as the element sees it: flush-start, flush-stop, a new segment.
    func flush() {
        gst_harness_push_event(harness, gst_event_new_flush_start())
        gst_harness_push_event(harness, gst_event_new_flush_stop(1))
        var segment = GstSegment()
        gst_segment_init(&segment, GST_FORMAT_TIME)
        gst_harness_push_event(harness, gst_event_new_segment(&segment))
        // Whatever came out before the flush is of no interest any more.
        while let stale = gst_harness_try_pull(harness) { gst_buffer_unref(stale) }
    }

    /// The detection messages posted since the last call, oldest first.
    func detections() -> [DetectionMessage] {
        var found: [DetectionMessage] = []
        while let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ELEMENT) {
            defer { gst_message_unref(message) }
            if let detection = DetectionMessage(message) { found.append(detection) }
        }
        return found
    }

    /// Error and warning texts posted since the last call.
    func problems() -> (errors: [String], warnings: [String]) {
        var errors: [String] = [], warnings: [String] = []
        let types = GstMessageType(rawValue: GST_MESSAGE_ERROR.rawValue | GST_MESSAGE_WARNING.rawValue)
        while let message = gst_bus_pop_filtered(bus, types) {
            defer { gst_message_unref(message) }
            let text = messageText(message)
            if message.pointee.type == GST_MESSAGE_ERROR { errors.append(text) } else { warnings.append(text) }
        }
        return (errors, warnings)
    }
}

/// A buffer the test owns one reference to, released with this value.
final class OutputFrame {
    let buffer: UnsafeMutablePointer<GstBuffer>
    init(_ buffer: UnsafeMutablePointer<GstBuffer>) { self.buffer = buffer }
    deinit { gst_buffer_unref(buffer) }

    /// The `text` region-of-interest metas the element attached.
    var boxes: [ReportedBox] { textBoxes(of: buffer) }
    var pts: UInt64 { UInt64(buffer.pointee.pts) }
}

/// The `text` ROI metas of a buffer.
func textBoxes(of buffer: UnsafeMutablePointer<GstBuffer>) -> [ReportedBox] {
    var boxes: [ReportedBox] = []
    var state: gpointer?
    let api = gst_video_region_of_interest_meta_api_get_type()
    while let meta = gst_buffer_iterate_meta_filtered(buffer, &state, api) {
        let roi = UnsafeMutableRawPointer(meta).assumingMemoryBound(to: GstVideoRegionOfInterestMeta.self)
        guard g_quark_to_string(roi.pointee.roi_type).map({ String(cString: $0) }) == "text" else { continue }
        boxes.append(
            ReportedBox(
                x: Int(roi.pointee.x), y: Int(roi.pointee.y),
                width: Int(roi.pointee.w), height: Int(roi.pointee.h)))
    }
    return boxes
}

extension DetectionMessage {
    /// Nil for messages that are not textmirror detections.
    init?(_ message: UnsafeMutablePointer<GstMessage>) {
        guard message.pointee.type == GST_MESSAGE_ELEMENT,
            let structure = gst_message_get_structure(message),
            String(cString: gst_structure_get_name(structure)) == "textmirror"
        else { return nil }
        var timestamp: guint64 = 0
        _ = gst_structure_get_uint64(structure, "timestamp", &timestamp)
        var boxes: [ReportedBox] = []
        if let list = gst_structure_get_value(structure, "boxes") {
            for i in 0..<gst_value_list_get_size(list) {
                guard let item = gst_value_get_structure(gst_value_list_get_value(list, i)) else { continue }
                var x: guint = 0, y: guint = 0, w: guint = 0, h: guint = 0
                _ = gst_structure_get_uint(item, "x", &x)
                _ = gst_structure_get_uint(item, "y", &y)
                _ = gst_structure_get_uint(item, "width", &w)
                _ = gst_structure_get_uint(item, "height", &h)
                boxes.append(ReportedBox(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
            }
        }
        self.init(timestamp: UInt64(timestamp), boxes: boxes)
    }
}
