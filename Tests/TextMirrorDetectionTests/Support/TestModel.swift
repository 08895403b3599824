#if canImport(Glibc)
import Glibc
#endif
import Testing
import CShim
import TextMirrorPlugin

/// The detection model the tests run: `$TEXTMIRROR_MODEL`, else `models/ppocrv4_det.onnx` in
/// the source tree. A missing model fails the test that needs it (CI fetches the model first;
/// a silent skip would hide that it did not).
enum TestModel {
    static var path: String {
        if let env = getenv("TEXTMIRROR_MODEL"), env[0] != 0 { return String(cString: env) }
        // #filePath is .../Tests/TextMirrorDetectionTests/Support/TestModel.swift
        var root = "\(#filePath)"
        for _ in 0..<4 { root = String(root[..<root.lastIndex(of: "/")!]) }
        return root + "/models/ppocrv4_det.onnx"
    }

    /// The model's path, or a recorded failure that says how to fetch it.
    static func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let path = self.path
        try #require(access(path, R_OK) == 0, """
            text detection model not found at \(path): run scripts/fetch-model.sh \
            (or set TEXTMIRROR_MODEL to the prepared ppocrv4_det.onnx)
            """, sourceLocation: sourceLocation)
        return path
    }

    /// A new detector on the test model (each test makes its own, so tests stay independent).
    static func detector(detectionSize: Int = 640, threads: Int = 0,
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> TextDetector {
        let path = try require(sourceLocation: sourceLocation)
        return try TextDetector(.init(modelPath: path, detectionSize: detectionSize, threads: threads))
    }

    /// The recognizer beside the test model (scripts/fetch-model.sh fetches both).
    static func recognizer(sourceLocation: SourceLocation = #_sourceLocation) throws -> TextRecognizer {
        let path = try require(sourceLocation: sourceLocation)
        return try TextRecognizer(.init(besideDetector: path, precision: TEXTMIRROR_PRECISION_AUTO))
    }
}
