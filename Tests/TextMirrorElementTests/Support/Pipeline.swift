import CGStreamer
import Foundation
import TextMirrorTestSupport
import TextMirrorToolSupport

/// A real pipeline from a parse-launch description, run to EOS on its own streaming threads.
/// Buffers reaching a `fakesink` named in `capture` are kept as picture bytes; the bus's
/// warnings and errors are kept as text.
final class Pipeline {
    struct Result {
        var frames: [String: [PictureBytes]] = [:]
        var warnings: [String] = []
        var errors: [String] = []
        var reachedEOS = false
    }

    /// Collects the frames of one sink; called on its streaming thread.
    private final class Capture: @unchecked Sendable {
        let layout: VideoLayout
        private let lock = NSLock()
        private var frames: [PictureBytes] = []
        init(_ layout: VideoLayout) { self.layout = layout }
        func add(_ frame: PictureBytes) { lock.withLock { frames.append(frame) } }
        var collected: [PictureBytes] { lock.withLock { frames } }
    }

    let pipeline: UnsafeMutablePointer<GstElement>
    private var captures: [String: Capture] = [:]

    init(_ description: String) throws {
        GStreamer.setUp()
        var error: UnsafeMutablePointer<GError>?
        guard let element = gst_parse_launch(description, &error), error == nil else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            throw PipelineError(message: "cannot build \"\(description)\": \(message)")
        }
        pipeline = element
    }

    deinit {
        gst_element_set_state(pipeline, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(pipeline))
    }

    struct PipelineError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// The element named `name`; the pipeline keeps it alive.
    func element(_ name: String) -> UnsafeMutablePointer<GstElement> {
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        let element = gst_bin_get_by_name(bin, name)!
        gst_object_unref(UnsafeMutableRawPointer(element))
        return element
    }

    /// Keeps the frames reaching the fakesink `name` (which needs signal-handoffs=true).
    func capture(_ name: String, _ layout: VideoLayout) {
        let capture = Capture(layout)
        captures[name] = capture
        let handoff:
            @convention(c) (
                UnsafeMutablePointer<GstElement>?, UnsafeMutablePointer<GstBuffer>?,
                UnsafeMutablePointer<GstPad>?, gpointer?
            ) -> Void = { _, buffer, _, data in
                let capture = Unmanaged<Capture>.fromOpaque(data!).takeUnretainedValue()
                capture.add(PictureBytes(buffer!, capture.layout))
            }
        // The capture lives in `captures` as long as the pipeline, so an unretained pointer is safe.
        g_signal_connect_data(
            element(name), "handoff", unsafeBitCast(handoff, to: GCallback.self),
            Unmanaged.passUnretained(capture).toOpaque(), nil, GConnectFlags(rawValue: 0))
    }

    /// Messages posted so far (without running), e.g. warnings from property setters.
    func pendingMessages() -> Result {
        var result = Result()
        drainBus(into: &result, timeout: 0)
        return result
    }

    /// Plays to EOS or the first error (or the timeout), then stops.
    func run(timeoutSeconds: GstClockTime = 20) -> Result {
        var result = Result()
        gst_element_set_state(pipeline, GST_STATE_PLAYING)
        drainBus(into: &result, timeout: timeoutSeconds * 1_000_000_000, untilDone: true)
        gst_element_set_state(pipeline, GST_STATE_NULL)
        for (name, capture) in captures { result.frames[name] = capture.collected }
        return result
    }

    private func drainBus(into result: inout Result, timeout: GstClockTime, untilDone: Bool = false) {
        let bus = gst_element_get_bus(pipeline)!
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        let types = GstMessageType(
            rawValue: GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue
                | GST_MESSAGE_WARNING.rawValue)
        while let message = gst_bus_timed_pop_filtered(bus, timeout, types) {
            defer { gst_message_unref(message) }
            switch message.pointee.type {
            case GST_MESSAGE_EOS:
                result.reachedEOS = true
                return
            case GST_MESSAGE_ERROR:
                result.errors.append(messageText(message))
                return
            default:
                result.warnings.append(messageText(message))
                if !untilDone { continue }
            }
        }
    }
}
