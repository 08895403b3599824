import CGStreamer
import CShim
// Re-exported so every file of this tool sees the shared casts without its own import.
@_exported import TextMirrorToolSupport
import Glibc

/// Sets a property from text, as gst-launch does, after checking the element has it:
/// gst_util_set_object_arg alone ignores unknown names and bad values with a mere warning, and
/// an evaluation of a silently mis-configured element is worse than none.
func setProperty(_ element: UnsafeMutablePointer<GstElement>, _ name: String, _ value: String) throws(ToolError) {
    let object = asGObject(element)
    let klass = UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class!).assumingMemoryBound(
        to: GObjectClass.self)
    guard let spec = g_object_class_find_property(klass, name) else {
        throw ToolError("textmirror has no property \"\(name)\"")
    }
    var parsed = GValue()
    g_value_init(&parsed, spec.pointee.value_type)
    defer { g_value_unset(&parsed) }
    guard gst_value_deserialize(&parsed, value) != 0 else {
        throw ToolError("\"\(value)\" is not a valid value for textmirror's \(name)")
    }
    if g_param_value_validate(spec, &parsed) != 0 {
        throw ToolError("\(value) is out of range for textmirror's \(name)")
    }
    g_object_set_property(object, name, &parsed)
}
