import CShim
import Testing
import TextMirrorTestSupport

/// The session through textmirror.h as the element calls it.
@Suite struct SessionBoundaryTests {
    init() { GStreamer.setUp() }

    /// A frame before set_format is TEXTMIRROR_ERROR_NOT_CONFIGURED, which the element answers
    /// with GST_FLOW_NOT_NEGOTIATED (as videoflip does); the table's defaults make a session.
    @Test func aFrameBeforeAFormatIsNotConfigured() throws {
        var settings = textmirror_properties().pointee.defaults
        settings.detect = 0
        var error = [CChar](repeating: 0, count: 256)
        let session = try #require(textmirror_session_new(&settings, &error, error.count))
        defer { textmirror_session_free(session) }
        var pixels = [UInt8](repeating: 0, count: 4 * 4)
        let status = pixels.withUnsafeMutableBufferPointer { buffer in
            var frame = TextMirrorFrame()
            frame.width = 4
            frame.height = 4
            frame.n_planes = 1
            frame.data.0 = buffer.baseAddress
            frame.stride.0 = 4
            return textmirror_session_process(session, &frame, nil, 0, nil)
        }
        #expect(status == TEXTMIRROR_ERROR_NOT_CONFIGURED)
    }
}
