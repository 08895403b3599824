import CGStreamer
import CShim

/// Initializes GStreamer once per test process and registers textmirror statically, so the tests
/// need neither an installed plugin nor GST_PLUGIN_PATH.
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

func asGstObject<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GstObject> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GstObject.self)
}

/// The n-th element of a fixed-size C array, which Swift imports as a tuple.
func tupleElement<Tuple, Element>(_ tuple: Tuple, _ index: Int, as _: Element.Type) -> Element {
    withUnsafeBytes(of: tuple) { $0.load(fromByteOffset: index * MemoryLayout<Element>.stride, as: Element.self) }
}
