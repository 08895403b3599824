import Testing
import TextMirrorCore

/// A recognizer that fails, or one that did not load while `verify` asks for reading, is warned
/// about instead of changing what is mirrored silently.
@Suite struct ReadingWarningTests {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "the recognizer is broken" }
    }

    /// Finds one line in the middle of a GRAY8 frame; keeps the frame, as lines are read there.
    final class OneLineDetector: TextDetecting {
        static let line = TextBox(box: PixelBox(centerX: 32, centerY: 16, width: 32, height: 12), score: 0.9)

        func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> DetectionInput {
            DetectionInput(
                snapshot: FrameSnapshot(frame, layout: layout),
                downscaler: RGBDownscaler(
                    format: .gray8, frameWidth: frame.width, frameHeight: frame.height, outputWidth: 32,
                    outputHeight: 16))
        }

        func detect(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox] {
            [Self.line]
        }
    }

    final class FailingRecognizer: TextRecognizing {
        let decoder = try! CTCDecoder(characterList: "a\n")
        var cropHeight: Int { 48 }
        var maxCropWidth: Int { 320 }
        func recognize(_ crop: LineCrop) throws -> RecognizedSteps { throw Broken() }
    }

    /// Three frames through an engine that detects on each (sync, verify on, no ink fitting so
    /// that only reading decides).
    func reports(of engine: MirrorEngine) throws -> [MirrorEngine.FrameReport] {
        var settings = MirrorEngine.Settings()
        settings.detectionMode = .sync
        settings.fitToInk = false
        engine.update(settings)
        try engine.configure(format: .gray8, width: 64, height: 32)
        var pixels = [UInt8](repeating: 0, count: 64 * 32)
        return try (0..<3).map { i in
            try pixels.withUnsafeMutableBytes { raw in
                let frame = FrameBuffer(width: 64, height: 32, planes: [raw.baseAddress!], strides: [64])
                let time = UInt64(i) * AssumedFrameRate.frameInterval
                return try engine.process(frame, stamp: FrameStamp(pts: time, streamTime: time), upstreamIsLive: false)
            }
        }
    }

    @Test func aFailedReadIsWarnedAboutAndTheLineCountsAsUnread() throws {
        let reports = try reports(of: MirrorEngine(detector: OneLineDetector(), recognizer: FailingRecognizer()))
        #expect(reports[0].warning == "Text recognition failed once (the line counts as unread): the recognizer is broken")
        #expect(reports[0].detection?.boxes == [])
        #expect(reports[1].warning == nil)
    }

    @Test func aRecognizerThatDidNotLoadIsWarnedAboutWhenVerifyAsksForIt() throws {
        let engine = MirrorEngine(detector: OneLineDetector(), recognizerFailure: Broken())
        let reports = try reports(of: engine)
        #expect(
            reports[0].warning
                == "Line reading failed once (every detected line is mirrored): verify and text-orientation"
                + " need the text recognizer, which did not load: the recognizer is broken")
        #expect(reports[0].detection?.boxes == [OneLineDetector.line])
        #expect(reports[1].warning == nil)
    }

    /// Without a load failure, no recognizer means lines are not read on purpose.
    @Test func noRecognizerByChoiceIsNotWarnedAbout() throws {
        let reports = try reports(of: MirrorEngine(detector: OneLineDetector()))
        #expect(reports.allSatisfy { $0.warning == nil })
        #expect(reports[0].detection?.boxes == [OneLineDetector.line])
    }
}
