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
        detector.map(Self.warmUp)
        // Motion is measured only where there are detected boxes to move.
        engine = MirrorEngine(
            detector: detector, syncDetector: syncDetector, motion: detector == nil ? nil : FlowMotionEstimator(),
            recognizer: recognizer, recognizerFailure: recognizerFailure)
        engine.update(settings.engine)
    }

    /// Frame sizes whose detector input shapes are compiled at start: the usual aspects, 16:9
    /// and 4:3 (the detector's input depends only on the aspect and `detection-size`).
    static let warmUpFrames = [(width: 1920, height: 1080), (width: 640, height: 480)]

    /// OpenVINO compiles a network for an input shape on its first use, which held a live
    /// stream's first detection back by most of a second while frames went by unmirrored (the
    /// first 20-25 frames of a live 30 fps stream; about 10 when compiled here). Done here, in
    /// start(), the wait moves to the state change to PAUSED, before any frame. Compiling on a
    /// queue beside the preroll instead was slower: on 2 cores the second shape's compile then
    /// competes with the first detection. A shape that fails now fails again at the first
    /// detection, which reports it. Shared detectors keep their compiled shapes, so a second
    /// element or a restart costs nothing here.
    private static func warmUp(_ detector: TextDetector) {
        for frame in warmUpFrames {
            try? detector.preload(frameWidth: frame.width, frameHeight: frame.height)
        }
    }

    deinit {
        // Queued detection work owns its input and the detector, so nothing dangles if it is
        // still running; waiting a little just lets stop() return with the CPU quiet.
        engine.waitForDetections(timeout: 2)
    }
}

/// Everything the C side's TextMirrorSettings carries, in Swift types, with the defaults the
/// element starts with.
struct SessionSettings {
    var engine = MirrorEngine.Settings()
    var detector = DetectorSettings()
    /// `enabled` and `post-messages`: the C element acts on them (passthrough, bus messages);
    /// their defaults are written here, with every other property's.
    var enabled = true
    var postMessages = true
}
