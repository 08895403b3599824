import CGStreamer
import CGStreamerCheck
import Foundation
import Testing
import TextMirrorTestSupport

/// Properties changed from other threads while frames flow: no crash, no error, no write to a
/// buffer the element may not write to, and the element still does its job afterwards.
@Suite(.serialized) struct ConcurrentPropertyTests {
    init() { GStreamer.setUp() }

    /// Runs `body(thread index, iteration)` on `threads` threads until `seconds` pass; returns
    /// how many calls were made.
    static func hammer(threads: Int, seconds: Double, _ body: @escaping @Sendable (Int, Int) -> Void) -> Int {
        let deadline = Date().addingTimeInterval(seconds)
        let counts = Counts(threads)
        let group = DispatchGroup()
        for t in 0..<threads {
            group.enter()
            Thread.detachNewThread {
                var i = 0
                while Date() < deadline {
                    body(t, i)
                    i += 1
                }
                counts.set(t, i)
                group.leave()
            }
        }
        group.wait()
        return counts.total
    }

    final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int]
        init(_ n: Int) { values = Array(repeating: 0, count: n) }
        func set(_ i: Int, _ v: Int) { lock.withLock { values[i] = v } }
        var total: Int { lock.withLock { values.reduce(0, +) } }
    }

    /// `enabled` toggled as fast as a thread can while the streaming thread pushes buffers the
    /// test also holds (so they are not writable): whether a frame is mirrored may change from
    /// frame to frame, but a buffer the element may not write to must never be written to, and
    /// each output is either the untouched input or its exact mirror image.
    @Test("enabled toggled from another thread never writes into a shared buffer")
    func enabledToggleRespectsWritability() throws {
        let frame = Frames.pattern("GRAY8", 64, 8, seed: 5)
        let mirrored = Frame(
            format: "GRAY8", width: 64, height: 8,
            bytes: (0..<8).flatMap { frame.bytes[($0 * 64)..<($0 * 64 + 64)].reversed() })
        let harness = DetectionHarness("textmirror name=m detect=false regions=0,0,1,1", caps: frame.caps)
        let element = Pointer(harness.element("m"))
        let stop = Flag()
        let toggler = Thread {
            var on = false
            while !stop.isSet {
                setProperty(element.pointer, "enabled", on ? "true" : "false")
                on.toggle()
            }
        }
        toggler.start()
        defer { stop.set() }
        var written = 0, wrong = 0, mirroredCount = 0, pushed = 0
        // The window is a few instructions wide: push for 2.5 s (tens of thousands of buffers).
        let deadline = Date().addingTimeInterval(2.5)
        for i in 0..<200_000 where Date() < deadline {
            pushed += 1
            let input = frame.makeBuffer()
            input.pointee.pts = GstClockTime(i) * 33_333_333
            gst_buffer_ref(input)  // ours too: the element gets a non-writable buffer
            defer { gst_buffer_unref(input) }
            guard gst_harness_push(harness.harness, input) == GST_FLOW_OK,
                let output = gst_harness_try_pull(harness.harness)
            else {
                Issue.record("push \(i) failed")
                break
            }
            defer { gst_buffer_unref(output) }
            var inBytes = [UInt8](repeating: 0, count: frame.bytes.count)
            var outBytes = inBytes
            _ = inBytes.withUnsafeMutableBytes { gst_buffer_extract(input, 0, $0.baseAddress, gsize($0.count)) }
            _ = outBytes.withUnsafeMutableBytes { gst_buffer_extract(output, 0, $0.baseAddress, gsize($0.count)) }
            if inBytes != frame.bytes { written += 1 }
            if outBytes == mirrored.bytes { mirroredCount += 1 } else if outBytes != frame.bytes { wrong += 1 }
        }
        stop.set()
        #expect(written == 0, "\(written) of \(pushed) shared buffers were written to")
        #expect(wrong == 0, "\(wrong) outputs were neither the input nor its mirror image")
        #expect(mirroredCount > 0 && pushed > 1000, "\(pushed) buffers, \(mirroredCount) mirrored")
        print("enabled toggling: \(pushed) shared buffers pushed, \(mirroredCount) mirrored, \(written) written to")
        let problems = harness.problems()
        #expect(problems.errors.isEmpty && problems.warnings.isEmpty, "\(problems)")
    }

    /// Every property that may change while PLAYING, from four threads at once, while a live
    /// source runs with detection on: regions (valid and malformed), flip, enabled, detection
    /// mode, rate and thresholds, and (where the element has them) the tracking settings; a
    /// fifth thread reads them all back. The stream must keep flowing and report no error; the
    /// element must mirror correctly once the storm is over.
    @Test("Property storm from 5 threads while PLAYING with detection")
    func propertyStorm() throws {
        try #require(TestModel.isAvailable, "model not found at \(TestModel.path): run scripts/fetch-model.sh")
        let pipeline = try LivePipeline(
            """
            videotestsrc is-live=true pattern=white ! \(Frame.caps("I420", 320, 240)) \
            ! textoverlay text="STORM 5" font-desc="DejaVu Sans Bold 40px" valignment=center \
            ! textmirror name=m detection-mode=async detection-rate=60 \(TestModel.properties()) \
            ! fakesink name=sink signal-handoffs=true sync=false
            """)
        let sink = pipeline.watch("sink")
        #expect(pipeline.setState(GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE)
        let element = Pointer(pipeline.element("m"))
        let optional = ["smoothing", "tracking", "hold-time"].filter { hasProperty(element.pointer, $0) }
        let regionValues = [
            "0,0,1,1", "", "0.1,0.1,0.3,0.2;0.5,0.5,0.4,0.2,30", "0,0,1", "nonsense",
            "-1,-1,3,3", "0.5,0.5,1e-9,1e-9,45", "0,0,1,1;;", "0.2,0.2,0.2,0.2,-720"
        ]
        let calls = Self.hammer(threads: 5, seconds: 2.5) { thread, i in
            let e = element.pointer
            switch thread {
            case 0: setProperty(e, "regions", regionValues[i % regionValues.count])
            case 1:
                setProperty(e, "flip", ["horizontal", "vertical", "rotate-180"][i % 3])
                if i % 7 == 0 { setProperty(e, "enabled", i % 14 == 0 ? "false" : "true") }
            case 2:
                setProperty(e, "detection-rate", String(1 + i % 120))
                setProperty(e, "text-threshold", String(Double(i % 9 + 1) / 10))
                setProperty(e, "box-threshold", String(Double(i % 10) / 10))
                setProperty(e, "min-text-height", String(Double(i % 5) / 50))
                setProperty(e, "detection-mode", ["async", "sync", "auto"][i % 3])
                setProperty(e, "post-messages", i % 2 == 0 ? "true" : "false")
            case 3:
                for name in optional {
                    switch name {
                    case "smoothing": setProperty(e, name, String(Double(i % 11) / 10))
                    case "tracking": setProperty(e, name, i % 2 == 0 ? "true" : "false")
                    default: setProperty(e, name, String(i % 1000))
                    }
                }
                if optional.isEmpty { Thread.sleep(forTimeInterval: 0.001) }
            default:
                for name in [
                    "regions", "flip", "enabled", "detection-rate", "text-threshold", "box-threshold",
                    "min-text-height", "detection-mode", "post-messages", "detect", "model"
                ] + optional {
                    _ = propertyString(e, name)
                }
            }
        }
        // Settle: known values, then frames must flow and be mirrored with them.
        for (name, value) in [
            ("enabled", "true"), ("regions", "0,0,1,1"), ("flip", "horizontal"),
            ("detection-mode", "async"), ("detection-rate", "30"), ("post-messages", "true"),
            ("text-threshold", "0.3"), ("box-threshold", "0.5"), ("min-text-height", "0.01")
        ] {
            setProperty(element.pointer, name, value)
            #expect(
                propertyString(element.pointer, name) == value,
                "\(name) reads back \(propertyString(element.pointer, name) ?? "nil")")
        }
        let before = sink.buffers
        #expect(waitFor(10) { sink.buffers > before + 5 }, "the stream stopped after \(calls) property changes")
        let log = pipeline.drain()
        print(
            "property storm: \(calls) rounds of property changes from 5 threads, \(sink.buffers) frames, "
                + "\(log.warnings.count) malformed-regions warnings")
        #expect(log.errors.isEmpty, "\(log.errors)")
        #expect(
            log.warnings.allSatisfy { $0.contains("regions") },
            "unexpected warnings: \(log.warnings.filter { !$0.contains("regions") })")
        #expect(sink.misfits.isEmpty, "\(sink.misfits)")
        pipeline.setState(GST_STATE_NULL)
    }
}

/// A pointer handed to other threads; the test keeps what it points to alive.
struct Pointer<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
