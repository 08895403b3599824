import CGStreamer
import Testing
import TextMirrorTestSupport

/// A whole-frame region must mirror exactly as GStreamer's videoflip does, for every format
/// the pad template offers: odd sizes, widths that are no multiple of 4, and sizes long enough
/// for the vector loops. Only picture bytes are compared (videoflip's output buffers have their
/// own padding); textmirror's own padding must stay as it came in.
@Suite struct VideoflipEquivalenceTests {
    init() { GStreamer.setUp() }

    static let formats = TemplateFormats.textmirror(pad: "sink")
    static let sizes = [(1, 1), (3, 1), (1, 5), (2, 2), (3, 3), (7, 5), (33, 9), (64, 7), (321, 5), (6, 4), (17, 1)]

    /// Runs one frame through textmirror and videoflip and compares them.
    static func expectSameAsVideoflip(
        _ layout: VideoLayout, _ flip: FlipMode, regions: String = "0,0,1,1",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let seed = UInt64(layout.width * 1000 + layout.height)
        let input = PatternBuffers.make(layout, seed: seed)
        let before = PatternBuffers.bytes(of: input)
        let inputPicture = PictureBytes(input, layout)
        let harness = Harness(textmirror("regions=\"\(regions)\" flip=\(flip.rawValue)"), caps: layout.caps)
        let mirrored = try #require(
            harness.process(input), "\(layout): textmirror gave no buffer",
            sourceLocation: sourceLocation)
        let reference = try #require(
            videoflipped(layout, seed: seed, flip), "\(layout): videoflip gave no buffer",
            sourceLocation: sourceLocation)
        let difference = mirrored.picture(layout).difference(from: reference.picture(layout))
        #expect(difference == nil, "\(layout) \(flip): \(difference ?? "")", sourceLocation: sourceLocation)
        #expect(
            paddingChanges(before: before, after: mirrored.bytes, layout) == nil, "\(layout) \(flip)",
            sourceLocation: sourceLocation)
        if flip.changes(width: layout.width, height: layout.height) {
            #expect(
                mirrored.picture(layout) != inputPicture, "\(layout) \(flip): nothing was mirrored",
                sourceLocation: sourceLocation)
        }
    }

    @Test("Template lists formats to test") func templateIsNotEmpty() {
        #expect(Self.formats.count == 34)
    }

    @Test("Whole-frame mirror equals videoflip", arguments: formats, FlipMode.allCases)
    func wholeFrame(format: String, flip: FlipMode) throws {
        for (width, height) in Self.sizes {
            try Self.expectSameAsVideoflip(VideoLayout(format, width: width, height: height), flip)
        }
    }

    /// Regions that reach past the frame on every side are clipped to the whole frame.
    @Test("A region larger than the frame equals videoflip", arguments: ["I420", "YUY2", "RGB", "NV21"])
    func oversizedRegion(format: String) throws {
        for flip in FlipMode.allCases {
            try Self.expectSameAsVideoflip(VideoLayout(format, width: 33, height: 9), flip, regions: "-0.5,-0.5,2,2")
        }
    }

    /// The same whole frame described as two regions that overlap nothing and cover everything
    /// is not the same mirror, but as one region given twice it is the identity.
    @Test("The same region twice restores the frame", arguments: formats)
    func sameRegionTwice(format: String) throws {
        let layout = VideoLayout(format, width: 33, height: 9)
        let input = PatternBuffers.make(layout, seed: 5)
        let picture = PictureBytes(input, layout)
        for flip in FlipMode.allCases {
            let harness = Harness(textmirror("regions=\"0,0,1,1;0,0,1,1\" flip=\(flip.rawValue)"), caps: layout.caps)
            let out = try #require(harness.process(gst_buffer_copy_deep(input)))
            #expect(out.picture(layout) == picture, "\(layout) \(flip)")
        }
        gst_buffer_unref(input)
    }
}
