import CShim
#if canImport(Glibc)
    import Glibc
#endif
import Synchronization
import TextMirrorCore

extension DetectorSettings {
    /// The file the user named (the `model` property, else `$TEXTMIRROR_MODEL`), if any: it
    /// replaces the choice.
    var namedModelPath: String? { modelPath ?? ModelLocation.named }

    /// The precision as textmirror.h carries it, for the networks (textmirror_detector_new).
    var precision: TextMirrorPrecision { TextMirrorPrecision(rawValue: inferencePrecision.rawValue) }
}

/// Why detection could not start, in words for the element error.
struct DetectorLoadError: Error, CustomStringConvertible {
    let description: String
}

/// Loads the detector for detection in this mode (`DetectorChoice.model(sync:)`), or hands out
/// the one another textmirror in this process already loaded with the same configuration: the
/// model is in memory once however many elements run, and the shared detector serialises their
/// detections.
func loadTextDetector(_ configuration: DetectorSettings, sync: Bool) throws(DetectorLoadError) -> TextDetector {
    let key = TextDetector.Configuration(
        modelPath: try detectorModelPath(configuration, sync: sync),
        detectionSize: configuration.detectionSize,
        threads: configuration.threads, parallelDetections: configuration.parallelDetections,
        precision: configuration.precision)
    return try SharedModels.detectors.instance(for: key, make: TextDetector.init)
}

/// Loads the recognizer of the detector's generation from the detector's folder (shared like
/// detectors).
func loadTextRecognizer(_ configuration: DetectorSettings) throws(DetectorLoadError) -> TextRecognizer {
    let detector = try detectorModelPath(configuration, sync: false)
    let key = TextRecognizer.Configuration(
        besideDetector: detector, precision: configuration.precision, threads: configuration.threads)
    guard access(key.modelPath, R_OK) == 0, access(key.charactersPath, R_OK) == 0 else {
        throw DetectorLoadError(
            description:
                "the text recognizer \(key.modelPath) or its character list \(key.charactersPath) "
                + "was not found beside the detector \(detector); fetch it with \(ModelLocation.fetchCommand), "
                + "or set verify=false and text-orientation=any, which need no recognizer")
    }
    return try SharedModels.recognizers.instance(for: key, make: TextRecognizer.init)
}

private func detectorModelPath(_ configuration: DetectorSettings, sync: Bool) throws(DetectorLoadError) -> String {
    if let named = configuration.namedModelPath { return named }
    let fileName = configuration.choice.model(sync: sync).fileName
    guard let path = ModelLocation.resolve(fileName) else {
        throw DetectorLoadError(
            description:
                "the text detection model \(fileName) was not found; looked in: "
                + ModelLocation.candidates(fileName).joined(separator: ", ")
                + ". Fetch it with \(ModelLocation.fetchCommand), set the model property or "
                + "$\(ModelLocation.environmentVariable) to its path, or set detect=false to mirror only fixed regions")
    }
    return path
}

/// Networks in use, held weakly: the last element to stop frees a model, unless
/// `keepLoaded` (textmirror_keep_models_loaded) asks for them to stay.
enum SharedModels {
    static let detectors = WeakInstances<TextDetector.Configuration, TextDetector>()
    static let recognizers = WeakInstances<TextRecognizer.Configuration, TextRecognizer>()
    /// Strong references to every network made while keeping is on.
    private static let kept = Mutex<[any AnyObject & Sendable]?>(nil)

    static func keepLoaded() {
        kept.withLock { if $0 == nil { $0 = [] } }
    }

    fileprivate static func made(_ instance: any AnyObject & Sendable) {
        kept.withLock { $0?.append(instance) }
    }
}

/// Instances by configuration, held weakly.
final class WeakInstances<Key: Equatable & Sendable, Value: AnyObject & Sendable>: Sendable {
    /// Only touched inside the mutex, hence the unchecked Sendable.
    private final class Entry: @unchecked Sendable {
        let key: Key
        weak var value: Value?
        init(_ key: Key, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// A handful of entries at most (one per distinct configuration), so a list will do.
    private let entries = Mutex<[Entry]>([])

    func instance<Failure: Error & CustomStringConvertible>(
        for key: Key, make: (Key) throws(Failure) -> Value
    ) throws(DetectorLoadError) -> Value {
        func find(_ table: [Entry]) -> Value? { table.first { $0.key == key && $0.value != nil }?.value }
        if let existing = entries.withLock({ find($0) }) { return existing }
        let made: Value
        do {
            made = try make(key)
        } catch {
            // The message may end in its own punctuation ("...?"), so separate with ";".
            throw DetectorLoadError(
                description: "\(error.description); if a file is missing or "
                    + "damaged, fetch the models again with \(ModelLocation.fetchCommand)")
        }
        return entries.withLock { table in
            // Another element may have loaded the same model meanwhile; keep one.
            if let raced = find(table) { return raced }
            table.removeAll { $0.value == nil }
            table.append(Entry(key, made))
            SharedModels.made(made)
            return made
        }
    }
}
