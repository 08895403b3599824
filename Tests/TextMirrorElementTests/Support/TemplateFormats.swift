import CGStreamer
import TextMirrorTestSupport

/// The formats a pad template of a registered element offers, read from the factory, so the
/// element tests follow the template instead of a list of their own.
enum TemplateFormats {
    static func textmirror(pad: String) -> [String] {
        GStreamer.setUp()
        guard let factory = gst_element_factory_find("textmirror") else { return [] }
        defer { gst_object_unref(UnsafeMutableRawPointer(factory)) }
        var formats: [String] = []
        var node = gst_element_factory_get_static_pad_templates(factory)
        while let current = node {
            let template = current.pointee.data.assumingMemoryBound(to: GstStaticPadTemplate.self)
            if String(cString: template.pointee.name_template) == pad,
                let caps = gst_static_pad_template_get_caps(template)
            {
                for i in 0..<gst_caps_get_size(caps) {
                    let structure = gst_caps_get_structure(caps, i)
                    guard let list = gst_structure_get_value(structure, "format") else { continue }
                    for j in 0..<gst_value_list_get_size(list) {
                        formats.append(String(cString: g_value_get_string(gst_value_list_get_value(list, j))))
                    }
                }
                gst_caps_unref(caps)
            }
            node = UnsafePointer(current.pointee.next)
        }
        return formats
    }
}
