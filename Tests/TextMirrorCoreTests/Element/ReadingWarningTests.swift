import Testing
import TextMirrorCore

/// A recognizer that fails, or one that did not load while `verify` asks for reading, is warned
/// about instead of changing what is mirrored silently.
@Suite struct ReadingWarningTests {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "the recognizer is broken" }
    }

    final class FailingRecognizer: TextRecognizing {
        let decoder = try! CTCDecoder(characterList: "a\n")
        var cropHeight: Int { 48 }
        var maxCropWidth: Int { 320 }
        func recognize(_ crop: LineCrop) throws -> RecognizedSteps { throw Broken() }
    }

    /// Reading alone decides what is kept: no ink fitting.
    func reports(of engine: MirrorEngine) throws -> [MirrorEngine.FrameReport] {
        var settings = MirrorEngine.Settings.syncDetection
        settings.fitToInk = false
        return try engineReports(engine, settings: settings)
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
        #expect(reports[0].detection?.boxes == [OneLineDetector().line])
        #expect(reports[1].warning == nil)
    }

    /// Without a load failure, no recognizer means lines are not read on purpose.
    @Test func noRecognizerByChoiceIsNotWarnedAbout() throws {
        let reports = try reports(of: MirrorEngine(detector: OneLineDetector()))
        #expect(reports.allSatisfy { $0.warning == nil })
        #expect(reports[0].detection?.boxes == [OneLineDetector().line])
    }
}
