import CGStreamer
import Glibc

/// A one-shot pipeline that ends in `filesink name=out`, run to its end: how the benchmark has
/// GStreamer decode a photo (`PhotoCanvas`) or draw a line of text (`TextRenderer`) into
/// memory, through a temporary file (no appsink needed).
struct FilePipeline {
    /// What the pipeline is for, as error messages name it ("decoding", "text").
    let purpose: String
    let launch: String

    /// Sets `properties` (element name, property, value: object args, so that no value needs
    /// quoting in the launch line), plays the pipeline to end-of-stream within `timeoutSeconds`
    /// and returns the video info of the caps that reached `out` (read before the pipeline
    /// goes back to NULL, which drops them; nil when there were none). `failure` is the error
    /// when the pipeline does not start or ends in an error.
    func run(
        properties: [(element: String, name: String, value: String)], timeoutSeconds: Int,
        failure: String
    ) throws(ToolError) -> GstVideoInfo? {
        var error: UnsafeMutablePointer<GError>? = nil
        guard let pipeline = gst_parse_launch(launch, &error), error == nil else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            if let error { g_error_free(error) }
            throw ToolError("cannot build the \(purpose) pipeline: \(message)")
        }
        defer { gst_object_unref(UnsafeMutableRawPointer(pipeline)) }
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        for property in properties {
            guard let element = gst_bin_get_by_name(bin, property.element) else {
                throw ToolError("\(purpose) pipeline has no element named \(property.element)")
            }
            gst_util_set_object_arg(
                UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self),
                property.name, property.value)
            gst_object_unref(UnsafeMutableRawPointer(element))
        }
        guard let sink = gst_bin_get_by_name(bin, "out") else {
            throw ToolError("\(purpose) pipeline has no element named out")
        }
        defer { gst_object_unref(UnsafeMutableRawPointer(sink)) }
        guard gst_element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            throw ToolError(failure)
        }
        defer { gst_element_set_state(pipeline, GST_STATE_NULL) }
        let bus = gst_element_get_bus(pipeline)
        let message = gst_bus_timed_pop_filtered(
            bus, GstClockTime(timeoutSeconds) * 1_000_000_000,
            GstMessageType(rawValue: GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue))
        let ok = message.map { $0.pointee.type == GST_MESSAGE_EOS } ?? false
        if let message { gst_message_unref(message) }
        if let bus { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        guard ok else { throw ToolError(failure) }
        guard let pad = gst_element_get_static_pad(sink, "sink") else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
        guard let caps = gst_pad_get_current_caps(pad) else { return nil }
        defer { gst_caps_unref(caps) }
        var info = GstVideoInfo()
        return gst_video_info_from_caps(&info, caps) != 0 ? info : nil
    }

    /// Up to `count` bytes of the file at `path` (fewer when it is shorter).
    static func read(_ path: String, count: Int) throws(ToolError) -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw ToolError("cannot read \(path)") }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        return Array(bytes.prefix(read))
    }
}
