import Testing
import TextMirrorCore

/// Failures of the detector and of the motion measurement become rate-limited warnings.
@Suite struct FailureWarningTests {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "the network is broken" }
    }

    @Test func theFirstFailureIsWarnedAtOnceThenAtMostEveryInterval() {
        var tally = FailureTally()
        var warning = FailureWarning(stage: "Text detection")
        #expect(warning.message(for: tally, now: 0) == nil)
        tally.record(Broken())
        let first = warning.message(for: tally, now: 1_000)
        #expect(first == "Text detection failed once (the previous boxes stay): the network is broken")
        tally.record(Broken())
        tally.record(Broken())
        #expect(warning.message(for: tally, now: 1_000 + FailureWarning.interval - 1) == nil)
        let later = warning.message(for: tally, now: 1_000 + FailureWarning.interval)
        #expect(later == "Text detection failed 2 times (the previous boxes stay): the network is broken")
        #expect(warning.message(for: tally, now: 1_000 + 3 * FailureWarning.interval) == nil)
    }

    final class FailingDetector: TextDetecting {
        func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> DetectionInput {
            DetectionInput(width: 1, height: 1, rgb: [0, 0, 0], frameWidth: frame.width, frameHeight: frame.height)
        }

        func detect(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox] {
            throw Broken()
        }
    }

    /// Sync mode used to drop detector errors (`try?`); now the frame still goes through and
    /// the report carries a warning, once.
    @Test func aFailedSyncDetectionIsReported() throws {
        let reports = try engineReports(MirrorEngine(detector: FailingDetector()))
        #expect(reports[0].warning == "Text detection failed once (the previous boxes stay): the network is broken")
        #expect(reports[0].detection == nil)
        #expect(reports[1].warning == nil)
        #expect(reports[2].warning == nil)
    }
}
