import CGStreamer
import Foundation
import TextMirrorTestSupport
import TextMirrorToolSupport

/// What a pipeline's bus said.
struct BusLog {
    var errors: [String] = []
    var warnings: [String] = []
    var detections: [DetectionMessage] = []
    var reachedEOS = false

    mutating func append(_ other: BusLog) {
        errors += other.errors
        warnings += other.warnings
        detections += other.detections
        reachedEOS = reachedEOS || other.reachedEOS
    }
}

/// What reached a watched fakesink: buffers counted on its streaming thread, and every `text` ROI
/// meta checked against the caps the buffer arrived with.
final class SinkStats: @unchecked Sendable {
    private let lock = NSLock()
    private var _buffers = 0
    private var _withBoxes = 0
    private var _misfits: [String] = []
    private var _last: [ReportedBox] = []

    fileprivate func record(_ buffer: UnsafeMutablePointer<GstBuffer>, pad: UnsafeMutablePointer<GstPad>?) {
        let boxes = textBoxes(of: buffer)
        var width = 0, height = 0
        if let pad, let caps = gst_pad_get_current_caps(pad) {
            var info = GstVideoInfo()
            if gst_video_info_from_caps(&info, caps) != 0 {
                width = Int(info.width)
                height = Int(info.height)
            }
            gst_caps_unref(caps)
        }
        let misfits = boxes.filter { !$0.fits(width: width, height: height) }
        lock.withLock {
            _buffers += 1
            if !boxes.isEmpty { _withBoxes += 1 }
            _last = boxes
            for box in misfits where _misfits.count < 20 { _misfits.append("\(box) in a \(width)x\(height) frame") }
        }
    }

    var buffers: Int { lock.withLock { _buffers } }
    var buffersWithBoxes: Int { lock.withLock { _withBoxes } }
    /// Boxes that did not fit the frame they were attached to (at most 20).
    var misfits: [String] { lock.withLock { _misfits } }
    var lastBoxes: [ReportedBox] { lock.withLock { _last } }
}

/// A real pipeline from a parse-launch description on its own streaming threads, driven from the
/// test thread: state changes, bus reading, fakesinks watched.
final class LivePipeline {
    let pipeline: UnsafeMutablePointer<GstElement>
    private let bus: UnsafeMutablePointer<GstBus>
    private var sinks: [String: SinkStats] = [:]

    struct BuildError: Error, CustomStringConvertible { let description: String }

    init(_ description: String) throws {
        GStreamer.setUp()
        var error: UnsafeMutablePointer<GError>?
        guard let element = gst_parse_launch(description, &error), error == nil else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw BuildError(description: "cannot build \"\(description)\": \(message)")
        }
        pipeline = element
        bus = gst_element_get_bus(element)!
    }

    deinit {
        gst_element_set_state(pipeline, GST_STATE_NULL)
        unrefObject(bus)
        unrefObject(pipeline)
    }

    /// The element named `name`; the pipeline keeps it alive.
    func element(_ name: String) -> UnsafeMutablePointer<GstElement> {
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        let element = gst_bin_get_by_name(bin, name)!
        unrefObject(element)
        return element
    }

    /// Counts and checks what reaches the fakesink `name` (which needs signal-handoffs=true).
    @discardableResult
    func watch(_ name: String) -> SinkStats {
        let stats = SinkStats()
        sinks[name] = stats
        let handoff:
            @convention(c) (
                UnsafeMutablePointer<GstElement>?, UnsafeMutablePointer<GstBuffer>?,
                UnsafeMutablePointer<GstPad>?, gpointer?
            ) -> Void = { _, buffer, pad, data in
                Unmanaged<SinkStats>.fromOpaque(data!).takeUnretainedValue().record(buffer!, pad: pad)
            }
        // `sinks` keeps the stats as long as the pipeline, which stops before it goes.
        g_signal_connect_data(
            element(name), "handoff", unsafeBitCast(handoff, to: GCallback.self),
            Unmanaged.passUnretained(stats).toOpaque(), nil, GConnectFlags(rawValue: 0))
        return stats
    }

    /// Changes state and waits for it (up to `timeout` seconds).
    @discardableResult
    func setState(_ state: GstState, timeout: Double = 10) -> GstStateChangeReturn {
        let result = gst_element_set_state(pipeline, state)
        if result == GST_STATE_CHANGE_FAILURE { return result }
        return gst_element_get_state(pipeline, nil, nil, GstClockTime(timeout * 1e9))
    }

    /// Messages posted so far, waiting up to `timeout` seconds for the first one when
    /// `untilDone` (EOS or an ERROR) is asked for.
    func drain(waitUntilDone: Bool = false, timeout: Double = 0) -> BusLog {
        var log = BusLog()
        let types = GstMessageType(
            rawValue: GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue
                | GST_MESSAGE_WARNING.rawValue | GST_MESSAGE_ELEMENT.rawValue)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let remaining = waitUntilDone ? max(0, deadline.timeIntervalSinceNow) : 0
            guard let message = gst_bus_timed_pop_filtered(bus, GstClockTime(remaining * 1e9), types) else { break }
            defer { gst_message_unref(message) }
            switch message.pointee.type {
            case GST_MESSAGE_EOS: log.reachedEOS = true
            case GST_MESSAGE_ERROR: log.errors.append(messageText(message))
            case GST_MESSAGE_WARNING: log.warnings.append(messageText(message))
            default: if let detection = DetectionMessage(message) { log.detections.append(detection) }
            }
            if waitUntilDone && (log.reachedEOS || !log.errors.isEmpty) { break }
        }
        return log
    }

    /// Plays until EOS or the first error (or the timeout), then goes to NULL.
    func run(timeout: Double = 60) -> BusLog {
        var log = BusLog()
        if setState(GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE {
            log.append(drain())
            if log.errors.isEmpty { log.errors.append("state change to PLAYING failed without an error message") }
            return log
        }
        log.append(drain(waitUntilDone: true, timeout: timeout))
        setState(GST_STATE_NULL)
        log.append(drain())
        return log
    }
}

/// Polls `condition` every 10 ms until it holds or `seconds` pass; whether it held. Tests wait
/// for what they need instead of sleeping a fixed time, so a loaded machine only makes them
/// slower, not fail.
@discardableResult
func waitFor(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() >= deadline { return false }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return true
}
