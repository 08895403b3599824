import CGStreamer
import CShim

/// GStreamer in a tool's own process, with textmirror registered from the code linked into it:
/// a tool then measures exactly the element built with it, and needs neither an installed
/// plugin nor GST_PLUGIN_PATH (as the element tests do).
public enum GStreamerRuntime {
    public static func start() throws(ToolError) {
        gst_init(nil, nil)
        guard textmirror_plugin_register_static() != 0 else {
            throw ToolError("could not register the textmirror element")
        }
    }

    public static var version: String {
        guard let text = gst_version_string() else { return "unknown" }
        defer { g_free(text) }
        return String(cString: text)
    }
}

/// Element of a fixed-size C array imported as a tuple (GstVideoInfo.stride and friends).
public func tupleElement<Tuple, T>(_ tuple: Tuple, _ index: Int, as _: T.Type) -> T {
    withUnsafeBytes(of: tuple) { raw in
        precondition((index + 1) * MemoryLayout<T>.stride <= raw.count, "tuple index out of range")
        return raw.load(fromByteOffset: index * MemoryLayout<T>.stride, as: T.self)
    }
}
