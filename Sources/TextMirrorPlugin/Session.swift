import TextMirrorCore

/// The object behind `TextMirrorSession *` (textmirror.h): a `MirrorEngine` plus the detector
/// and recognizer it was started with. Created at start(), released at stop().
final class Session: Sendable {
    let engine: MirrorEngine

    init(settings: SessionSettings) throws(DetectorLoadError) {
        let configuration = settings.detector
        let detector = settings.engine.detect ? try loadTextDetector(configuration, sync: false) : nil
        // With detector=auto, sync detection (files) uses the detector that finds more, loaded
        // only if a sync detection happens.
        let syncDetector =
            detector != nil && configuration.namedModelPath == nil && configuration.choice == .auto
            ? DeferredDetector { try loadTextDetector(configuration, sync: true) } : nil
        // Loaded whenever there is detection, so verify and text-orientation can change while
        // playing (the engine reads lines only when one of them asks for it); required only
        // when the settings read lines from the start. One that did not load is warned about
        // once the settings ask for reading (`MirrorEngine`).
        var recognizer: TextRecognizer?
        var recognizerFailure: DetectorLoadError?
        if detector != nil {
            do {
                recognizer = try loadTextRecognizer(configuration)
            } catch {
                if !settings.engine.readingPolicy.readsNothing { throw error }
                recognizerFailure = error
            }
        }
        // Motion is measured only where there are detected boxes to move.
        engine = MirrorEngine(
            detector: detector, syncDetector: syncDetector, motion: detector == nil ? nil : FlowMotionEstimator(),
            recognizer: recognizer, recognizerFailure: recognizerFailure)
        engine.update(settings.engine)
    }

    deinit {
        // Queued detection work owns its input and the detector, so nothing dangles if it is
        // still running; waiting a little just lets stop() return with the CPU quiet.
        engine.waitForDetections(timeout: 2)
    }
}

/// Everything the C side's TextMirrorSettings carries, in Swift types.
struct SessionSettings {
    var engine = MirrorEngine.Settings()
    var detector = DetectorConfiguration()
}
