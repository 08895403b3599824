import CGStreamer
import Testing
import TextMirrorTestSupport

/// Buffers whose planes do not lie where GStreamer's default layout puts them, announced by a
/// GstVideoMeta: longer rows and gaps between planes. The element must use the real strides
/// and offsets, mirror exactly as videoflip does on the same picture, and leave every byte of
/// padding and every gap as it was.
///
/// videoflip itself gets the picture in GStreamer's default layout: in 1.22 its packed 4:2:2
/// path (gst_video_flip_y422) indexes from the plane's data pointer with
/// GST_VIDEO_FRAME_COMP_OFFSET, which already includes the plane's offset, so a buffer whose
/// plane 0 does not start at byte 0 is read from the wrong place and its output buffer is
/// written past its end.
@Suite struct CustomStrideTests {
    init() { GStreamer.setUp() }

    @Test("Padded strides and plane gaps", arguments: VideoflipEquivalenceTests.formats)
    func paddedBuffers(format: String) throws {
        for (width, height) in [(1, 1), (7, 5), (33, 9), (70, 3)] {
            for (rowPadding, planeGap) in [(1, 0), (13, 24), (64, 7)] {
                let layout = VideoLayout(format, width: width, height: height)
                    .padded(rowPadding: rowPadding, planeGap: planeGap)
                let plain = VideoLayout(format, width: width, height: height)
                for flip in FlipMode.allCases {
                    let seed = UInt64(width + 100 * rowPadding)
                    let plainInput = PatternBuffers.make(plain, seed: seed)
                    let input = PatternBuffers.make(layout, picture: PictureBytes(plainInput, plain), seed: seed + 1)
                    gst_buffer_unref(plainInput)
                    let before = PatternBuffers.bytes(of: input)
                    let harness = Harness(textmirror("regions=0,0,1,1 flip=\(flip.rawValue)"), caps: layout.caps)
                    let mirrored = try #require(harness.process(input), "\(layout)")
                    let reference = try #require(videoflipped(plain, seed: seed, flip), "\(layout)")
                    let difference = mirrored.picture(layout).difference(from: reference.picture(plain))
                    #expect(difference == nil, "\(layout) \(flip): \(difference ?? "")")
                    let after = mirrored.bytes
                    #expect(after.count == before.count, "\(layout): the buffer was replaced by one of another size")
                    if after.count == before.count {
                        #expect(paddingChanges(before: before, after: after, layout) == nil, "\(layout) \(flip)")
                    }
                }
            }
        }
    }

    /// A region in the middle of a padded frame: outside the region every byte stays, inside
    /// it the picture changes.
    @Test("A partial region in a padded frame", arguments: ["I420", "NV12", "YUY2", "RGBx", "RGB"])
    func partialRegion(format: String) throws {
        // 40x24: the region's edges (10, 30; 6, 18) are already on every chroma grid.
        let layout = VideoLayout(format, width: 40, height: 24).padded(rowPadding: 12, planeGap: 16)
        let input = PatternBuffers.make(layout, seed: 9)
        let before = PictureBytes(input, layout)
        let harness = Harness(textmirror("regions=0.25,0.25,0.5,0.5"), caps: layout.caps)
        let after = try #require(harness.process(input)).picture(layout)
        #expect(after != before)
        // Luma (or the packed plane): rows 6..<18, columns 10..<30 may change, nothing else.
        let bytesPerPixel = before.planes[0][0].count / 40
        for row in 0..<24 {
            for (i, (a, b)) in zip(before.planes[0][row], after.planes[0][row]).enumerated() where a != b {
                let x = i / max(bytesPerPixel, 1)
                #expect((6..<18).contains(row) && (10..<30).contains(x), "\(format): row \(row) byte \(i) changed")
            }
        }
    }
}
