/// Which lines are turned (the element's `text-orientation` property). Raw values are
/// textmirror.h's TextMirrorTextOrientation values.
public enum TextOrientation: UInt32, Sendable, CaseIterable {
    /// Every line.
    case any = 0
    /// Only lines that read normally (mirror-reading practice leaves mirrored text alone).
    case normal = 1
    /// Only lines that read mirror-reversed, which then become readable (a selfie camera,
    /// lettering seen from behind glass).
    case mirrored = 2

    /// Whether a line with this reading is turned; a line that was not read (verification
    /// off, or no frame to read it from) is turned only with `any`.
    public func accepts(_ reading: TextReading?) -> Bool {
        switch self {
        case .any: return true
        case .normal: return reading.map { !$0.mirrored } ?? false
        case .mirrored: return reading?.mirrored ?? false
        }
    }
}
