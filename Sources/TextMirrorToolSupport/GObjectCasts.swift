import CGStreamer

// GObject's C casts (G_OBJECT, GST_OBJECT, GST_BIN) are macros Swift cannot see; these are the
// same unchecked pointer casts, used only on pointers GStreamer handed us with that type.
// Shared by the project's command-line tools (benchmarks, evaluation).

public func asGObject<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GObject> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GObject.self)
}

public func asGstObject<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GstObject> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GstObject.self)
}

public func asBin<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GstBin> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GstBin.self)
}

public func unrefObject<T>(_ pointer: UnsafeMutablePointer<T>) {
    gst_object_unref(UnsafeMutableRawPointer(pointer))
}

/// Builds an element or pipeline from gst-launch syntax. Any parse complaint (unknown element
/// or property, bad value) is an error: a tool measuring a silently mis-configured element is
/// worse than none. Returns an ordinary (not floating) reference that the caller owns.
public func launchElement(_ description: String) throws(ToolError) -> UnsafeMutablePointer<GstElement> {
    var error: UnsafeMutablePointer<GError>? = nil
    let element = gst_parse_launch(description, &error)
    if let error {
        let message = String(cString: error.pointee.message)
        g_error_free(error)
        if let element { unrefObject(element) }
        throw ToolError("cannot create \"\(description)\": \(message)")
    }
    guard let element else { throw ToolError("cannot create \"\(description)\"") }
    _ = gst_object_ref_sink(UnsafeMutableRawPointer(element))
    return element
}
