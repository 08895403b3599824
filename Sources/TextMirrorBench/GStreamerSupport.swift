import CGStreamer
import CShim
// Re-exported so every file of this tool sees the shared casts without its own import.
@_exported import TextMirrorToolSupport

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

/// `launchElement` (TextMirrorToolSupport) with the benchmark's error type.
func parseLaunch(_ description: String) throws(BenchError) -> UnsafeMutablePointer<GstElement> {
    do {
        return try launchElement(description)
    } catch {
        throw BenchError(error.description)
    }
}

/// Element of a fixed-size C array imported as a tuple (GstVideoInfo.stride and friends).
func tupleElement<Tuple, T>(_ tuple: Tuple, _ index: Int, as _: T.Type) -> T {
    withUnsafeBytes(of: tuple) { raw in
        precondition((index + 1) * MemoryLayout<T>.stride <= raw.count, "tuple index out of range")
        return raw.load(fromByteOffset: index * MemoryLayout<T>.stride, as: T.self)
    }
}
