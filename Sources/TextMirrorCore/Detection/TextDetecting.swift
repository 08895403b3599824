/// The part of text detection that needs no GStreamer: something that copies what it needs out
/// of a frame, then finds text boxes in that copy.
///
/// `prepare` runs on the streaming thread while the frame is mapped and must copy (the frame's
/// memory is reused as soon as it returns); `detect` may run on another thread, later, and on
/// up to `concurrentDetections` threads at once.
public protocol TextDetecting: AnyObject, Sendable {
    func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> DetectionInput
    func detect(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox]
    /// How many `detect` calls run well side by side (`DetectionWorker` runs that many).
    var concurrentDetections: Int { get }
}

extension TextDetecting {
    public var concurrentDetections: Int { 1 }
}
