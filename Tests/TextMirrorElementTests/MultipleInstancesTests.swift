import CGStreamer
import Testing
import TextMirrorTestSupport

/// Several textmirror elements in one pipeline: each keeps its own settings and state.
@Suite struct MultipleInstancesTests {
    init() { GStreamer.setUp() }

    /// Horizontal then vertical, in two elements, is videoflip's rotation by 180 degrees.
    @Test("Horizontal then vertical equals videoflip 180", arguments: ["I420", "YUY2", "RGB", "NV21", "UYVY"])
    func chainedFlipsEqualRotation(format: String) throws {
        for (width, height) in [(33, 9), (7, 5), (64, 2)] {
            let layout = VideoLayout(format, width: width, height: height)
            let harness = Harness(
                textmirror("regions=0,0,1,1 flip=horizontal", name: "a") + " ! "
                    + textmirror("regions=0,0,1,1 flip=vertical", name: "b"), caps: layout.caps)
            let output = try #require(harness.process(PatternBuffers.make(layout, seed: 40)))
            let reference = try #require(videoflipped(layout, seed: 40, .rotate180))
            let difference = output.picture(layout).difference(from: reference.picture(layout))
            #expect(difference == nil, "\(layout): \(difference ?? "")")
        }
    }

    /// Two elements with the same region undo each other.
    @Test("The same mirror twice is the identity", arguments: FlipMode.allCases)
    func sameSettingsCancel(flip: FlipMode) throws {
        let layout = VideoLayout("I420", width: 33, height: 9)
        let settings = "regions=\"0.1,0.2,0.5,0.6;0.7,0,0.3,1,30\" flip=\(flip.rawValue)"
        let harness = Harness(
            textmirror(settings, name: "a") + " ! " + textmirror(settings, name: "b"), caps: layout.caps)
        let input = PatternBuffers.make(layout, seed: 41)
        let picture = PictureBytes(input, layout)
        let output = try #require(harness.process(input))
        // The rotated region (right of x = 21) is reflected by nearest neighbour, which is no
        // exact involution, so compare the part left of it: luma columns 0..<20, chroma 0..<10.
        let after = output.picture(layout)
        #expect(after != picture, "nothing changed at all")
        for plane in 0..<3 {
            let columns = plane == 0 ? 20 : 10
            #expect(
                after.planes[plane].map { Array($0.prefix(columns)) }
                    == picture.planes[plane].map { Array($0.prefix(columns)) },
                "plane \(plane)")
        }
    }

    /// Two elements with different regions equal one element with both regions.
    @Test("Two elements with one region each equal one element with both")
    func regionsSplitAcrossElements() throws {
        for format in ["I420", "YUY2", "BGRx"] {
            let layout = VideoLayout(format, width: 40, height: 12)
            let chained = Harness(
                textmirror("regions=0,0,0.5,0.5", name: "a") + " ! "
                    + textmirror("regions=0.5,0.5,0.5,0.5 flip=rotate-180", name: "b"), caps: layout.caps)
            let first = Harness(textmirror("regions=0,0,0.5,0.5", name: "a"), caps: layout.caps)
            let second = Harness(textmirror("regions=0.5,0.5,0.5,0.5 flip=rotate-180", name: "b"), caps: layout.caps)
            let viaChain = try #require(chained.process(PatternBuffers.make(layout, seed: 42)))
            let viaFirst = try #require(first.process(PatternBuffers.make(layout, seed: 42)))
            let viaBoth = try #require(second.process(gst_buffer_copy_deep(viaFirst.buffer)))
            #expect(viaChain.picture(layout) == viaBoth.picture(layout), "\(format)")
            let input = OutputBuffer(PatternBuffers.make(layout, seed: 42))  // owns and releases it
            #expect(viaChain.picture(layout) != input.picture(layout))
        }
    }

    /// Changing one element's settings while PLAYING leaves the other's alone.
    @Test func settingsAreIndependent() throws {
        let layout = VideoLayout("GRAY8", width: 16, height: 4)
        let harness = Harness(
            textmirror("regions=0,0,1,1", name: "a") + " ! " + textmirror("regions=0,0,1,1", name: "b"),
            caps: layout.caps)
        var input = PatternBuffers.make(layout, seed: 43)
        var picture = PictureBytes(input, layout)
        #expect(try #require(harness.process(input)).picture(layout) == picture)
        ObjectProperties.set(harness.element("b"), "enabled", "false")
        #expect(ObjectProperties.bool(harness.element("a"), "enabled"))
        #expect(ObjectProperties.string(harness.element("a"), "regions") == "0,0,1,1")
        input = PatternBuffers.make(layout, seed: 44)
        picture = PictureBytes(input, layout)
        let output = try #require(harness.process(input)).picture(layout)
        #expect(output.planes[0] == picture.planes[0].map { Array($0.reversed()) })
    }

    /// A real pipeline: one source, a tee, two textmirror elements in one branch and videoflip
    /// in the other, on the same random frames, running on their own streaming threads.
    @Test("Two elements in a playing pipeline match videoflip 180", arguments: ["I420", "YUY2", "RGBA"])
    func realPipeline(format: String) throws {
        let layout = VideoLayout(format, width: 99, height: 35)
        let pipeline = try Pipeline(
            """
            videotestsrc pattern=snow num-buffers=5 ! \(layout.caps) ! tee name=t \
            t. ! queue ! \(textmirror("regions=0,0,1,1", name: "a")) ! \(textmirror("regions=0,0,1,1 flip=vertical", name: "b")) \
               ! fakesink name=mirrored signal-handoffs=true \
            t. ! queue ! videoflip video-direction=180 ! fakesink name=flipped signal-handoffs=true
            """)
        pipeline.capture("mirrored", layout)
        pipeline.capture("flipped", layout)
        let result = pipeline.run()
        #expect(result.errors.isEmpty && result.reachedEOS, "\(result.errors)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let mirrored = result.frames["mirrored"] ?? [], flipped = result.frames["flipped"] ?? []
        #expect(mirrored.count == 5 && flipped.count == 5)
        for (i, (m, f)) in zip(mirrored, flipped).enumerated() {
            #expect(m.difference(from: f) == nil, "\(format) frame \(i): \(m.difference(from: f) ?? "")")
        }
    }
}
