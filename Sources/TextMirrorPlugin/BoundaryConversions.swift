import CShim
import TextMirrorCore

extension FrameBuffer {
    /// Nil when the C frame is malformed (no planes, a NULL plane, a non-positive size).
    init?(_ frame: TextMirrorFrame) {
        let count = Int(frame.n_planes)
        guard frame.width > 0, frame.height > 0, count > 0, count <= Int(TEXTMIRROR_MAX_PLANES) else {
            return nil
        }
        var planes: [UnsafeMutableRawPointer] = []
        var strides: [Int] = []
        let data = [frame.data.0, frame.data.1, frame.data.2, frame.data.3]
        let stride = [frame.stride.0, frame.stride.1, frame.stride.2, frame.stride.3]
        for i in 0..<count {
            guard let base = data[i] else { return nil }
            planes.append(UnsafeMutableRawPointer(base))
            strides.append(Int(stride[i]))
        }
        self.init(width: Int(frame.width), height: Int(frame.height), planes: planes, strides: strides)
    }
}

extension TextMirrorNormalization {
    public init(_ normalization: PixelNormalization) {
        let c = normalization.channels, s = normalization.scale, o = normalization.offset
        self.init(channel: (c[0], c[1], c[2]), scale: (s[0], s[1], s[2]), offset: (o[0], o[1], o[2]))
    }
}
