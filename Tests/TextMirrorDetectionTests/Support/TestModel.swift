#if canImport(Glibc)
    import Glibc
#endif
import Synchronization
import Testing
import CShim
import TextMirrorPlugin
import TextMirrorTestSupport

/// The detection model the tests run (TextMirrorTestSupport's `TestModel.path`), as this
/// target uses it: a recorded failure when it is missing, and networks made from it.
extension TestModel {
    /// The model's path, or a recorded failure that says how to fetch it.
    static func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let path = self.path
        try #require(
            access(path, R_OK) == 0,
            """
            text detection model not found at \(path): run scripts/fetch-model.sh \
            (or set TEXTMIRROR_MODEL to the models folder or a detector file)
            """, sourceLocation: sourceLocation)
        return path
    }

    /// A detector on the test model, one per configuration for the whole test run: a detector
    /// keeps no state between detections but its compiled networks, and loading and compiling
    /// them again for every test was most of the suite's time.
    static func detector(
        detectionSize: Int = 640, threads: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> TextDetector {
        let path = try require(sourceLocation: sourceLocation)
        let configuration = TextDetector.Configuration(
            modelPath: path, detectionSize: detectionSize, threads: threads, precision: networkPrecision)
        return try SharedNetworks.detectors.instance(for: configuration) { try TextDetector($0) }
    }

    /// The test model's input normalization as the C API takes it (an array passes as a
    /// pointer to its first element).
    static var input: [TextMirrorNormalization] { [TextMirrorNormalization(model.input)] }

    /// The recognizer beside the test model (scripts/fetch-model.sh fetches both), shared as
    /// `detector` is.
    static func recognizer(sourceLocation: SourceLocation = #_sourceLocation) throws -> TextRecognizer {
        let path = try require(sourceLocation: sourceLocation)
        let configuration = TextRecognizer.Configuration(besideDetector: path, precision: networkPrecision)
        return try SharedNetworks.recognizers.instance(for: configuration) { try TextRecognizer($0) }
    }
}

/// The networks the detection tests share, made on first use and kept for the test run.
private enum SharedNetworks {
    static let detectors = Instances<TextDetector.Configuration, TextDetector>()
    static let recognizers = Instances<TextRecognizer.Configuration, TextRecognizer>()

    final class Instances<Key: Equatable & Sendable, Value: Sendable>: Sendable {
        private let made = Mutex<[(key: Key, value: Value)]>([])

        /// Made under the lock, so parallel tests wait for one load rather than each loading.
        func instance(for key: Key, make: (Key) throws -> Value) throws -> Value {
            try made.withLock { table in
                if let found = table.first(where: { $0.key == key }) { return found.value }
                let value = try make(key)
                table.append((key, value))
                return value
            }
        }
    }
}
