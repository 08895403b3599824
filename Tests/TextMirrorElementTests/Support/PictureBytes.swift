import CGStreamer
import TextMirrorTestSupport

/// The picture bytes of one frame, plane by plane and row by row, read through
/// `gst_video_frame_map` (so a `GstVideoMeta`'s strides and offsets are honoured) and with
/// padding and non-pixel bytes left out: the bytes two elements must agree on.
struct PictureBytes: Equatable {
    /// planes[p][row] = the picture bytes of that row.
    var planes: [[[UInt8]]]

    init(_ buffer: UnsafeMutablePointer<GstBuffer>, _ layout: VideoLayout) {
        var info = layout.info
        var frame = GstVideoFrame()
        precondition(gst_video_frame_map(&frame, &info, buffer, GST_MAP_READ) != 0, "cannot map \(layout)")
        defer { gst_video_frame_unmap(&frame) }
        planes = (0..<layout.planeCount).map { plane in
            let data = tupleElement(frame.data, plane, as: UnsafeMutableRawPointer?.self)!
            let stride = Int(tupleElement(frame.info.stride, plane, as: gint.self))
            let visible = layout.visibleOffsets(plane: plane)
            return (0..<layout.rows(plane: plane)).map { row in
                visible.map { data.load(fromByteOffset: row * stride + $0, as: UInt8.self) }
            }
        }
    }

    /// Nil when equal; otherwise where the first differences are.
    func difference(from other: PictureBytes, limit: Int = 3) -> String? {
        var found: [String] = []
        var total = 0
        for (p, (a, b)) in zip(planes, other.planes).enumerated() {
            for (row, (ra, rb)) in zip(a, b).enumerated() {
                for (i, (x, y)) in zip(ra, rb).enumerated() where x != y {
                    total += 1
                    if found.count < limit { found.append("plane \(p) row \(row) picture byte \(i): \(x) vs \(y)") }
                }
            }
        }
        return total == 0 ? nil : "\(total) bytes differ: " + found.joined(separator: "; ")
    }
}

/// Compares a buffer's bytes with its bytes before processing outside the picture: row
/// padding and bytes between or after planes must be untouched. Bytes inside a row that belong
/// to no pixel (the missing pixel of an odd-width 4:2:2 row) may move with their row.
func paddingChanges(before: [UInt8], after: [UInt8], _ layout: VideoLayout) -> String? {
    let roles = layout.roles()
    let changed = roles.indices.filter { roles[$0] == .padding && before[$0] != after[$0] }
    return changed.isEmpty ? nil : "\(changed.count) padding bytes changed, first at byte \(changed[0])"
}
