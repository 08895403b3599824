import Testing
import TextMirrorCore

/// `min-text-height` leaves small lines alone, and what is left alone is not reported as
/// detected either (messages and ROI metas describe what is mirrored).
@Suite struct MinTextHeightTests {
    @Test func aLineUnderTheMinimumIsNeitherMirroredNorReported() throws {
        var settings = MirrorEngine.Settings.syncDetection
        settings.fitToInk = false
        settings.verify = false
        settings.minTextHeight = 0.5  // 16 rows of 32; the line is 12
        let small = try engineReports(MirrorEngine(detector: OneLineDetector()), settings: settings)
        #expect(small[0].detection?.boxes == [])
        #expect(small.allSatisfy { $0.mirrored.isEmpty })

        settings.minTextHeight = 0.25  // 8 rows
        let kept = try engineReports(MirrorEngine(detector: OneLineDetector()), settings: settings)
        #expect(kept[0].detection?.boxes.count == 1)
        #expect(kept[0].mirrored.count == 1)
    }
}
