import CGStreamer
import Foundation
import Testing
import TextMirrorTestSupport

/// Caps change mid-stream while a detection is in flight (async mode, the real model): boxes
/// found in a frame of the old geometry are never applied to a frame of the new one.
@Suite(.serialized) struct RenegotiationTests {
    init() throws {
        GStreamer.setUp()
        try #require(TestModel.isAvailable, "model not found at \(TestModel.path): run scripts/fetch-model.sh")
    }

    /// Formats and sizes the stream goes through: a format change at the same size, resolution
    /// changes both ways, an aspect change, packed and planar layouts.
    static let geometries: [(String, Int, Int)] = [
        ("I420", 320, 240), ("RGBA", 320, 240), ("I420", 160, 96), ("NV12", 480, 200),
        ("YUY2", 320, 240), ("BGRx", 208, 160), ("I420", 320, 240)
    ]

    /// Pushes text frames (30 ms apart in wall time, 1/30 s apart in stream time) until the
    /// output carries detected boxes; returns the next pts. Boxes must fit the frame.
    static func pushUntilDetected(
        _ harness: DetectionHarness, _ frame: Frame, pts start: UInt64,
        maxFrames: Int = 400
    ) throws -> UInt64 {
        var pts = start
        for _ in 0..<maxFrames {
            let output = try #require(harness.push(frame, pts: pts))
            pts += 33_333_333
            for box in output.boxes {
                #expect(box.fits(width: frame.width, height: frame.height), "\(box) in \(frame.caps)")
            }
            if !output.boxes.isEmpty { return pts }
            Thread.sleep(forTimeInterval: 0.03)
        }
        Issue.record("no text detected in \(maxFrames) frames of \(frame.caps)")
        return pts
    }

    @Test("Caps change with a detection in flight: old boxes never reach the new geometry")
    func capsChangeDropsInFlightBoxes() throws {
        let first = Self.geometries[0]
        let harness = DetectionHarness(
            "textmirror name=m detection-mode=async detection-rate=120 \(TestModel.properties())",
            caps: Frame.caps(first.0, first.1, first.2))
        var pts: UInt64 = 0
        var changes = 0
        for (index, geometry) in Self.geometries.enumerated() {
            let (format, width, height) = geometry
            if index > 0 {
                // A text frame of the old geometry: its detection is now queued or running.
                let old = Self.geometries[index - 1]
                _ = try #require(harness.push(Frames.text(old.0, old.1, old.2), pts: pts))
                pts += 33_333_333
                harness.setCaps(Frame.caps(format, width, height))
                changes += 1
                let changedAt = pts
                _ = harness.detections()  // messages of the old geometry
                // Blank frames of the new geometry until a detection of one of them is
                // reported: the queue is serial, so the detection that was in flight has
                // finished by then. The detector finds nothing in blank frames, so any box on
                // them can only come from the old geometry.
                let blank = Frames.blank(format, width, height)
                var newDetections = 0
                for step in 0..<400 where newDetections == 0 {
                    let output = try #require(harness.push(blank, pts: pts))
                    pts += 33_333_333
                    #expect(output.boxes.isEmpty, "frame \(step) after \(old) -> \(geometry) carries \(output.boxes)")
                    for message in harness.detections() {
                        #expect(
                            message.timestamp >= changedAt,
                            "a detection of a frame before the caps change (\(message.timestamp) < \(changedAt)) was reported"
                        )
                        #expect(message.boxes.isEmpty, "boxes reported on blank frames: \(message.boxes)")
                        newDetections += 1
                    }
                    Thread.sleep(forTimeInterval: step < 2 ? 0.0 : 0.03)
                }
                #expect(newDetections > 0, "no detection after the caps change to \(geometry)")
            }
            // Detection works in the new geometry, and its boxes fit it.
            pts = try Self.pushUntilDetected(harness, Frames.text(format, width, height), pts: pts)
            for message in harness.detections() {
                for box in message.boxes {
                    #expect(box.fits(width: width, height: height), "message box \(box) in \(geometry)")
                }
            }
        }
        #expect(changes == Self.geometries.count - 1)
        let problems = harness.problems()
        #expect(problems.errors.isEmpty, "\(problems.errors)")
    }

    /// Renegotiation driven from downstream while a live source runs: a capsfilter's caps change
    /// every 150 ms (size and format), detection runs at a high rate; every buffer's boxes fit
    /// the caps it arrived with, and the stream keeps flowing after each change.
    @Test("Live pipeline renegotiating every 150 ms keeps flowing, boxes fit their frames")
    func liveRenegotiation() throws {
        let pipeline = try LivePipeline(
            """
            videotestsrc is-live=true pattern=white ! textoverlay text="LIVE TEXT 7" font-desc="DejaVu Sans Bold 24px" \
              valignment=center ! capsfilter name=cf caps="\(Frame.caps("I420", 320, 240))" \
            ! textmirror name=m detection-mode=async detection-rate=60 \(TestModel.properties()) \
            ! fakesink name=sink signal-handoffs=true sync=false
            """)
        let sink = pipeline.watch("sink")
        #expect(pipeline.setState(GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE)
        var log = BusLog()
        let sequence = Self.geometries + Self.geometries.reversed()
        for (format, width, height) in sequence {
            let before = sink.buffers
            setProperty(pipeline.element("cf"), "caps", Frame.caps(format, width, height))
            Thread.sleep(forTimeInterval: 0.15)
            #expect(waitFor(10) { sink.buffers > before }, "no buffers after switching to \(format) \(width)x\(height)")
            log.append(pipeline.drain())
        }
        // On a loaded machine the detector may not have kept up with the switches: give it time.
        waitFor(15) { sink.buffersWithBoxes > 0 }
        log.append(pipeline.drain())
        pipeline.setState(GST_STATE_NULL)
        log.append(pipeline.drain())
        #expect(log.errors.isEmpty, "\(log.errors)")
        #expect(sink.misfits.isEmpty, "\(sink.misfits)")
        #expect(sink.buffersWithBoxes > 0, "no text was ever detected")
    }
}
