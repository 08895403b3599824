/// What a session needs to load its detector, fixed for a run (changes apply at the next
/// start): the element's properties of the same names (`choice` is `detector`), with their
/// defaults and ranges.
public struct DetectorSettings: Sendable, Equatable {
    /// A detector file the user named (`model`); nil: the one `choice` picks, looked for in the
    /// default places.
    public var modelPath: String?
    public var choice = DetectorChoice.auto
    /// Long side of the detector's input, pixels (`DetectorInputSize` rounds it to a multiple
    /// of 32).
    @Bounded(64...4096) public var detectionSize = 640
    /// The detector's threads in all; 0 = one per core.
    @Bounded(0...64) public var threads = 0
    /// Detections side by side, each on its own network (`DetectorLanes`).
    @Bounded(1...16) public var parallelDetections = 1
    public var inferencePrecision = InferencePrecision.auto

    public init() {}
}

/// The networks' arithmetic (the `inference-precision` property). Raw values are textmirror.h's
/// TextMirrorPrecision values.
public enum InferencePrecision: UInt32, Sendable {
    /// OpenVINO's choice: bf16 where the CPU has bf16 instructions.
    case auto = 0
    /// 32-bit float everywhere: the same results on every CPU.
    case f32 = 1
}
