import CGStreamer
import TextMirrorTestSupport

/// GObject properties by name, without the variadic g_object_get/set that Swift cannot call.
enum ObjectProperties {
    /// Sets a property from its string form, as gst-launch does ("vertical", "true", "0,0,1,1").
    static func set<T>(_ object: UnsafeMutablePointer<T>, _ name: String, _ value: String) {
        gst_util_set_object_arg(asGObject(object), name, value)
    }

    /// Sets a string property to NULL.
    static func setNull<T>(_ object: UnsafeMutablePointer<T>, _ name: String) {
        withValue(object, name) { value in
            g_value_set_string(&value, nil)
            g_object_set_property(asGObject(object), name, &value)
        }
    }

    static func string<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> String? {
        get(object, name) { value in g_value_get_string(&value).map { String(cString: $0) } }
    }

    static func bool<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> Bool {
        get(object, name) { value in g_value_get_boolean(&value) != 0 }
    }

    static func int<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> Int {
        get(object, name) { value in Int(g_value_get_int(&value)) }
    }

    static func double<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> Double {
        get(object, name) { value in g_value_get_double(&value) }
    }

    /// The nick of an enum property's value ("horizontal").
    static func enumNick<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> String? {
        get(object, name) { value in
            let enumClass = g_type_class_ref(value.g_type).assumingMemoryBound(to: GEnumClass.self)
            defer { g_type_class_unref(enumClass) }
            return g_enum_get_value(enumClass, g_value_get_enum(&value)).map { String(cString: $0.pointee.value_nick) }
        }
    }

    static func paramSpec<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> UnsafeMutablePointer<GParamSpec>? {
        let gobject = asGObject(object)
        let objectClass = UnsafeMutableRawPointer(gobject.pointee.g_type_instance.g_class!)
            .assumingMemoryBound(to: GObjectClass.self)
        return g_object_class_find_property(objectClass, name)
    }

    private static func withValue<T, R>(
        _ object: UnsafeMutablePointer<T>, _ name: String,
        _ body: (inout GValue) -> R
    ) -> R {
        let spec = paramSpec(object, name)!
        var value = GValue()
        g_value_init(&value, spec.pointee.value_type)
        defer { g_value_unset(&value) }
        return body(&value)
    }

    private static func get<T, R>(
        _ object: UnsafeMutablePointer<T>, _ name: String,
        _ read: (inout GValue) -> R
    ) -> R {
        withValue(object, name) { value in
            g_object_get_property(asGObject(object), name, &value)
            return read(&value)
        }
    }
}
