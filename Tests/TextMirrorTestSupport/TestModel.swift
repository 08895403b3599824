import CShim
import TextMirrorCore
import TextMirrorToolSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The detection model the tests run: the live default (`DetectorChoice.auto` for async
/// detection, the cheapest) in the models folder, or the file `$TEXTMIRROR_MODEL` names. A
/// missing model fails the tests that need it (CI fetches it first; a silent skip would hide
/// that it did not).
public enum TestModel {
    public static let model = DetectorChoice.auto.model(sync: false)

    public static var path: String {
        searchModelFile(model.fileName) ?? folder + "/" + model.fileName
    }

    /// The models folder: `$TEXTMIRROR_MODEL` when it names one, else `models/` in the source
    /// tree.
    public static var folder: String { searchModelsFolder() ?? sourceRoot + "/models" }

    /// #filePath is .../Tests/TextMirrorTestSupport/TestModel.swift
    public static var sourceRoot: String {
        var root = "\(#filePath)"
        for _ in 0..<3 { root = String(root[..<root.lastIndex(of: "/")!]) }
        return root
    }

    public static var isAvailable: Bool { access(path, R_OK) == 0 }

    /// The textmirror properties that turn detection on with the test model. Detection on
    /// small inputs keeps the tests fast; the text they draw is large enough for it.
    public static func properties(size: Int = 320) -> String {
        "model=\"\(path)\" detection-size=\(size) inference-precision=\(precision)"
    }

    /// The tests compute the networks in f32, which gives the same boxes and readings on every
    /// CPU. With `auto`, a CPU with bf16 instructions finds slightly different boxes: on one,
    /// "TEXT 42" on a 160x96 frame (RenegotiationTests) was not found at all at 320, and "Oat"
    /// turned -35° (WholeLineTests) kept a box 6.7° off. The evaluation measures bf16 (README).
    public static let precision = "f32"
    /// The same precision as the networks take it (`TextDetector`, `TextRecognizer`).
    public static let networkPrecision = TEXTMIRROR_PRECISION_F32
}
