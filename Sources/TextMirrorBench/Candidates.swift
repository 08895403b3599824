import CGStreamer
import Glibc

/// What the table compares, in column order.
enum Candidate: CaseIterable {
    case identity, videoflip, textmirrorFull, textmirrorRegions, memcpy

    /// Ten text-line shaped strips, each half the frame wide and 5% high, alternating left and
    /// right so they do not overlap: 10 x 0.5 x 0.05 = 25% of the frame.
    static let tenRegions = (0..<10).map { i in
        let x = i % 2 == 0 ? 0.05 : 0.45
        let y = 0.05 + 0.09 * Double(i)
        return "\(x),\(formatFraction(y)),0.5,0.05"
    }.joined(separator: ";")

    /// The gst-launch text the element is built from (nil for the plain copy). textmirror runs
    /// with detect=false: this table times the mirror itself; detection has its own
    /// measurements (the live section) and would need the model.
    var launchLine: String? {
        switch self {
        case .identity: "identity"
        case .videoflip: "videoflip video-direction=horiz"
        case .textmirrorFull: "textmirror detect=false regions=\"0,0,1,1\""
        case .textmirrorRegions: "textmirror detect=false regions=\"\(Self.tenRegions)\""
        case .memcpy: nil
        }
    }

    var columnTitle: String {
        switch self {
        case .identity: "identity"
        case .videoflip: "videoflip horiz"
        case .textmirrorFull: "textmirror full"
        case .textmirrorRegions: "textmirror 10 regions"
        case .memcpy: "memcpy"
        }
    }

    /// In-place candidates must get the pushed buffer back; otherwise GstBaseTransform copied
    /// it and the time includes that copy.
    var worksInPlace: Bool { self == .identity || self == .textmirrorFull || self == .textmirrorRegions }
}

private func formatFraction(_ value: Double) -> String {
    // 0.05 + 0.09 * i has binary noise (0.31000000000000005); two decimals are what is meant.
    let hundredths = Int((value * 100).rounded())
    return "0.\(hundredths < 10 ? "0" : "")\(hundredths)"
}

/// The reference row: a plain memcpy of the frame's bytes into another frame-sized buffer,
/// both out of cache like the frames the elements get. The destination is allocated and
/// touched once, up front, so the copy pays for no page faults.
final class MemoryCopy {
    private let destination: UnsafeMutableRawPointer
    private let byteCount: Int

    init(byteCount: Int) {
        self.byteCount = byteCount
        destination = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
        memset(destination, 0, byteCount)
    }

    deinit { destination.deallocate() }

    /// Copies `input`'s bytes (mapping happens outside the timed part) and releases it.
    func copy(_ input: UnsafeMutablePointer<GstBuffer>) throws(ToolError) -> UInt64 {
        defer { gst_buffer_unref(input) }
        var map = GstMapInfo()
        guard gst_buffer_map(input, &map, GST_MAP_READ) != 0 else { throw ToolError("cannot map a frame for memcpy") }
        defer { gst_buffer_unmap(input, &map) }
        let count = min(byteCount, Int(map.size))
        let start = MonotonicClock.nanoseconds()
        memcpy(destination, map.data, count)
        return MonotonicClock.nanoseconds() - start
    }
}
