import CShim
import TextMirrorPlugin

/// The networks the element runs: the detector, and the recognizer beside it that reads each
/// line (`verify`, `text-orientation`, and where a line's text ends), as the element loads
/// them by default. Without the recognizer the benchmark would score boxes no user sees.
struct Models {
    let detector: TextDetector
    let recognizer: TextRecognizer

    init(detectorPath: String, detectionSize: Int) throws(ToolError) {
        do {
            detector = try TextDetector(.init(modelPath: detectorPath, detectionSize: detectionSize))
        } catch {
            throw ToolError("cannot load the detector: \(error)")
        }
        do {
            recognizer = try TextRecognizer(.init(besideDetector: detectorPath, precision: TEXTMIRROR_PRECISION_AUTO))
        } catch {
            throw ToolError("cannot load the recognizer: \(error)")
        }
    }
}
