import CGStreamer
import Glibc
import Synchronization

/// A pipeline fed by our own `appsrc` (named "src") with a `textmirror` named "tm" in it, and
/// pad probes on textmirror's sink and src pads that time each buffer's stay inside the element.
///
/// Frames are pushed by the caller's thread through appsrc's "push-buffer" action signal (the
/// benchmark does not link libgstapp); appsrc's own streaming thread then carries them through
/// textmirror, as a camera source's thread would. Element messages and QoS messages are counted
/// from the bus whenever the caller drains it.
final class AppSourcePipeline {
    let description: String
    private let pipeline: UnsafeMutablePointer<GstElement>
    private let source: UnsafeMutablePointer<GstElement>
    let mirror: UnsafeMutablePointer<GstElement>
    private let bus: UnsafeMutablePointer<GstBus>
    let probe = MirrorProbe()
    private var probeIds: [(UnsafeMutablePointer<GstPad>, gulong)] = []
    private let pushSignal: guint
    private let endSignal: guint
    private(set) var messages = BusCounts()

    /// `launch` must contain `textmirror name=tm` and a source named src: an `appsrc` (given
    /// `caps`), or a source that makes its own frames (caps nil; `push` is then refused).
    init(_ launch: String, caps: UnsafeMutablePointer<GstCaps>?) throws(ToolError) {
        description = launch
        pipeline = try launchElement(launch)
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        guard let source = gst_bin_get_by_name(bin, "src"), let mirror = gst_bin_get_by_name(bin, "tm") else {
            unrefObject(pipeline)
            throw ToolError("\"\(launch)\" needs an appsrc named src and a textmirror named tm")
        }
        self.source = source
        self.mirror = mirror
        bus = gst_element_get_bus(pipeline)
        let type = instanceType(source)
        pushSignal = g_signal_lookup("push-buffer", type)
        endSignal = g_signal_lookup("end-of-stream", type)
        guard (pushSignal != 0 && endSignal != 0) || caps == nil else { throw ToolError("src is not an appsrc") }
        if let caps, let text = gst_caps_to_string(caps) {
            gst_util_set_object_arg(asGObject(source), "caps", text)
            g_free(text)
        }
        try addProbes()
    }

    deinit {
        gst_element_set_state(pipeline, GST_STATE_NULL)
        for (pad, id) in probeIds {
            gst_pad_remove_probe(pad, id)
            unrefObject(pad)
        }
        unrefObject(bus)
        unrefObject(source)
        unrefObject(mirror)
        unrefObject(pipeline)
    }

    /// Whether textmirror has a property of this name (tracking arrived later than the rest).
    func mirrorHasProperty(_ name: String) -> Bool {
        let klass = UnsafeMutableRawPointer(instanceClass(mirror)).assumingMemoryBound(to: GObjectClass.self)
        return g_object_class_find_property(klass, name) != nil
    }

    /// Sets a textmirror property from its text form (as gst-launch would).
    func setMirrorProperty(_ name: String, _ value: String) {
        gst_util_set_object_arg(asGObject(mirror), name, value)
    }

    /// Sets the pipeline playing. textmirror's start (the model load) has run when this returns;
    /// the sink completes its state change only with the first buffer, so this does not wait
    /// for it.
    func play() throws(ToolError) {
        guard gst_element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            try drainBus()
            throw ToolError("\(description): did not start")
        }
        try drainBus()
    }

    /// Hands `buffer` to appsrc; the caller keeps (and must release) its own reference.
    func push(_ buffer: UnsafeMutablePointer<GstBuffer>) throws(ToolError) {
        guard pushSignal != 0 else { throw ToolError("\(description): src is not an appsrc") }
        var arguments = [GValue(), GValue()]
        g_value_init(&arguments[0], instanceType(source))
        g_value_set_object(&arguments[0], source)
        g_value_init(&arguments[1], gst_buffer_get_type())
        g_value_set_boxed(&arguments[1], buffer)
        var result = GValue()
        g_value_init(&result, gst_flow_return_get_type())
        g_signal_emitv(arguments, pushSignal, 0, &result)
        let flow = GstFlowReturn(rawValue: g_value_get_enum(&result))
        g_value_unset(&arguments[0])
        g_value_unset(&arguments[1])
        g_value_unset(&result)
        guard flow == GST_FLOW_OK else {
            try drainBus()
            throw ToolError("\(description): appsrc refused a buffer (\(String(cString: gst_flow_get_name(flow))))")
        }
    }

    /// Ends the stream after the buffers already pushed and waits for EOS at the sink.
    func finish(timeoutSeconds: UInt64 = 60) throws(ToolError) {
        if endSignal != 0 {
            var argument = GValue()
            g_value_init(&argument, instanceType(source))
            g_value_set_object(&argument, source)
            var result = GValue()
            g_value_init(&result, gst_flow_return_get_type())
            g_signal_emitv(&argument, endSignal, 0, &result)
            g_value_unset(&argument)
            g_value_unset(&result)
        } else {
            gst_element_send_event(pipeline, gst_event_new_eos())
        }
        let deadline = MonotonicClock.nanoseconds() + timeoutSeconds * 1_000_000_000
        while MonotonicClock.nanoseconds() < deadline {
            guard let message = gst_bus_timed_pop(bus, 100_000_000) else { continue }
            defer { gst_message_unref(message) }
            if message.pointee.type == GST_MESSAGE_EOS { return }
            try handle(message)
        }
        throw ToolError("\(description): no EOS within \(timeoutSeconds) s")
    }

    /// Counts what is waiting on the bus without blocking; an error message is thrown.
    func drainBus() throws(ToolError) {
        while let message = gst_bus_pop(bus) {
            defer { gst_message_unref(message) }
            try handle(message)
        }
    }

    /// A property of an element in the pipeline, read as a GstStructure (fakesink's "stats").
    func structureProperty(element name: String, _ property: String) -> [String: UInt64] {
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        guard let element = gst_bin_get_by_name(bin, name) else { return [:] }
        defer { unrefObject(element) }
        var value = GValue()
        g_value_init(&value, gst_structure_get_type())
        defer { g_value_unset(&value) }
        g_object_get_property(asGObject(element), property, &value)
        guard let raw = g_value_get_boxed(&value) else { return [:] }
        let structure = raw.assumingMemoryBound(to: GstStructure.self)
        var fields: [String: UInt64] = [:]
        for field in ["rendered", "dropped"] {
            var number: guint64 = 0
            if gst_structure_get_uint64(structure, field, &number) != 0 { fields[field] = UInt64(number) }
        }
        return fields
    }

    private func handle(_ message: UnsafeMutablePointer<GstMessage>) throws(ToolError) {
        switch message.pointee.type {
        case GST_MESSAGE_ERROR:
            throw ToolError("\(description): \(messageText(message))")
        case GST_MESSAGE_QOS:
            messages.qos += 1
        case GST_MESSAGE_ELEMENT:
            guard let structure = gst_message_get_structure(message),
                gst_structure_has_name(structure, "textmirror") != 0
            else { return }
            var timestamp: guint64 = 0
            _ = gst_structure_get_uint64(structure, "timestamp", &timestamp)
            let boxes = gst_structure_get_value(structure, "boxes").map { Int(gst_value_list_get_size($0)) } ?? 0
            messages.detections.append((pts: UInt64(timestamp), boxes: boxes))
        default:
            break
        }
    }

    private func addProbes() throws(ToolError) {
        let user = Unmanaged.passUnretained(probe).toOpaque()
        guard let sink = gst_element_get_static_pad(mirror, "sink"),
            let src = gst_element_get_static_pad(mirror, "src")
        else {
            throw ToolError("textmirror has no static pads")
        }
        let entering = gst_pad_add_probe(
            sink, GST_PAD_PROBE_TYPE_BUFFER,
            { _, info, user in
                guard let info, let user else { return GST_PAD_PROBE_OK }
                let buffer = info.pointee.data.assumingMemoryBound(to: GstBuffer.self)
                Unmanaged<MirrorProbe>.fromOpaque(user).takeUnretainedValue().entered(pts: UInt64(buffer.pointee.pts))
                return GST_PAD_PROBE_OK
            }, user, nil)
        let leaving = gst_pad_add_probe(
            src, GST_PAD_PROBE_TYPE_BUFFER,
            { _, _, user in
                guard let user else { return GST_PAD_PROBE_OK }
                Unmanaged<MirrorProbe>.fromOpaque(user).takeUnretainedValue().left()
                return GST_PAD_PROBE_OK
            }, user, nil)
        probeIds = [(sink, entering), (src, leaving)]
    }
}

/// What the bus said during a run.
struct BusCounts {
    /// One entry per `textmirror` element message: the PTS of the frame detected on and the
    /// number of boxes found.
    var detections: [(pts: UInt64, boxes: Int)] = []
    var qos = 0
}

/// Filled by the pad probes on textmirror's streaming thread; read by the main thread only
/// once the stream has ended (the pipeline's state change orders the two), or through `lock`.
final class MirrorProbe: @unchecked Sendable {
    /// One per buffer that came out, in order: its PTS, its (wall-clock) time inside textmirror
    /// and the CPU time the streaming thread spent meanwhile (the same on an idle machine; on a
    /// busy one, the wall-clock time also holds the waits for a core).
    private(set) var samples: [(pts: UInt64, nanoseconds: UInt64, cpuNanoseconds: UInt64)] = []
    private(set) var buffersIn = 0
    private(set) var buffersOut = 0
    /// buffersOut, readable from any thread while the stream runs.
    private let outCount = Atomic<Int>(0)
    var framesOut: Int { outCount.load(ordering: .acquiring) }
    private var enteredAt: UInt64 = 0
    private var enteredPTS: UInt64 = 0
    private var enteredCPU: UInt64 = 0
    /// The streaming thread's kernel id, learnt on the first buffer.
    private let streamingThreadID = Atomic<Int32>(0)
    var streamingThread: Int32? {
        let id = streamingThreadID.load(ordering: .acquiring)
        return id == 0 ? nil : id
    }
    /// Called on the streaming thread after each buffer left, with the number out so far.
    var onOutput: ((Int) -> Void)?

    init() { samples.reserveCapacity(1 << 14) }

    fileprivate func entered(pts: UInt64) {
        if buffersIn == 0, let id = ProcessStats.currentThreadID() { streamingThreadID.store(id, ordering: .releasing) }
        buffersIn += 1
        enteredPTS = pts
        enteredCPU = MonotonicClock.threadCPUNanoseconds()
        enteredAt = MonotonicClock.nanoseconds()
    }

    fileprivate func left() {
        let now = MonotonicClock.nanoseconds()
        let cpu = MonotonicClock.threadCPUNanoseconds()
        buffersOut += 1
        outCount.store(buffersOut, ordering: .releasing)
        // Sink and src probe run on the same streaming thread, one buffer at a time (textmirror
        // works in place and pushes before it takes the next buffer).
        if samples.count < samples.capacity { samples.append((enteredPTS, now - enteredAt, cpu &- enteredCPU)) }
        onOutput?(buffersOut)
    }
}

/// G_TYPE_FROM_INSTANCE and G_OBJECT_GET_CLASS, which are macros.
private func instanceClass<T>(_ object: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GTypeClass> {
    UnsafeMutableRawPointer(object).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class
}

private func instanceType<T>(_ object: UnsafeMutablePointer<T>) -> GType {
    instanceClass(object).pointee.g_type
}

/// Sleeps until `nanoseconds` on the monotonic clock.
func sleepUntil(_ nanoseconds: UInt64) {
    var time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
}
