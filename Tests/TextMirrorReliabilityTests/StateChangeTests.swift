import CGStreamer
import Foundation
import TextMirrorCore
import Testing
import TextMirrorTestSupport

/// State changes while detection runs, and elements disposed with detection work queued.
@Suite(.serialized) struct StateChangeTests {
    init() throws {
        GStreamer.setUp()
        try #require(TestModel.isAvailable, "model not found at \(TestModel.path): run scripts/fetch-model.sh")
    }

    static let states: [GstState] = [GST_STATE_NULL, GST_STATE_READY, GST_STATE_PAUSED, GST_STATE_PLAYING]

    static func name(_ state: GstState) -> String { String(cString: gst_element_state_get_name(state)) }

    /// PLAYING <-> PAUSED <-> READY <-> NULL in a seeded random order (every transition, also
    /// skipping states), with detection running on a live source in between. Every change
    /// succeeds, nothing errors, and the stream flows again after each return to PLAYING.
    @Test("Random state walk with detection running (live, async)")
    func randomStateWalk() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SplitMix64(seed: seed)
        let pipeline = try LivePipeline(
            """
            videotestsrc is-live=true pattern=white ! \(Frame.caps("I420", 320, 240)) \
            ! textoverlay text="STATES 4" font-desc="DejaVu Sans Bold 40px" valignment=center \
            ! textmirror name=m detection-mode=async detection-rate=60 \(TestModel.properties()) \
            ! fakesink name=sink signal-handoffs=true sync=false
            """)
        let sink = pipeline.watch("sink")
        var log = BusLog()
        var changes = 0, resumed = 0
        for step in 0..<60 {
            let target = Self.states[Int(rng.next() % 4)]
            log.append(pipeline.drain())  // before a NULL, which flushes the bus
            let result = pipeline.setState(target)
            changes += 1
            #expect(
                result != GST_STATE_CHANGE_FAILURE && result != GST_STATE_CHANGE_ASYNC,
                "seed \(seed) step \(step): change to \(Self.name(target)) gave \(result)")
            if target == GST_STATE_PLAYING {
                let before = sink.buffers
                Thread.sleep(forTimeInterval: Double(rng.next() % 60) / 1000)
                if waitFor(10, { sink.buffers > before }) { resumed += 1 }
            } else if rng.next() % 2 == 0 {
                Thread.sleep(forTimeInterval: Double(rng.next() % 20) / 1000)
            }
            log.append(pipeline.drain())
        }
        // End with a clean run and the full ladder down.
        pipeline.setState(GST_STATE_PLAYING)
        Thread.sleep(forTimeInterval: 0.5)
        log.append(pipeline.drain())  // before NULL, which flushes the bus
        let deadline = Date().addingTimeInterval(15)
        while log.detections.isEmpty && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            log.append(pipeline.drain())
        }
        for state in [GST_STATE_PAUSED, GST_STATE_READY, GST_STATE_NULL] { pipeline.setState(state) }
        #expect(log.errors.isEmpty, "seed \(seed): \(log.errors)")
        #expect(sink.misfits.isEmpty, "seed \(seed): \(sink.misfits)")
        #expect(resumed > 0, "seed \(seed): never flowed after returning to PLAYING")
        #expect(!log.detections.isEmpty, "seed \(seed): no detection in \(changes) state changes")
    }

    /// The full ladder up and down many times, non-live in sync mode (each start loads the
    /// session again; the model bytes are shared).
    @Test("Ladder NULL -> PLAYING -> NULL x 15 (sync mode)")
    func ladder() throws {
        let pipeline = try LivePipeline(
            """
            videotestsrc pattern=white ! \(Frame.caps("NV12", 256, 144)) \
            ! textoverlay text="LADDER" font-desc="DejaVu Sans Bold 32px" valignment=center \
            ! textmirror name=m detection-mode=sync detection-rate=30 \(TestModel.properties(size: 256)) \
            ! fakesink name=sink signal-handoffs=true sync=false
            """)
        let sink = pipeline.watch("sink")
        var log = BusLog()
        for round in 0..<15 {
            for state in [GST_STATE_READY, GST_STATE_PAUSED, GST_STATE_PLAYING] {
                #expect(
                    pipeline.setState(state) != GST_STATE_CHANGE_FAILURE, "round \(round) up to \(Self.name(state))")
            }
            let before = sink.buffers
            #expect(waitFor(10) { sink.buffers > before }, "round \(round): no buffers")
            // Read the bus before NULL: a pipeline in NULL flushes its bus.
            log.append(pipeline.drain())
            for state in [GST_STATE_PAUSED, GST_STATE_READY, GST_STATE_NULL] {
                #expect(
                    pipeline.setState(state) != GST_STATE_CHANGE_FAILURE, "round \(round) down to \(Self.name(state))")
            }
        }
        #expect(log.errors.isEmpty, "\(log.errors)")
        #expect(!log.detections.isEmpty)
    }

    /// Elements torn down right after frames were handed to the detector (one running, one
    /// waiting): stop and dispose must neither crash nor touch freed frame memory (the queued
    /// work owns a copy), and the next element starts normally.
    @Test("Disposed with detection work queued, 12 times")
    func disposeWithWorkQueued() throws {
        let text = Frames.text("RGBA", 320, 240)
        for round in 0..<12 {
            let harness = DetectionHarness(
                "textmirror name=m detection-mode=async detection-rate=120 \(TestModel.properties())",
                caps: text.caps)
            // Frames pushed back to back: the first starts a detection, the next wait for it.
            for i in 0..<(1 + round % 3) {
                _ = try #require(harness.push(text, pts: UInt64(i) * 33_333_333))
            }
            // The harness (and its frames' memory) goes away here, `round` ms after the push.
            Thread.sleep(forTimeInterval: Double(round) / 1000)
            #expect(harness.problems().errors.isEmpty)
        }
    }

    /// The same without stopping first: the element is unreferenced while PLAYING inside a
    /// pipeline that is itself disposed (gst_object_unref with the state change in deinit).
    @Test("Pipeline dropped while PLAYING with detection running, 6 times")
    func pipelineDroppedWhilePlaying() throws {
        for round in 0..<6 {
            let pipeline = try LivePipeline(
                """
                videotestsrc is-live=true pattern=white ! \(Frame.caps("YUY2", 320, 240)) \
                ! textoverlay text="DROP" font-desc="DejaVu Sans Bold 40px" valignment=center \
                ! textmirror detection-mode=async detection-rate=120 \(TestModel.properties()) ! fakesink sync=false
                """)
            #expect(pipeline.setState(GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE)
            Thread.sleep(forTimeInterval: 0.05 + Double(round) * 0.03)
            #expect(pipeline.drain().errors.isEmpty)
        }
    }
}
