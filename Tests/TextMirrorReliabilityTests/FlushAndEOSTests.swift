import CGStreamer
import Foundation
import Testing
import TextMirrorTestSupport

/// Flushing seeks forget boxes and pending detections; EOS in sync mode still processes (and
/// detects on) the last frames.
@Suite(.serialized) struct FlushAndEOSTests {
    init() throws {
        GStreamer.setUp()
        try #require(TestModel.isAvailable, "model not found at \(TestModel.path): run scripts/fetch-model.sh")
    }

    /// After a flush, blank frames carry no boxes: neither the boxes held before the flush nor
    /// those of the detection that was running when it came. Repeated, with the flush at
    /// different moments of a detection.
    @Test("A flush drops held boxes and the detection in flight")
    func flushDropsBoxes() throws {
        let text = Frames.text("I420", 320, 240), blank = Frames.blank("I420", 320, 240)
        let harness = DetectionHarness(
            "textmirror name=m detection-mode=async detection-rate=120 \(TestModel.properties())", caps: text.caps)
        var pts: UInt64 = 0
        for round in 0..<5 {
            pts = try RenegotiationTests.pushUntilDetected(harness, text, pts: pts)
            // One more text frame, then the flush `round` x 20 ms later: detection in flight.
            _ = try #require(harness.push(text, pts: pts))
            Thread.sleep(forTimeInterval: Double(round) * 0.02)
            harness.flush()
            _ = harness.detections()
            // A seek starts the stream somewhere else: later timestamps tell stale reports apart.
            pts += 100_000_000_000
            let flushedAt = pts
            // Blank frames until a detection of one of them is reported (the queue is serial:
            // the detection in flight at the flush has finished by then).
            var newDetections = 0
            for step in 0..<400 where newDetections == 0 {
                let output = try #require(harness.push(blank, pts: pts))
                pts += 33_333_333
                #expect(output.boxes.isEmpty, "round \(round) frame \(step) after the flush carries \(output.boxes)")
                for message in harness.detections() {
                    #expect(
                        message.timestamp >= flushedAt, "round \(round): a detection from before the flush was reported"
                    )
                    #expect(message.boxes.isEmpty, "round \(round): boxes on blank frames \(message.boxes)")
                    newDetections += 1
                }
                Thread.sleep(forTimeInterval: 0.03)
            }
            #expect(newDetections > 0, "round \(round): no detection after the flush")
        }
        #expect(harness.problems().errors.isEmpty)
    }

    /// Flushing seeks on a running pipeline, in both detection modes: no error, and the stream
    /// goes on after every seek.
    @Test("Flushing seeks while playing", arguments: ["sync", "async"])
    func flushingSeeksInAPipeline(mode: String) throws {
        let pipeline = try LivePipeline(
            """
            videotestsrc pattern=white ! \(Frame.caps("I420", 320, 240)) \
            ! textoverlay text="SEEK 12" font-desc="DejaVu Sans Bold 40px" valignment=center \
            ! textmirror name=m detection-mode=\(mode) detection-rate=30 \(TestModel.properties()) \
            ! fakesink name=sink signal-handoffs=true sync=true
            """)
        let sink = pipeline.watch("sink")
        #expect(pipeline.setState(GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE)
        var log = BusLog()
        for seek in 0..<12 {
            let before = sink.buffers
            let position = gint64(seek % 4) * 1_000_000_000
            let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_KEY_UNIT.rawValue)
            #expect(gst_element_seek_simple(pipeline.pipeline, GST_FORMAT_TIME, flags, position) != 0, "seek \(seek)")
            _ = pipeline.setState(GST_STATE_PLAYING)
            Thread.sleep(forTimeInterval: 0.12)
            #expect(waitFor(10) { sink.buffers > before }, "\(mode): nothing after seek \(seek)")
            log.append(pipeline.drain())
        }
        // Let a detection finish if the seeks kept interrupting them (a loaded machine).
        let deadline = Date().addingTimeInterval(15)
        while log.detections.isEmpty && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            log.append(pipeline.drain())
        }
        pipeline.setState(GST_STATE_NULL)
        log.append(pipeline.drain())
        #expect(log.errors.isEmpty, "\(log.errors)")
        #expect(sink.misfits.isEmpty, "\(sink.misfits)")
        #expect(!log.detections.isEmpty)
    }

    /// Sync mode at the frame rate detects on every frame, the last one included: as many
    /// detection messages as frames, the last one stamped with the last frame's time, and the
    /// last buffer out carries its boxes.
    @Test("EOS in sync mode: the last frames are detected and mirrored")
    func eosInSyncModeProcessesLastFrames() throws {
        let frames = 9
        let pipeline = try LivePipeline(
            """
            videotestsrc num-buffers=\(frames) pattern=white ! \(Frame.caps("I420", 320, 240)) \
            ! textoverlay text="LAST 9" font-desc="DejaVu Sans Bold 40px" valignment=center \
            ! textmirror name=m detection-mode=sync detection-rate=30 \(TestModel.properties()) \
            ! fakesink name=sink signal-handoffs=true sync=false
            """)
        let sink = pipeline.watch("sink")
        let log = pipeline.run()
        #expect(log.errors.isEmpty && log.reachedEOS, "\(log.errors)")
        #expect(sink.buffers == frames)
        #expect(log.detections.count == frames, "\(log.detections.count) detections for \(frames) frames")
        let lastPTS = UInt64(frames - 1) * 1_000_000_000 / 30
        #expect(
            log.detections.last.map { $0.timestamp / 1000 == lastPTS / 1000 } == true,
            "last detection at \(log.detections.last?.timestamp ?? 0), last frame at \(lastPTS)")
        #expect(log.detections.last?.boxes.isEmpty == false)
        #expect(!sink.lastBoxes.isEmpty, "the last frame was not mirrored")
    }

    /// Async mode ends cleanly too: whatever detection is pending at EOS is dropped, no error.
    @Test("EOS in async mode with detections pending ends cleanly")
    func eosInAsyncMode() throws {
        for _ in 0..<2 {
            let pipeline = try LivePipeline(
                """
                videotestsrc num-buffers=40 pattern=white ! \(Frame.caps("I420", 320, 240)) \
                ! textoverlay text="ASYNC" font-desc="DejaVu Sans Bold 40px" valignment=center \
                ! textmirror detection-mode=async detection-rate=120 \(TestModel.properties()) \
                ! fakesink name=sink signal-handoffs=true sync=false
                """)
            let sink = pipeline.watch("sink")
            let log = pipeline.run()
            #expect(log.errors.isEmpty && log.reachedEOS, "\(log.errors)")
            #expect(sink.buffers == 40)
        }
    }
}
