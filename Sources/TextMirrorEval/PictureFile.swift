import CGStreamer
import Glibc
import TextMirrorEvalCore

/// Writes pictures as image files through GStreamer's own encoders, as the element's users
/// would (`rawvideoparse ! videoconvert ! jpegenc`): the picture goes to a temporary raw file
/// first, since this tool does not link libgstapp for an appsrc.
enum PictureFile {
    static func writeJPEG(_ picture: RGBAPicture, to path: String, quality: Int = 85) throws(ToolError) {
        var template = Array("/tmp/textmirror-eval-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw ToolError("cannot create a temporary file: \(String(cString: strerror(errno)))") }
        let raw = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(raw) }
        let written = picture.pixels.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == picture.pixels.count else { throw ToolError("\(raw): could not write the picture") }

        let pipeline = try launchElement(
            "filesrc name=source blocksize=\(picture.pixels.count) ! rawvideoparse format=rgba "
                + "width=\(picture.width) height=\(picture.height) framerate=1/1 ! videoconvert "
                + "! jpegenc quality=\(quality) ! filesink name=sink")
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            unrefObject(pipeline)
        }
        for (name, location) in [("source", raw), ("sink", path)] {
            guard let element = gst_bin_get_by_name(asBin(pipeline), name) else { throw ToolError("no \(name)") }
            gst_util_set_object_arg(asGObject(element), "location", location)
            unrefObject(element)
        }
        guard gst_element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            throw ToolError("\(path): the encoding pipeline did not start")
        }
        guard let bus = gst_element_get_bus(pipeline) else { throw ToolError("pipeline without a bus") }
        defer { unrefObject(bus) }
        let types = GstMessageType(GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
        guard let message = gst_bus_timed_pop_filtered(bus, 60_000_000_000, types) else {
            throw ToolError("\(path): encoding did not end within 60 s")
        }
        defer { gst_message_unref(message) }
        if message.pointee.type == GST_MESSAGE_ERROR { throw ToolError("\(path): \(messageText(message))") }
    }
}
