import CGStreamer
import CShim
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

    /// Both pads offer the same formats: every one of the table (textmirror.h), in its order,
    /// 8-bit ones and those of 10, 12 and 16 bits a sample.
    @Test func padTemplatesListTheMirroredFormats() {
        let table = (0..<textmirror_format_count()).map { String(cString: textmirror_format_name($0)!) }
        #expect(TemplateFormats.textmirror(pad: "sink") == TemplateFormats.textmirror(pad: "src"))
        #expect(TemplateFormats.textmirror(pad: "sink") == table)
        #expect(
            Set(table).isSuperset(of: [
                "RGBA", "NV12", "YUY2", "GRAY8", "GRAY16_BE", "I420_10LE", "I422_12BE", "Y444_10LE"
            ]))
        #expect(textmirror_format_name(-1) == nil && textmirror_format_name(textmirror_format_count()) == nil)
    }
}
