import CGStreamer
import CShim
import Testing

@Suite struct RegistrationTests {
    init() { GStreamer.setUp() }

    @Test func elementIsRegisteredWithMetadata() throws {
        let factory = try #require(gst_element_factory_find("textmirror"))
        defer { gst_object_unref(UnsafeMutableRawPointer(factory)) }
        #expect(String(cString: gst_element_factory_get_metadata(factory, "klass")) == "Filter/Effect/Video")
        #expect(String(cString: gst_element_factory_get_metadata(factory, "long-name")) == "Text mirror")
    }
}

/// Initializes GStreamer once per test process and registers textmirror statically, so the tests
/// need neither an installed plugin nor GST_PLUGIN_PATH.
enum GStreamer {
    private static let once: Void = {
        gst_init(nil, nil)
        precondition(textmirror_plugin_register_static() != 0, "could not register textmirror")
    }()

    static func setUp() { once }
}
