/// A box the engine mirrors in a frame, with where it came from.
public struct TrackedBox: Equatable, Sendable {
    public var text: TextBox
    /// True when a detection was folded into this box in this frame; false when the box was
    /// carried from earlier frames by the motion (or held in place with tracking off).
    public var fresh: Bool
    /// Stable for the life of the track, so consumers can follow a line across frames.
    public var track: UInt64

    public init(text: TextBox, fresh: Bool, track: UInt64) {
        self.text = text
        self.fresh = fresh
        self.track = track
    }
}
