import CGStreamer

/// One element between two pads of our own: the same set-up as GstHarness (which lives in
/// gstreamer-check, not a dependency of this target), reduced to what timing needs.
///
/// `push` hands a buffer to the element with gst_pad_push and returns when the element has
/// pushed its result into our sink pad, on this thread. The time between is the time the
/// buffer spent inside the element (plus two pad hops, a fraction of a microsecond, which the
/// `identity` row makes visible). Nothing else runs in between: no source generating frames,
/// no queue, no other thread.
final class ElementHarness {
    let description: String
    private let element: UnsafeMutablePointer<GstElement>
    private let ourSource: UnsafeMutablePointer<GstPad>
    private let ourSink: UnsafeMutablePointer<GstPad>
    private let catcher = OutputCatcher()

    init(_ description: String, caps: UnsafeMutablePointer<GstCaps>) throws(ToolError) {
        self.description = description
        element = try launchElement(description)
        ourSource = gst_pad_new("src", GST_PAD_SRC)
        ourSink = gst_pad_new("sink", GST_PAD_SINK)
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(ourSource))
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(ourSink))
        gst_pad_set_element_private(ourSink, Unmanaged.passUnretained(catcher).toOpaque())
        gst_pad_set_chain_function_full(
            ourSink,
            { pad, _, buffer in
                // A C callback cannot capture; the catcher rides on the pad instead.
                guard let pad, let buffer, let box = gst_pad_get_element_private(pad) else { return GST_FLOW_ERROR }
                Unmanaged<OutputCatcher>.fromOpaque(box).takeUnretainedValue().take(buffer)
                return GST_FLOW_OK
            }, nil, nil)
        gst_pad_set_event_function_full(
            ourSink,
            { _, _, event in
                // Caps, segment and EOS arrive here; there is nothing downstream to tell.
                if let event { gst_event_unref(event) }
                return 1
            }, nil, nil)
        try link(caps: caps)
    }

    deinit {
        gst_element_set_state(element, GST_STATE_NULL)
        _ = gst_pad_set_active(ourSource, 0)
        _ = gst_pad_set_active(ourSink, 0)
        catcher.discard()
        unrefObject(ourSource)
        unrefObject(ourSink)
        unrefObject(element)
    }

    /// Pushes `input` (the caller's only reference passes to the element) and returns how long
    /// the element took and what it produced (owned by the caller). Timing stops before the
    /// output is released, so returning buffers to pools is not part of any measurement.
    func push(_ input: UnsafeMutablePointer<GstBuffer>) throws(ToolError)
        -> (nanoseconds: UInt64, output: UnsafeMutablePointer<GstBuffer>)
    {
        let start = MonotonicClock.nanoseconds()
        let flow = gst_pad_push(ourSource, input)
        let end = MonotonicClock.nanoseconds()
        guard flow == GST_FLOW_OK else {
            catcher.discard()
            throw ToolError("\(description): pushing a buffer returned \(String(cString: gst_flow_get_name(flow)))")
        }
        guard let output = catcher.takeOutput() else {
            throw ToolError("\(description): no buffer came out")
        }
        return (end - start, output)
    }

    private func link(caps: UnsafeMutablePointer<GstCaps>) throws(ToolError) {
        guard let elementSink = gst_element_get_static_pad(element, "sink"),
            let elementSource = gst_element_get_static_pad(element, "src")
        else {
            throw ToolError("\(description) has no static sink and src pads")
        }
        defer {
            unrefObject(elementSink)
            unrefObject(elementSource)
        }
        guard gst_pad_link(ourSource, elementSink) == GST_PAD_LINK_OK,
            gst_pad_link(elementSource, ourSink) == GST_PAD_LINK_OK
        else {
            throw ToolError("cannot link \(description)")
        }
        _ = gst_pad_set_active(ourSource, 1)
        _ = gst_pad_set_active(ourSink, 1)
        guard gst_element_set_state(element, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            throw ToolError("\(description) did not start")
        }
        var segment = GstSegment()
        gst_segment_init(&segment, GST_FORMAT_TIME)
        guard gst_pad_push_event(ourSource, gst_event_new_stream_start("textmirror-bench")) != 0,
            gst_pad_push_event(ourSource, gst_event_new_caps(caps)) != 0,
            gst_pad_push_event(ourSource, gst_event_new_segment(&segment)) != 0
        else {
            let text = gst_caps_to_string(caps).map { s in
                defer { g_free(s) }
                return String(cString: s)
            }
            throw ToolError("\(description) refused caps \(text ?? "?")")
        }
    }
}

/// Holds the buffer the element pushed into our sink pad until `push` collects it.
private final class OutputCatcher {
    private var buffer: UnsafeMutablePointer<GstBuffer>?

    func take(_ newBuffer: UnsafeMutablePointer<GstBuffer>) {
        // One buffer in, one out for every element here; a second would be a surprise, but must
        // not leak.
        if let buffer { gst_buffer_unref(buffer) }
        buffer = newBuffer
    }

    func takeOutput() -> UnsafeMutablePointer<GstBuffer>? {
        defer { buffer = nil }
        return buffer
    }

    func discard() {
        if let buffer { gst_buffer_unref(buffer) }
        buffer = nil
    }
}
