import Testing
import TextMirrorCore

/// `Bounded`, the range rule every numeric setting follows on every path in.
@Suite struct BoundedTests {
    @Test func valuesOutsideTheRangeAreBroughtIntoIt() {
        var settings = MirrorEngine.Settings()
        settings.detectionRate = 500
        #expect(settings.detectionRate == 120)
        settings.detectionRate = -1
        #expect(settings.detectionRate == 0.1)
        settings.detectionRate = 12.5
        #expect(settings.detectionRate == 12.5)
        #expect(settings.$detectionRate.range == 0.1...120.0)
    }

    @Test func aNaNKeepsThePreviousValue() {
        var thresholds = DetectionThresholds(text: 0.3)
        thresholds.text = .nan
        #expect(thresholds.text == 0.3)
        thresholds.text = .infinity
        #expect(thresholds.text == 0.99)
    }

    @Test func integersAndTheirDefaults() {
        var detector = DetectorSettings()
        #expect((detector.detectionSize, detector.threads, detector.parallelDetections) == (640, 0, 1))
        detector.parallelDetections = 0
        #expect(detector.parallelDetections == 1)
        #expect(detector.$detectionSize.clamped(10_000) == 4096)
    }
}
