import CGStreamer
import CShim
import Foundation
import Testing
import TextMirrorTestSupport

/// Every numeric property at the minimum and at the maximum it advertises, with detection on:
/// frames go through, detections are reported and nothing is warned about. (`text-threshold=1`
/// was once accepted, and every detection then failed with "text_threshold must be in (0, 1)".)
@Suite struct PropertyExtremesTests {
    init() throws {
        GStreamer.setUp()
        try #require(TestModel.isAvailable, "model not found at \(TestModel.path): run scripts/fetch-model.sh")
    }

    @Test("A numeric property at either end of its range works with detection", arguments: NumericRanges.extremes.map(\.name))
    func extremes(name: String) throws {
        let values = try #require(NumericRanges.extremes.first { $0.name == name }).values
        let frame = Frames.text("I420", 320, 240)
        for value in values {
            let harness = DetectionHarness(
                "textmirror name=m detection-mode=sync model=\"\(TestModel.path)\" "
                    + "inference-precision=\(TestModel.precision) \(name)=\(value)",
                caps: frame.caps)
            for k in 0..<3 {
                #expect(harness.push(frame, pts: UInt64(k) * 33_333_333) != nil, "\(name)=\(value): frame \(k) did not pass")
            }
            #expect(!harness.detections().isEmpty, "\(name)=\(value): no detection reported")
            let problems = harness.problems()
            #expect(problems.errors.isEmpty && problems.warnings.isEmpty, "\(name)=\(value): \(problems)")
        }
    }
}

enum NumericRanges {
    /// The numeric properties and their advertised ends, from the one table gst-inspect shows.
    static let extremes: [(name: String, values: [String])] = {
        let table = textmirror_properties().pointee
        let (low, high) = (table.minimum, table.maximum)
        func both<T>(_ field: KeyPath<TextMirrorSettings, T>) -> [String] { ["\(low[keyPath: field])", "\(high[keyPath: field])"] }
        return [
            ("detection-rate", both(\.detection_rate)), ("detection-size", both(\.detection_size)),
            ("threads", both(\.threads)), ("parallel-detections", both(\.parallel_detections)),
            ("text-threshold", both(\.text_threshold)), ("box-threshold", both(\.box_threshold)),
            ("min-text-height", both(\.min_text_height)), ("smoothing", both(\.smoothing)),
            ("hold-time", both(\.hold_time))
        ]
    }()

}
