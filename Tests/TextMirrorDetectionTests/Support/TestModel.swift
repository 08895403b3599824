#if canImport(Glibc)
    import Glibc
#endif
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

    /// A new detector on the test model (each test makes its own, so tests stay independent).
    static func detector(
        detectionSize: Int = 640, threads: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> TextDetector {
        let path = try require(sourceLocation: sourceLocation)
        return try TextDetector(
            .init(modelPath: path, detectionSize: detectionSize, threads: threads, precision: networkPrecision))
    }

    /// The test model's input normalization as the C API takes it (an array passes as a
    /// pointer to its first element).
    static var input: [TextMirrorNormalization] { [TextMirrorNormalization(model.input)] }

    /// The recognizer beside the test model (scripts/fetch-model.sh fetches both).
    static func recognizer(sourceLocation: SourceLocation = #_sourceLocation) throws -> TextRecognizer {
        let path = try require(sourceLocation: sourceLocation)
        return try TextRecognizer(.init(besideDetector: path, precision: networkPrecision))
    }
}
