import CGStreamer
import Foundation
import TextMirrorTestSupport

/// Sets a property from its string form, as gst-launch does ("vertical", "true", "0,0,1,1").
func setProperty<T>(_ object: UnsafeMutablePointer<T>, _ name: String, _ value: String) {
    gst_util_set_object_arg(asGObject(object), name, value)
}

/// Whether the object has a property of that name (some properties are newer than others).
func hasProperty<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> Bool {
    let gobject = asGObject(object)
    let objectClass = UnsafeMutableRawPointer(gobject.pointee.g_type_instance.g_class!)
        .assumingMemoryBound(to: GObjectClass.self)
    return g_object_class_find_property(objectClass, name) != nil
}

/// A property's value as a string (whatever its type), via GValue transformation.
func propertyString<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> String? {
    let gobject = asGObject(object)
    let objectClass = UnsafeMutableRawPointer(gobject.pointee.g_type_instance.g_class!)
        .assumingMemoryBound(to: GObjectClass.self)
    guard let spec = g_object_class_find_property(objectClass, name) else { return nil }
    var value = GValue()
    g_value_init(&value, spec.pointee.value_type)
    defer { g_value_unset(&value) }
    g_object_get_property(gobject, name, &value)
    // Strings as they are (serializing would escape commas), doubles as %g ("0.3").
    let typeName = String(cString: g_type_name(spec.pointee.value_type))
    if typeName == "gchararray" {
        return g_value_get_string(&value).map { String(cString: $0) }
    }
    if typeName == "gdouble" {
        return String(format: "%g", g_value_get_double(&value))
    }
    guard let text = gst_value_serialize(&value) else { return nil }
    defer { g_free(text) }
    return String(cString: text)
}
