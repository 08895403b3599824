import CGStreamer
import CShim
// Re-exported so every file of this tool sees the shared casts without its own import.
@_exported import TextMirrorToolSupport
import Glibc

enum GStreamerRuntime {
    /// Initializes GStreamer and registers textmirror from this process, so the evaluation runs
    /// exactly the element built with it, needing neither an installed plugin nor
    /// GST_PLUGIN_PATH.
    static func start() throws(EvalError) {
        gst_init(nil, nil)
        guard textmirror_plugin_register_static() != 0 else {
            throw EvalError("could not register the textmirror element")
        }
    }
}

/// `launchElement` (TextMirrorToolSupport) with the evaluation's error type.
func parseLaunch(_ description: String) throws(EvalError) -> UnsafeMutablePointer<GstElement> {
    do {
        return try launchElement(description)
    } catch {
        throw EvalError(error.description)
    }
}

/// Sets a property from text, as gst-launch does, after checking the element has it:
/// gst_util_set_object_arg alone ignores unknown names and bad values with a mere warning, and
/// an evaluation of a silently mis-configured element is worse than none.
func setProperty(_ element: UnsafeMutablePointer<GstElement>, _ name: String, _ value: String) throws(EvalError) {
    let object = asGObject(element)
    let klass = UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class!).assumingMemoryBound(
        to: GObjectClass.self)
    guard let spec = g_object_class_find_property(klass, name) else {
        throw EvalError("textmirror has no property \"\(name)\"")
    }
    var parsed = GValue()
    g_value_init(&parsed, spec.pointee.value_type)
    defer { g_value_unset(&parsed) }
    guard gst_value_deserialize(&parsed, value) != 0 else {
        throw EvalError("\"\(value)\" is not a valid value for textmirror's \(name)")
    }
    if g_param_value_validate(spec, &parsed) != 0 {
        throw EvalError("\(value) is out of range for textmirror's \(name)")
    }
    g_object_set_property(object, name, &parsed)
}

/// Element of a fixed-size C array imported as a tuple (GstVideoInfo.stride and friends).
func tupleElement<Tuple, T>(_ tuple: Tuple, _ index: Int, as _: T.Type) -> T {
    withUnsafeBytes(of: tuple) { raw in
        precondition((index + 1) * MemoryLayout<T>.stride <= raw.count, "tuple index out of range")
        return raw.load(fromByteOffset: index * MemoryLayout<T>.stride, as: T.self)
    }
}
