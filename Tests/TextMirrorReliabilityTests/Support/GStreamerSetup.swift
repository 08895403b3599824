import CGStreamer
import CShim
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Initializes GStreamer once per test process and registers textmirror statically, so the tests
/// need neither an installed plugin nor GST_PLUGIN_PATH. (Each test target has its own copy of
/// this helper: test targets cannot share code in SwiftPM.)
enum GStreamer {
    private static let once: Void = {
        gst_init(nil, nil)
        precondition(textmirror_plugin_register_static() != 0, "could not register textmirror")
    }()

    static func setUp() { once }
}

/// `GstObject *` (or any GObject) as the pointer types the C API asks for.
func asGObject<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GObject> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GObject.self)
}

func unrefObject<T>(_ pointer: UnsafeMutablePointer<T>) {
    gst_object_unref(UnsafeMutableRawPointer(pointer))
}

/// The detection model the tests run: `$TEXTMIRROR_MODEL`, else `models/ppocrv4_det.onnx` in
/// the source tree. A missing model fails the tests that need it (CI fetches it first; a silent
/// skip would hide that it did not).
enum TestModel {
    static var path: String {
        if let env = getenv("TEXTMIRROR_MODEL"), env[0] != 0 { return String(cString: env) }
        return sourceRoot + "/models/ppocrv4_det.onnx"
    }

    /// #filePath is .../Tests/TextMirrorReliabilityTests/Support/GStreamerSetup.swift
    static var sourceRoot: String {
        var root = "\(#filePath)"
        for _ in 0..<4 { root = String(root[..<root.lastIndex(of: "/")!]) }
        return root
    }

    static var isAvailable: Bool { access(path, R_OK) == 0 }

    /// The textmirror properties that turn detection on with the test model. Detection on
    /// small inputs keeps the tests fast; the text they draw is large enough for it.
    static func properties(size: Int = 320) -> String {
        "model=\"\(path)\" detection-size=\(size)"
    }
}

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
