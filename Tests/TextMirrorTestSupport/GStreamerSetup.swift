// Shared by the test targets that run the element in GStreamer (TextMirrorElementTests,
// TextMirrorReliabilityTests), so none keeps its own copy. GObject's casts and unrefObject come
// from TextMirrorToolSupport, which the command-line tools share.
@_exported import TextMirrorToolSupport
import CGStreamer
import CShim

/// Initializes GStreamer once per test process and registers textmirror statically, so the tests
/// need neither an installed plugin nor GST_PLUGIN_PATH. The networks stay loaded between the
/// tests' many element starts (each would otherwise load and compile them again).
public enum GStreamer {
    private static let once: Void = {
        gst_init(nil, nil)
        precondition(textmirror_plugin_register_static() != 0, "could not register textmirror")
        textmirror_keep_models_loaded()
    }()

    public static func setUp() { once }
}
