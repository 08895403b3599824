import CShim
import Synchronization
import TextMirrorCore

/// What a session needs to load its detector: fixed for a run (changes apply at next start).
struct DetectorConfiguration: Equatable {
    /// nil: look in the default places (`ModelLocation`).
    var modelPath: String?
    var inputLongSide: Int
    var threads: Int
    var precision: TextMirrorPrecision
}

/// Why detection could not start, in words for the element error.
struct DetectorLoadError: Error, CustomStringConvertible {
    let description: String
}

/// Loads the detector for a session, or hands out the one another textmirror in this process
/// already loaded with the same configuration: the model is in memory once however many
/// elements run, and the shared detector serialises their detections.
func loadTextDetector(_ configuration: DetectorConfiguration) throws(DetectorLoadError) -> any TextDetecting {
    guard let path = configuration.modelPath ?? ModelLocation.resolve() else {
        throw DetectorLoadError(description:
            "the text detection model \(ModelLocation.fileName) was not found; looked in: "
            + ModelLocation.candidates().joined(separator: ", ")
            + ". Fetch it with \(ModelLocation.fetchCommand), set the model property or "
            + "$\(ModelLocation.environmentVariable) to its path, or set detect=false to mirror only fixed regions")
    }
    let key = TextDetector.Configuration(modelPath: path, detectionSize: configuration.inputLongSide,
                                         threads: configuration.threads, precision: configuration.precision)
    return try SharedDetectors.shared.detector(for: key)
}

/// Detectors in use, held weakly: the last element to stop frees the model.
private final class SharedDetectors: Sendable {
    static let shared = SharedDetectors()

    /// Only touched inside the mutex, hence the unchecked Sendable.
    private final class WeakDetector: @unchecked Sendable {
        let configuration: TextDetector.Configuration
        weak var detector: TextDetector?
        init(_ detector: TextDetector) {
            configuration = detector.configuration
            self.detector = detector
        }
    }

    /// A handful of entries at most (one per distinct configuration), so a list will do.
    private let detectors = Mutex<[WeakDetector]>([])

    func detector(for configuration: TextDetector.Configuration) throws(DetectorLoadError) -> TextDetector {
        func find(_ table: [WeakDetector]) -> TextDetector? {
            table.first { $0.configuration == configuration && $0.detector != nil }?.detector
        }
        if let existing = detectors.withLock({ find($0) }) { return existing }
        let made: TextDetector
        do {
            made = try TextDetector(configuration)
        } catch {
            // The detector's message may end in its own punctuation ("...?"), so separate with ";".
            throw DetectorLoadError(description: "\(error.description); if the file is missing or "
                                    + "damaged, fetch it again with \(ModelLocation.fetchCommand)")
        }
        return detectors.withLock { table in
            // Another element may have loaded the same model meanwhile; keep one.
            if let raced = find(table) { return raced }
            table.removeAll { $0.detector == nil }
            table.append(WeakDetector(made))
            return made
        }
    }
}
