import CGStreamer
import Glibc
import TextMirrorCore
import TextMirrorEvalCore
import TextMirrorToolSupport

/// What the element made of one picture.
struct ElementResult {
    var input: RGBAPicture
    var output: RGBAPicture
    /// Boxes mirrored in the output frame (its ROI metas).
    var mirrored: [RotatedBox]
    /// Boxes in the element's `textmirror` message (nil: no message, e.g. post-messages=false).
    var detected: Int?
    var milliseconds: Double
    /// Where the output picture was written (with a save directory), as a PNG.
    var savedPicture: String?
}

/// Runs one picture through the real element, in the pipeline a user would write for a photo:
///
///     filesrc ! decodebin ! videoconvert ! video/x-raw,format=RGBA
///       ! textmirror detection-mode=sync [properties] ! fakesink
///
/// (plus a PNG branch with --save). Probes on the element's two pads copy the frame before and
/// after it is mirrored in place; RGBA by default, so every changed byte is a changed pixel,
/// with no chroma subsampling to smear a change over neighbours. Another `format` (a camera's)
/// is copied through GStreamer's converter to RGBA (FrameCapture.copyRGBA).
struct ElementRun {
    var properties: [(name: String, value: String)]
    var saveDirectory: String?
    /// A videoflip before textmirror (EvalOptions.mirrorInput).
    var mirrorInput = false
    /// The frames' format at the element (EvalOptions.format).
    var format: PixelFormat
    /// Time for one picture, model loading and network set-up included.
    var timeoutSeconds: UInt64 = 300

    func run(_ item: EvalItem) throws(ToolError) -> ElementResult {
        let savedPicture = saveDirectory.map { "\($0)/\(item.name).png" }
        var description =
            "filesrc name=source ! decodebin ! videoconvert ! video/x-raw,format=\(format.rawValue) "
            + (mirrorInput ? "! videoflip video-direction=horiz " : "")
            + "! textmirror name=mirror detection-mode=sync "
        if savedPicture != nil {
            description +=
                "! tee name=split ! queue ! fakesink sync=false "
                + "split. ! queue ! videoconvert ! pngenc snapshot=true ! filesink name=save"
        } else {
            description += "! fakesink sync=false"
        }
        let pipeline = try launchElement(description)
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            unrefObject(pipeline)
        }
        let source = try child(pipeline, "source")
        defer { unrefObject(source) }
        gst_util_set_object_arg(asGObject(source), "location", item.imagePath)
        let mirror = try child(pipeline, "mirror")
        defer { unrefObject(mirror) }
        for (name, value) in properties { try setProperty(mirror, name, value) }
        if let savedPicture {
            let save = try child(pipeline, "save")
            defer { unrefObject(save) }
            gst_util_set_object_arg(asGObject(save), "location", savedPicture)
        }

        let capture = FrameCapture()
        try addProbe(mirror, "sink", capture) { c, pad, buffer in c.takeInput(pad, buffer) }
        try addProbe(mirror, "src", capture) { c, pad, buffer in c.takeOutput(pad, buffer) }

        let start = MonotonicClock.seconds()
        guard gst_element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            throw ToolError(
                "\(item.imagePath): the pipeline did not start" + (popError(pipeline).map { ": \($0)" } ?? ""))
        }
        let detected = try waitForEnd(pipeline, item)
        let milliseconds = (MonotonicClock.seconds() - start) * 1000

        let s = capture.state.withLock { $0 }
        if let failure = s.failure { throw ToolError("\(item.imagePath): \(failure)") }
        guard let input = s.input, let output = s.output else {
            throw ToolError("\(item.imagePath): no frame came through the element")
        }
        guard input.width == output.width, input.height == output.height else {
            throw ToolError("\(item.imagePath): the element changed the frame size")
        }
        return ElementResult(
            input: input, output: output, mirrored: s.mirrored, detected: detected,
            milliseconds: milliseconds, savedPicture: savedPicture)
    }

    private func child(_ pipeline: UnsafeMutablePointer<GstElement>, _ name: String) throws(ToolError)
        -> UnsafeMutablePointer<GstElement>
    {
        guard let element = gst_bin_get_by_name(asBin(pipeline), name) else {
            throw ToolError("pipeline has no element \(name)")
        }
        return element
    }

    /// Calls `body` with each buffer passing the element's pad `padName`. The capture rides on
    /// the probe's user data (a C callback cannot capture), retained until the probe goes.
    private func addProbe(
        _ element: UnsafeMutablePointer<GstElement>, _ padName: String, _ capture: FrameCapture,
        _ body:
            @escaping @Sendable (
                FrameCapture, UnsafeMutablePointer<GstPad>,
                UnsafeMutablePointer<GstBuffer>
            ) -> Void
    ) throws(ToolError) {
        guard let pad = gst_element_get_static_pad(element, padName) else {
            throw ToolError("textmirror has no \(padName) pad")
        }
        defer { unrefObject(pad) }
        let context = Unmanaged.passRetained(ProbeContext(capture: capture, body: body)).toOpaque()
        _ = gst_pad_add_probe(
            pad, GST_PAD_PROBE_TYPE_BUFFER,
            { pad, info, data in
                guard let pad, let info, let data, let buffer = info.pointee.data else { return GST_PAD_PROBE_OK }
                let context = Unmanaged<ProbeContext>.fromOpaque(data).takeUnretainedValue()
                context.body(context.capture, pad, buffer.assumingMemoryBound(to: GstBuffer.self))
                return GST_PAD_PROBE_OK
            }, context,
            { data in
                if let data { Unmanaged<ProbeContext>.fromOpaque(data).release() }
            })
    }

    /// Waits for end-of-stream; returns the number of boxes in the element's `textmirror`
    /// message, if one came.
    private func waitForEnd(_ pipeline: UnsafeMutablePointer<GstElement>, _ item: EvalItem) throws(ToolError) -> Int? {
        guard let bus = gst_element_get_bus(pipeline) else { throw ToolError("pipeline without a bus") }
        defer { unrefObject(bus) }
        var detected: Int?
        let types = GstMessageType(
            GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue
                | GST_MESSAGE_WARNING.rawValue | GST_MESSAGE_ELEMENT.rawValue)
        while true {
            guard let message = gst_bus_timed_pop_filtered(bus, GstClockTime(timeoutSeconds * 1_000_000_000), types)
            else {
                throw ToolError("\(item.imagePath): no end of stream within \(timeoutSeconds) s")
            }
            defer { gst_message_unref(message) }
            switch message.pointee.type {
            case GST_MESSAGE_EOS:
                return detected
            case GST_MESSAGE_ERROR:
                throw ToolError("\(item.imagePath): \(messageText(message))")
            case GST_MESSAGE_WARNING:
                progress("warning: \(item.name): \(messageText(message))")
            case GST_MESSAGE_ELEMENT:
                if let s = gst_message_get_structure(message), gst_structure_has_name(s, "textmirror") != 0,
                    let boxes = gst_structure_get_value(s, "boxes")
                {
                    detected = Int(gst_value_list_get_size(boxes))
                }
            default:
                break
            }
        }
    }

    private func popError(_ pipeline: UnsafeMutablePointer<GstElement>) -> String? {
        guard let bus = gst_element_get_bus(pipeline) else { return nil }
        defer { unrefObject(bus) }
        guard let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) else { return nil }
        defer { gst_message_unref(message) }
        return messageText(message)
    }

}

/// The capture and what to do with each buffer, handed to a pad probe as its user data.
private final class ProbeContext: Sendable {
    let capture: FrameCapture
    let body: @Sendable (FrameCapture, UnsafeMutablePointer<GstPad>, UnsafeMutablePointer<GstBuffer>) -> Void

    init(
        capture: FrameCapture,
        body: @escaping @Sendable (FrameCapture, UnsafeMutablePointer<GstPad>, UnsafeMutablePointer<GstBuffer>) -> Void
    ) {
        self.capture = capture
        self.body = body
    }
}

enum MonotonicClock {
    static func seconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
