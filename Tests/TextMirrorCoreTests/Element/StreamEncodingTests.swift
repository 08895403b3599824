import Synchronization
import Testing
@testable import TextMirrorCore

/// The stream's YUV encoding (its caps' colorimetry, `MirrorEngine.configure`) reaches the
/// frames the detector and the reader read.
@Suite struct StreamEncodingTests {
    /// Records the encoding of each frame it is given, and the encoding of its copy.
    final class EncodingRecorder: TextDetecting, Sendable {
        let seen = Mutex<[YUVEncoding]>([])

        func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> DetectionInput {
            let snapshot = FrameSnapshot(frame, layout: layout)
            seen.withLock { $0 += [frame.encoding, snapshot.withFrame(\.encoding)] }
            return DetectionInput(
                snapshot: snapshot,
                downscaler: RGBDownscaler(
                    format: .gray8, frameWidth: frame.width, frameHeight: frame.height, outputWidth: 32,
                    outputHeight: 16))
        }

        func detect(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox] { [] }
    }

    @Test("Frames reach the detector, and its copy of them, read as configure's encoding says")
    func encodingReachesTheDetector() throws {
        let recorder = EncodingRecorder()
        let engine = MirrorEngine(detector: recorder)
        engine.update(.syncDetection)
        let full = YUVEncoding(matrix: .bt709, fullRange: true)
        try engine.configure(format: .gray8, width: 64, height: 32, encoding: full)
        var pixels = [UInt8](repeating: 0, count: 64 * 32)
        _ = try pixels.withUnsafeMutableBytes { raw in
            // The frame as the element hands it over, with no encoding of its own.
            let frame = FrameBuffer(width: 64, height: 32, planes: [raw.baseAddress!], strides: [64])
            return try engine.process(frame, stamp: FrameStamp(pts: 0, streamTime: 0), upstreamIsLive: false)
        }
        let seen = recorder.seen.withLock { $0 }
        #expect(seen == [full, full])
        // Configured again without one: BT.601 limited range, what most raw video is.
        try engine.configure(format: .gray8, width: 64, height: 32)
        _ = try pixels.withUnsafeMutableBytes { raw in
            let frame = FrameBuffer(width: 64, height: 32, planes: [raw.baseAddress!], strides: [64])
            let time = AssumedFrameRate.frameInterval
            return try engine.process(frame, stamp: FrameStamp(pts: time, streamTime: time), upstreamIsLive: false)
        }
        #expect(recorder.seen.withLock { Array($0.suffix(2)) } == [.bt601Limited, .bt601Limited])
    }
}
