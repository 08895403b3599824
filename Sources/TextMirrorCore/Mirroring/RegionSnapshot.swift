/// The bytes of a rectangle of a frame, every plane, kept so that a mirror can be undone: the
/// rectangle is written back as it was before the mirror ran (or only its background, see
/// RegionSnapshot+Background.swift).
struct RegionSnapshot {
    private struct PlaneBytes {
        let plane: Int
        let rows: Range<Int>
        let bytes: Range<Int>
        /// Where the part begins in `storage`.
        let start: Int
    }

    private let parts: [PlaneBytes]
    /// The luma pixels the snapshot holds in every plane (each widened to whole units).
    let rect: PixelRect
    private let storage: UnsafeMutableRawPointer

    /// Copies `rect` (luma pixels, inside the frame) widened to whole units of each plane.
    init(_ rect: PixelRect, layout: FrameLayout, of frame: FrameBuffer) {
        self.rect = rect
        var total = 0
        parts = layout.planes.map { plane in
            let units = plane.units(covering: rect)
            let part = PlaneBytes(
                plane: plane.index, rows: units.rows,
                bytes: (units.columns.lowerBound * plane.unitBytes)..<(units.columns.upperBound * plane.unitBytes),
                start: total)
            total += part.rows.count * part.bytes.count
            return part
        }
        storage = .allocate(byteCount: max(total, 1), alignment: 16)
        copy(frame, toSnapshot: true)
    }

    /// Writes the rectangle back into `frame` as it was when the snapshot was taken.
    func restore(into frame: FrameBuffer) { copy(frame, toSnapshot: false) }

    func deallocate() { storage.deallocate() }

    /// Row `y` of plane `plane` as the snapshot keeps it: `bytes` holds the row's bytes from
    /// byte `from` of a frame row on. The row must lie in the snapshot.
    func row(plane: Int, _ y: Int) -> (bytes: UnsafeRawPointer, from: Int) {
        let part = parts.first { $0.plane == plane }!
        precondition(part.rows.contains(y), "row \(y) of plane \(plane) is not in the snapshot")
        return (UnsafeRawPointer(storage) + part.start + (y - part.rows.lowerBound) * part.bytes.count, part.bytes.lowerBound)
    }

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
