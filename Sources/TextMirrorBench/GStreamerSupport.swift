import CGStreamer
import CShim

/// Everything that goes wrong in the benchmark itself (as opposed to a target being missed).
/// main reports it and exits non-zero.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    /// A bad command line rather than a failure while measuring: main shows the usage.
    let isUsage: Bool

    init(_ description: String) { self.init(description, isUsage: false) }
    private init(_ description: String, isUsage: Bool) {
        self.description = description
        self.isUsage = isUsage
    }

    static func usage(_ description: String) -> BenchError { BenchError(description, isUsage: true) }
}

enum GStreamerRuntime {
    /// Initializes GStreamer and registers textmirror from this process, so the benchmark needs
    /// neither an installed plugin nor GST_PLUGIN_PATH (as the element tests do).
    static func start() throws(BenchError) {
        gst_init(nil, nil)
        guard textmirror_plugin_register_static() != 0 else {
            throw BenchError("could not register the textmirror element")
        }
    }

    static var version: String {
        guard let text = gst_version_string() else { return "unknown" }
        defer { g_free(text) }
        return String(cString: text)
    }
}

// GObject's C casts (G_OBJECT, GST_OBJECT, GST_BIN) are macros Swift cannot see; these are the
// same unchecked pointer casts, used only on pointers GStreamer handed us with that type.
func asGObject<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GObject> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GObject.self)
}

func asGstObject<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GstObject> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GstObject.self)
}

func unrefObject<T>(_ pointer: UnsafeMutablePointer<T>) {
    gst_object_unref(UnsafeMutableRawPointer(pointer))
}

/// Builds an element or pipeline from gst-launch syntax, so each candidate in the table is
/// created from exactly the text the table shows. Any parse complaint (unknown element or
/// property, bad value) is an error: a benchmark of a silently mis-configured element is
/// worse than none.
func parseLaunch(_ description: String) throws(BenchError) -> UnsafeMutablePointer<GstElement> {
    var error: UnsafeMutablePointer<GError>? = nil
    let element = gst_parse_launch(description, &error)
    if let error {
        let message = String(cString: error.pointee.message)
        g_error_free(error)
        if let element { unrefObject(element) }
        throw BenchError("cannot create \"\(description)\": \(message)")
    }
    guard let element else { throw BenchError("cannot create \"\(description)\"") }
    // gst_parse_launch returns a floating reference; make it an ordinary one that we own.
    _ = gst_object_ref_sink(UnsafeMutableRawPointer(element))
    return element
}

/// Element of a fixed-size C array imported as a tuple (GstVideoInfo.stride and friends).
func tupleElement<Tuple, T>(_ tuple: Tuple, _ index: Int, as _: T.Type) -> T {
    withUnsafeBytes(of: tuple) { raw in
        precondition((index + 1) * MemoryLayout<T>.stride <= raw.count, "tuple index out of range")
        return raw.load(fromByteOffset: index * MemoryLayout<T>.stride, as: T.self)
    }
}
