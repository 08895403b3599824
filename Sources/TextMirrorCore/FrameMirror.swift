/// Mirrors boxes of a frame in place, for one pixel format and frame size.
///
/// Everything that depends on the format (plane layout, row kernels) is decided in `init`,
/// which the element calls when caps are set; `mirror` then only walks rows.
public struct FrameMirror: Sendable {
    public enum ConfigurationError: Error, Equatable {
        case invalidSize(width: Int, height: Int)
    }

    public let layout: FrameLayout
    public let width: Int
    public let height: Int
    private let rowReversers: [RowReverser]

    public init(format: PixelFormat, width: Int, height: Int) throws(ConfigurationError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        self.layout = FrameLayout(format)
        self.width = width
        self.height = height
        self.rowReversers = layout.planes.map(RowReverser.init)
    }

    /// True when `frame` has the size and plane count this mirror was configured for.
    public func accepts(_ frame: FrameBuffer) -> Bool {
        let planeCount = (layout.planes.map(\.index).max() ?? 0) + 1
        return frame.width == width && frame.height == height
            && frame.planes.count >= planeCount && frame.strides.count >= planeCount
    }

    /// How an axis-aligned box's edges become pixel rectangles.
    public enum Axes: Sendable {
        /// Edges rounded, then widened to the chroma grid: luma and chroma share one axis. The
        /// `regions` property's behaviour (a whole-frame region is videoflip's output).
        case shared
        /// Each plane about the axis nearest the box's centre that its own samples allow
        /// (`PixelBox.mirrorRects`): detected boxes, whose centres are known to a fraction of
        /// a pixel, keep half-pixel axes in luma even in 4:2:0.
        case nearestPerPlane
    }

    /// Mirrors each box in place, one after the other. Rotated boxes are reflected sample by
    /// sample whatever `axes` says.
    public func mirror(_ boxes: [PixelBox], flip: Flip, axes: Axes = .shared, in frame: FrameBuffer) {
        precondition(accepts(frame), "frame does not match the configured format and size")
        for box in boxes {
            if axes == .nearestPerPlane,
               let rects = box.mirrorRects(layout: layout, frameWidth: width, frameHeight: height) {
                for (index, rect) in rects.enumerated() {
                    guard let rect else { continue }
                    mirrorPlane(index, rect, flip: flip, in: frame)
                }
            } else if box.isAxisAligned {
                guard let rect = box.snappedRect(frameWidth: width, frameHeight: height,
                                                 hGrid: layout.horizontalGrid,
                                                 vGrid: layout.verticalGrid) else { continue }
                for index in layout.planes.indices { mirrorPlane(index, rect, flip: flip, in: frame) }
            } else {
                for grid in layout.grids {
                    GridMirror(grid: grid, frameWidth: width, frameHeight: height)
                        .reflect(box, flip: flip, in: frame)
                }
            }
        }
    }

    /// Mirrors `rect` (luma pixels) in the plane `layout.planes[index]`.
    private func mirrorPlane(_ index: Int, _ rect: PixelRect, flip: Flip, in frame: FrameBuffer) {
        let plane = layout.planes[index], reverser = rowReversers[index]
        // The rect is on this plane's grid, so x0 and y0 divide exactly; x1 and y1 may be an
        // odd frame edge, where the last (partial) unit belongs to the region.
        let ux0 = rect.x0 / plane.pixelsPerUnit
        let ux1 = (rect.x1 + plane.pixelsPerUnit - 1) / plane.pixelsPerUnit
        let uy0 = rect.y0 / plane.rowsPerUnit
        let uy1 = (rect.y1 + plane.rowsPerUnit - 1) / plane.rowsPerUnit
        if flip.mirrorsColumns {
            if plane.macropixelLumaOffset != nil && (rect.x1 - rect.x0) % 2 == 1 {
                // An odd frame width in 4:2:2: the last macropixel holds one real pixel, so
                // luma and chroma are mirrored about different centres (as videoflip does).
                for grid in layout.grids where grid.plane == plane.index {
                    GridMirror(grid: grid, frameWidth: width, frameHeight: height)
                        .reverseColumns(rect, in: frame)
                }
            } else {
                let offset = ux0 * plane.unitBytes
                let units = ux1 - ux0
                // One scratch buffer serves every row of the region (see RowReversal).
                withUnsafeTemporaryAllocation(byteCount: reverser.scratchBytes(units: units), alignment: 16) {
                    let scratch = $0.baseAddress!
                    for y in uy0..<uy1 {
                        reverser.reverse(frame.row(plane: plane.index, y) + offset, units: units, scratch: scratch)
                    }
                }
            }
        }
        if flip.mirrorsRows {
            swapRows(plane: plane.index, rows: uy0..<uy1,
                     bytes: (ux0 * plane.unitBytes)..<(ux1 * plane.unitBytes), in: frame)
        }
    }

    private func swapRows(plane: Int, rows: Range<Int>, bytes: Range<Int>, in frame: FrameBuffer) {
        guard rows.count > 1, !bytes.isEmpty else { return }
        withUnsafeTemporaryAllocation(byteCount: bytes.count, alignment: 16) { scratch in
            let tmp = scratch.baseAddress!
            var top = rows.lowerBound
            var bottom = rows.upperBound - 1
            while top < bottom {
                let a = frame.row(plane: plane, top) + bytes.lowerBound
                let b = frame.row(plane: plane, bottom) + bytes.lowerBound
                tmp.copyMemory(from: a, byteCount: bytes.count)
                a.copyMemory(from: b, byteCount: bytes.count)
                b.copyMemory(from: tmp, byteCount: bytes.count)
                top += 1
                bottom -= 1
            }
        }
    }
}
