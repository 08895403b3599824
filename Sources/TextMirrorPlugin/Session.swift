import Synchronization
import TextMirrorCore

/// The per-element state behind `TextMirrorSession *` (textmirror.h): settings copied in from
/// the element's properties, and the mirror configured for the negotiated caps.
///
/// Locking: one mutex guards `Settings`. The streaming thread copies the settings out once per
/// frame and never holds the lock while touching pixels, so property changes from other
/// threads never wait for a frame.
final class Session: Sendable {
    struct Settings {
        var regions: [MirrorRegion] = []
        var flip: Flip = .horizontal
    }

    private let settings = Mutex(Settings())
    /// Set from `set_info` and read by `transform_frame_ip`; GStreamer calls both on the
    /// streaming thread (or with it stopped), so this needs no lock of its own, but `Mutex` keeps
    /// the type honestly Sendable.
    private let mirror = Mutex<FrameMirror?>(nil)

    func setRegions(_ regions: [MirrorRegion]) {
        settings.withLock { $0.regions = regions }
    }

    func setFlip(_ flip: Flip) {
        settings.withLock { $0.flip = flip }
    }

    func configure(format: PixelFormat, width: Int, height: Int) throws(FrameMirror.ConfigurationError) {
        let configured = try FrameMirror(format: format, width: width, height: height)
        mirror.withLock { $0 = configured }
    }

    enum ProcessError: Error {
        case notConfigured
        case frameMismatch
    }

    func process(_ frame: FrameBuffer) throws(ProcessError) {
        guard let mirror = mirror.withLock({ $0 }) else { throw .notConfigured }
        guard mirror.accepts(frame) else { throw .frameMismatch }
        let current = settings.withLock { $0 }
        let boxes = current.regions.map { $0.pixelBox(frameWidth: frame.width, frameHeight: frame.height) }
        mirror.mirror(boxes, flip: current.flip, in: frame)
    }
}
