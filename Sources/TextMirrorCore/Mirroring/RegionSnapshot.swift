/// The bytes of a rectangle of a frame, every plane, kept so that a mirror can be undone: the
/// rectangle is written back as it was before the mirror ran.
struct RegionSnapshot {
    private struct PlaneBytes {
        let plane: Int
        let rows: Range<Int>
        let bytes: Range<Int>
    }

    private let parts: [PlaneBytes]
    private let storage: UnsafeMutableRawPointer

    /// Copies `rect` (luma pixels, inside the frame) widened to whole units of each plane.
    init(_ rect: PixelRect, layout: FrameLayout, of frame: FrameBuffer) {
        parts = layout.planes.map { plane in
            let units = plane.units(covering: rect)
            return PlaneBytes(
                plane: plane.index, rows: units.rows,
                bytes: (units.columns.lowerBound * plane.unitBytes)..<(units.columns.upperBound * plane.unitBytes))
        }
        let total = parts.reduce(0) { $0 + $1.rows.count * $1.bytes.count }
        storage = .allocate(byteCount: max(total, 1), alignment: 16)
        copy(frame, toSnapshot: true)
    }

    /// Writes the rectangle back into `frame` as it was when the snapshot was taken.
    func restore(into frame: FrameBuffer) { copy(frame, toSnapshot: false) }

    func deallocate() { storage.deallocate() }

    private func copy(_ frame: FrameBuffer, toSnapshot: Bool) {
        var kept = storage
        for part in parts {
            for y in part.rows {
                let row = frame.row(plane: part.plane, y) + part.bytes.lowerBound
                if toSnapshot {
                    kept.copyMemory(from: row, byteCount: part.bytes.count)
                } else {
                    row.copyMemory(from: kept, byteCount: part.bytes.count)
                }
                kept += part.bytes.count
            }
        }
    }
}
