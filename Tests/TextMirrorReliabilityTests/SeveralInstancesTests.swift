import CGStreamer
import Foundation
import Testing
import TextMirrorTestSupport

/// Several textmirror elements with detection on, in one pipeline and in several pipelines of
/// one process: they share the model (DetectorLoading.swift, SharedDetectors) and each still
/// detects on its own frames.
@Suite(.serialized) struct SeveralInstancesTests {
    init() throws {
        GStreamer.setUp()
        try #require(TestModel.isAvailable, "model not found at \(TestModel.path): run scripts/fetch-model.sh")
    }

    /// Three branches of one source, of three sizes and two aspect ratios (so the shared
    /// detector sees inputs of different sizes in turn), sync mode at the frame rate: each
    /// element detects on every one of its frames and its boxes fit its frames.
    @Test("Three elements in one pipeline, different sizes, sharing the model")
    func threeInOnePipeline() throws {
        let frames = 8
        let pipeline = try LivePipeline(
            """
            videotestsrc num-buffers=\(frames) pattern=white ! \(Frame.caps("I420", 640, 480)) \
            ! textoverlay text="SHARED 3" font-desc="DejaVu Sans Bold 48px" valignment=center ! tee name=t \
            t. ! queue ! textmirror name=a detection-mode=sync detection-rate=30 \(TestModel.properties()) \
               ! fakesink name=sa signal-handoffs=true \
            t. ! queue ! videoscale ! video/x-raw,width=320,height=240 \
               ! textmirror name=b detection-mode=sync detection-rate=30 \(TestModel.properties()) \
               ! fakesink name=sb signal-handoffs=true \
            t. ! queue ! videoscale ! video/x-raw,width=640,height=360 \
               ! textmirror name=c detection-mode=sync detection-rate=30 \(TestModel.properties()) \
               ! fakesink name=sc signal-handoffs=true
            """)
        let sinks = ["sa", "sb", "sc"].map { pipeline.watch($0) }
        let started = Date()
        let log = pipeline.run(timeout: 120)
        let seconds = Date().timeIntervalSince(started)
        #expect(log.errors.isEmpty && log.reachedEOS, "\(log.errors)")
        for (name, sink) in zip(["a", "b", "c"], sinks) {
            #expect(sink.buffers == frames, "\(name): \(sink.buffers) frames")
            #expect(sink.misfits.isEmpty, "\(name): \(sink.misfits)")
            #expect(!sink.lastBoxes.isEmpty, "\(name): no boxes on its last frame")
        }
        #expect(log.detections.count == 3 * frames, "\(log.detections.count) detections")
        print("three elements, \(3 * frames) detections in \(String(format: "%.1f", seconds)) s")
    }

    /// Four pipelines on four threads at once, each with two elements in a row (async and
    /// sync), started and stopped at different moments.
    @Test("Four pipelines on four threads, two elements each")
    func fourPipelinesInParallel() throws {
        let results = ResultBox()
        let group = DispatchGroup()
        for i in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    let format = ["I420", "NV12", "RGBA", "YUY2"][i]
                    let pipeline = try LivePipeline(
                        """
                        videotestsrc num-buffers=\(12 + 4 * i) pattern=white ! \(Frame.caps(format, 320, 240)) \
                        ! textoverlay text="PARALLEL \(i)" font-desc="DejaVu Sans Bold 32px" valignment=center \
                        ! textmirror detection-mode=async detection-rate=60 \(TestModel.properties()) \
                        ! textmirror detection-mode=sync detection-rate=10 \(TestModel.properties(size: 256)) \
                        ! fakesink name=sink signal-handoffs=true
                        """)
                    let sink = pipeline.watch("sink")
                    let log = pipeline.run(timeout: 120)
                    results.add(
                        "\(format): errors \(log.errors), eos \(log.reachedEOS), frames \(sink.buffers)/\(12 + 4 * i), "
                            + "detections \(log.detections.count), misfits \(sink.misfits)",
                        ok: log.errors.isEmpty && log.reachedEOS && sink.buffers == 12 + 4 * i
                            && sink.misfits.isEmpty && !log.detections.isEmpty)
                } catch {
                    results.add("\(error)", ok: false)
                }
            }
        }
        group.wait()
        #expect(results.all.count == 4)
        for (text, ok) in results.all { #expect(ok, "\(text)") }
    }
}

final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(String, Bool)] = []
    func add(_ text: String, ok: Bool) { lock.withLock { items.append((text, ok)) } }
    var all: [(String, Bool)] { lock.withLock { items } }
}
