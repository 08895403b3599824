import CGStreamer
import Testing
import TextMirrorTestSupport

/// Buffers the element may not write to: it must mirror a copy and leave the original alone.
@Suite struct ReadOnlyInputTests {
    init() { GStreamer.setUp() }

    /// A buffer someone else also holds a reference to is not writable, so GstBaseTransform
    /// hands the in-place transform a copy.
    @Test("A shared buffer is copied, not changed", arguments: ["I420", "YUY2", "RGBA", "NV12", "GRAY8"])
    func sharedBuffer(format: String) throws {
        let layout = VideoLayout(format, width: 33, height: 9)
        let input = PatternBuffers.make(layout, seed: 3)
        let original = PatternBuffers.bytes(of: input)
        gst_buffer_ref(input)  // our own reference: the element gets a non-writable buffer
        defer { gst_buffer_unref(input) }
        let harness = Harness(textmirror("regions=0,0,1,1"), caps: layout.caps)
        let output = try #require(harness.process(input))
        #expect(output.buffer != input, "the shared buffer itself came out")
        #expect(PatternBuffers.bytes(of: input) == original, "the shared buffer was written to")
        let reference = try #require(videoflipped(layout, seed: 3, .horizontal))
        #expect(output.picture(layout) == reference.picture(layout))
    }

    /// A writable buffer whose memory is flagged read-only (wrapped application memory): the
    /// element must not write through to that memory.
    @Test("Read-only memory is not written through", arguments: ["I420", "YUY2", "RGB"])
    func readOnlyMemory(format: String) throws {
        let layout = VideoLayout(format, width: 17, height: 5)
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: layout.size, alignment: 16)
        defer { memory.deallocate() }
        for i in 0..<layout.size { memory[i] = patternByte(4, UInt64(i)) }
        let original = Array(memory)
        let input = gst_buffer_new_wrapped_full(
            GST_MEMORY_FLAG_READONLY, memory.baseAddress, gsize(layout.size),
            0, gsize(layout.size), nil, nil)!
        let harness = Harness(textmirror("regions=0,0,1,1"), caps: layout.caps)
        let output = try #require(harness.process(input))
        #expect(Array(memory) == original, "read-only memory was written to")
        let reference = try #require(videoflipped(layout, seed: 4, .horizontal))
        #expect(output.picture(layout) == reference.picture(layout))
    }

    /// In a real pipeline a tee hands the same buffer to two branches; the branch with
    /// textmirror must not change what the other branch sees.
    @Test("A tee's other branch sees the untouched frame")
    func teeBranches() throws {
        let layout = VideoLayout("I420", width: 64, height: 36)
        let pipeline = try Pipeline(
            """
            videotestsrc pattern=snow num-buffers=4 ! \(layout.caps) ! tee name=t \
            t. ! queue ! \(textmirror("regions=0,0,1,1")) ! fakesink name=mirrored signal-handoffs=true \
            t. ! queue ! fakesink name=plain signal-handoffs=true
            """)
        pipeline.capture("mirrored", layout)
        pipeline.capture("plain", layout)
        let result = pipeline.run()
        #expect(result.errors.isEmpty && result.reachedEOS, "\(result.errors)")
        let mirrored = result.frames["mirrored"] ?? [], plain = result.frames["plain"] ?? []
        #expect(mirrored.count == 4 && plain.count == 4)
        for (m, p) in zip(mirrored, plain) {
            #expect(m != p)
            // Mirroring the plain frame's rows must give the mirrored frame's rows.
            #expect(m.planes[0].map { Array($0.reversed()) } == p.planes[0])
        }
    }
}
