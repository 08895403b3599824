// Shared by the test targets that run the element in GStreamer (TextMirrorElementTests,
// TextMirrorReliabilityTests), so none keeps its own copy. GObject's casts and unrefObject come
// from TextMirrorToolSupport, which the command-line tools share.
@_exported import TextMirrorToolSupport
import CGStreamer
import CShim

/// Initializes GStreamer once per test process and registers textmirror statically, so the tests
/// need neither an installed plugin nor GST_PLUGIN_PATH.
public enum GStreamer {
    private static let once: Void = {
        gst_init(nil, nil)
        precondition(textmirror_plugin_register_static() != 0, "could not register textmirror")
    }()

    public static func setUp() { once }
}

/// The n-th element of a fixed-size C array, which Swift imports as a tuple.
public func tupleElement<Tuple, Element>(_ tuple: Tuple, _ index: Int, as _: Element.Type) -> Element {
    withUnsafeBytes(of: tuple) { $0.load(fromByteOffset: index * MemoryLayout<Element>.stride, as: Element.self) }
}
