import CGStreamer
import Testing
import TextMirrorTestSupport

@Suite struct RegistrationTests {
    init() { GStreamer.setUp() }

    @Test func elementIsRegisteredWithMetadata() throws {
        let factory = try #require(gst_element_factory_find("textmirror"))
        defer { gst_object_unref(UnsafeMutableRawPointer(factory)) }
        #expect(String(cString: gst_element_factory_get_metadata(factory, "klass")) == "Filter/Effect/Video")
        #expect(String(cString: gst_element_factory_get_metadata(factory, "long-name")) == "Text mirror")
    }

    /// Both pads offer the same formats, and they are the 20 the mirror kernels handle.
    @Test func padTemplatesListTheMirroredFormats() {
        #expect(TemplateFormats.textmirror(pad: "sink") == TemplateFormats.textmirror(pad: "src"))
        #expect(Set(TemplateFormats.textmirror(pad: "sink")) == [
            "RGBA", "BGRA", "ARGB", "ABGR", "RGBx", "BGRx", "xRGB", "xBGR", "RGB", "BGR",
            "AYUV", "Y444", "I420", "YV12", "NV12", "NV21", "YUY2", "UYVY", "YVYU", "GRAY8",
        ])
    }
}
