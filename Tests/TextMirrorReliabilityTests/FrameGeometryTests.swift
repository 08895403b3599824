import CGStreamer
import CGStreamerCheck
import Foundation
import Testing
import TextMirrorCore
import TextMirrorTestSupport

/// Frame geometry at the extremes, with detection on: 8K frames, 1x1 to 3x3 frames in every
/// format, and degenerate regions.
@Suite(.serialized) struct FrameGeometryTests {
    init() { GStreamer.setUp() }

    /// The formats of textmirror's sink template: the core's table of formats.
    static let formats = PixelFormat.allCases.map(\.rawValue)

    /// `frame` through videoflip: what a whole-frame region must give.
    static func videoflipped(_ frame: Frame, direction: String = "horiz") throws -> [UInt8] {
        let harness = DetectionHarness("videoflip video-direction=\(direction)", caps: frame.caps)
        let output = try #require(harness.push(frame, pts: 0))
        return bytes(of: output.buffer)
    }

    static func bytes(of buffer: UnsafeMutablePointer<GstBuffer>) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(gst_buffer_get_size(buffer)))
        _ = out.withUnsafeMutableBytes { gst_buffer_extract(buffer, 0, $0.baseAddress, gsize($0.count)) }
        return out
    }

    /// Picture bytes that differ between two buffers of `frame`'s format and size.
    static func differences(_ a: [UInt8], _ b: [UInt8], like frame: Frame) -> Int {
        differingBytes(
            pictureBytes(a, format: frame.format, width: frame.width, height: frame.height),
            pictureBytes(b, format: frame.format, width: frame.width, height: frame.height))
    }

    /// 7680x4320: a whole-frame region equals videoflip byte for byte (no overflow in offsets,
    /// strides or the row kernels; these layouts have no padding, so whole buffers compare), with
    /// detection on; detection on an 8K frame with text finds it, with boxes inside the frame.
    @Test("8K frames: mirror equals videoflip", arguments: LongTests.sample(["I420", "RGBA", "NV12"], count: 1))
    func eightK(format: String) throws {
        let frame = Frames.snow(format, 7680, 4320)
        let detect = TestModel.isAvailable ? "detection-mode=sync \(TestModel.properties(size: 640))" : "detect=false"
        let mirror = DetectionHarness("textmirror regions=0,0,1,1 \(detect)", caps: frame.caps)
        let mirrored = try #require(mirror.push(frame, pts: 0))
        if mirrored.boxes.isEmpty {
            #expect(
                Self.bytes(of: mirrored.buffer) == (try Self.videoflipped(frame)), "\(format) 8K differs from videoflip"
            )
        }
        #expect(mirror.problems().errors.isEmpty)
    }

    /// The largest detection sizes (the range goes to 4096) run (a 4096x2304 input takes about
    /// 1.2 GB) and find the text, on frames as large as the input: upscaled 3 times, a 720p
    /// frame's letters outgrow what the v6 detector sees as text.
    @Test("the largest detection sizes work", arguments: [2560, 4096])
    func largestDetectionSizes(size: Int) throws {
        try #require(TestModel.isAvailable, "model not found at \(TestModel.path): run scripts/fetch-model.sh")
        let text = Frames.text("I420", size, size * 9 / 16)
        let detect = DetectionHarness(
            "textmirror detection-mode=sync \(TestModel.properties(size: size))",
            caps: text.caps)
        let output = try #require(detect.push(text, pts: 0))
        #expect(!output.boxes.isEmpty, "no text found at detection-size \(size)")
        #expect(detect.detections().count == 1)
        #expect(detect.problems().errors.isEmpty)
    }

    @Test("8K frame with text: detection finds it")
    func eightKDetection() throws {
        try #require(TestModel.isAvailable, "model not found at \(TestModel.path): run scripts/fetch-model.sh")
        let (width, height) = (7680, 4320)
        let text = Frames.text("I420", width, height)
        let detect = DetectionHarness(
            "textmirror detection-mode=sync \(TestModel.properties(size: 640))", caps: text.caps)
        let output = try #require(detect.push(text, pts: 0))
        #expect(!output.boxes.isEmpty, "no text found in the 8K frame")
        for box in output.boxes { #expect(box.fits(width: width, height: height), "\(box)") }
        #expect(detect.detections().count == 1)
        #expect(detect.problems().errors.isEmpty)
    }

    /// 1x1, 2x2 and 3x3 frames in every format with detection on (the detector's input is
    /// then scaled up from a pixel or a few) and a whole-frame region: frames flow, reported
    /// boxes fit, and where nothing was detected the frame equals videoflip's.
    @Test("1x1, 2x2, 3x3 in every format with detection on", arguments: [1, 2, 3])
    func tinyFrames(side: Int) throws {
        try #require(TestModel.isAvailable, "model not found at \(TestModel.path): run scripts/fetch-model.sh")
        for format in Self.formats {
            let frame = Frames.pattern(format, side, side, seed: UInt64(side))
            let flipped = try Self.videoflipped(frame)
            let harness = DetectionHarness(
                "textmirror regions=0,0,1,1 detection-mode=sync detection-rate=30 \(TestModel.properties(size: 64))",
                caps: frame.caps)
            for i in 0..<3 {
                let output = try #require(harness.push(frame, pts: UInt64(i) * 33_333_333), "\(format) \(side)x\(side)")
                for box in output.boxes { #expect(box.fits(width: side, height: side), "\(format): \(box)") }
                if output.boxes.isEmpty {
                    #expect(
                        Self.differences(Self.bytes(of: output.buffer), flipped, like: frame) == 0,
                        "\(format) \(side)x\(side) differs from videoflip")
                }
            }
            #expect(harness.detections().count == 3, "\(format) \(side)x\(side): every frame is detected on")
            let problems = harness.problems()
            #expect(problems.errors.isEmpty, "\(format): \(problems.errors)")
        }
    }

    /// Regions that cover no pixel (too small, outside, touching from outside): the frame is
    /// untouched. Regions that cover the whole frame in odd ways: videoflip's result. Rotated
    /// degenerate ones: no crash, frame flows. In several layouts and sizes down to 1x1, with
    /// detection on for the smallest.
    static let coversNothing = [
        "0,0,1e-9,1e-9", "1,1,0.5,0.5", "-0.5,0,0.5,1", "0,-16,1,16", "0.5,0.5,1e-12,1",
        "0.999999,0,1e-7,1", "16,16,1,1", "-16,-16,1,1"
    ]
    static let coversAll = ["-1,-1,3,3", "0,0,1,1,180", "0,0,1,1,-360", "-8,-8,16,16", "0,0,1,1;0,0,1,1;0,0,1,1"]
    static let rotatedOddities = [
        "0.5,0.5,1e-9,1,45", "0,0,1,1,359999", "-8,-8,16,16,33", "-16,-16,1e-9,1e-9,90",
        "0.25,0.25,0.5,0.5,90", "0,0,1,1,0.0000001", "0.4,0.4,0.2,0.2,-89.9999"
    ]

    @Test("Degenerate regions", arguments: ["GRAY8", "I420", "NV12", "YUY2", "UYVY", "RGB", "AYUV"])
    func degenerateRegions(format: String) throws {
        for (width, height) in [(1, 1), (2, 2), (3, 3), (33, 9)] {
            let frame = Frames.pattern(format, width, height, seed: 9)
            let flipped = try Self.videoflipped(frame)
            // Detection on for the 1x1 frames (the detector then sees one pixel scaled up).
            let detect =
                width == 1 && TestModel.isAvailable
                ? "detection-mode=sync detection-rate=30 \(TestModel.properties(size: 64))" : "detect=false"
            let harness = DetectionHarness("textmirror name=m \(detect)", caps: frame.caps)
            for (i, spec) in (Self.coversNothing + Self.coversAll + Self.rotatedOddities).enumerated() {
                let what = "\(format) \(width)x\(height) regions=\"\(spec)\""
                setProperty(harness.element("m"), "regions", spec)
                #expect(propertyString(harness.element("m"), "regions") == spec, "\(what) was refused")
                let output = try #require(harness.push(frame, pts: UInt64(i) * 33_333_333), "\(what)")
                let after = Self.bytes(of: output.buffer)
                if output.boxes.isEmpty {
                    if Self.coversNothing.contains(spec) {
                        #expect(Self.differences(after, frame.bytes, like: frame) == 0, "\(what) changed the frame")
                    } else if Self.coversAll.contains(spec) {
                        #expect(Self.differences(after, flipped, like: frame) == 0, "\(what) differs from videoflip")
                    }
                }
            }
            let problems = harness.problems()
            #expect(problems.errors.isEmpty && problems.warnings.isEmpty, "\(format) \(width)x\(height): \(problems)")
        }
    }
}
