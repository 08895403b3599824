import CGStreamer

/// What an ERROR or WARNING message says: its error's text, then its debug string in
/// parentheses when it has one ("unknown error" when it carries no error). One reading of a
/// message for the tools and the tests that report what a pipeline said.
public func messageText(_ message: UnsafeMutablePointer<GstMessage>) -> String {
    var error: UnsafeMutablePointer<GError>?
    var debug: UnsafeMutablePointer<gchar>?
    if message.pointee.type == GST_MESSAGE_ERROR {
        gst_message_parse_error(message, &error, &debug)
    } else {
        gst_message_parse_warning(message, &error, &debug)
    }
    defer {
        if let error { g_error_free(error) }
        g_free(debug)
    }
    let text = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    return debug.map { text + " (" + String(cString: $0) + ")" } ?? text
}
