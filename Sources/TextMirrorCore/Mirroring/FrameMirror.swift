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
    /// sample whatever `axes` says. `seamless` mirrors each box's content but not its background
    /// (see RingBackground.swift), and gives the box back its own pixels beyond its letters
    /// (RegionSnapshot+Background.swift), unless the plain mirror leaves the smaller edge around
    /// the box (`OutlineSeam`), or the mirror that keeps the ground read from inside the box
    /// does (FrameMirror+GroundKeeping.swift): the element asks it for detected boxes only, so
    /// the `regions` property keeps videoflip's bytes.
    public func mirror(
        _ boxes: [PixelBox], flip: Flip, axes: Axes = .shared, seamless: Bool = false,
        in frame: FrameBuffer
    ) {
        precondition(accepts(frame), "frame does not match the configured format and size")
        // Seamless: where the boxes are, so that no box reads another's text as its background
        // (the lines above and below in a paragraph lie in its ring).
        let areas = seamless ? boxes.map(RingExclusion.init) : []
        for (b, box) in boxes.enumerated() {
            guard seamless else {
                mirror(box, flip: flip, axes: axes, seamless: false, excluding: [], in: frame)
                continue
            }
            let others = areas.indices.compactMap { $0 == b ? nil : areas[$0] }
            let seam = OutlineSeam(box, flip: flip, grid: layout.grids[0], in: frame)
            let plainStep = seam.plainStep(in: frame)
            // The edge the picture itself has along the outline, unmirrored.
            let ownStep = seam.step(in: frame)
            // Widened by the chroma grid, as the mirror's own rectangles may be.
            let bounds = box.boundingRect(frameWidth: width, frameHeight: height)
            let (h, v) = (layout.horizontalGrid, layout.verticalGrid)
            let before = RegionSnapshot(
                PixelRect(
                    x0: max(bounds.x0 - h, 0), y0: max(bounds.y0 - v, 0),
                    x1: min(bounds.x1 + h, width), y1: min(bounds.y1 + v, height)),
                layout: layout, of: frame)
            defer { before.deallocate() }
            let corrected = mirror(box, flip: flip, axes: axes, seamless: true, excluding: others, in: frame)
            // Uncorrected, the background was flat: the plain mirror moved nothing of it.
            if corrected { before.restoreBackground(into: frame, layout: layout) }
            // An edge this strong or weaker is within noise of `edge`.
            let tolerated = { (edge: Double) in edge * Self.seamTolerance.ratio + Self.seamTolerance.levels }
            // Within noise of each other, the seamless mirror stays: it also keeps gradients
            // inside the box continuous, which the outline does not see.
            var step = corrected ? seam.step(in: frame) : plainStep
            if corrected && step > tolerated(plainStep) {
                before.restore(into: frame)
                mirror(box, flip: flip, axes: axes, seamless: false, excluding: [], in: frame)
                step = plainStep
            }
            // Where the ring saw a ground that is not flat (on a flat one the result stays the
            // plain mirror) and the kept mirror still leaves a clearly stronger edge than the
            // picture's own (the ground inside the box may hold what the ring cannot see): the
            // mirror that keeps the ground read from inside the box, where that ground has texture
            // of its own, if its edge is within noise of the picture's own or clearly weaker than
            // the kept mirror's.
            guard corrected, step > tolerated(ownStep), let grounds = groundsToKeep(box, original: before) else {
                continue
            }
            let chosen = RegionSnapshot(before.rect, layout: layout, of: frame)
            defer { chosen.deallocate() }
            mirror(box, flip: flip, axes: axes, keeping: grounds, original: before, in: frame)
            let groundStep = seam.step(in: frame)
            if !(groundStep <= tolerated(ownStep) || tolerated(groundStep) < step) {
                chosen.restore(into: frame)
            }
        }
    }

    /// How much larger the seamless mirror's outline step may be than the plain mirror's before
    /// the plain mirror is kept instead.
    static let seamTolerance = (ratio: 1.1, levels: 1.0)

    /// Mirrors one box; returns whether a background correction was added.
    @discardableResult
    func mirror(
        _ box: PixelBox, flip: Flip, axes: Axes, seamless: Bool, excluding others: [RingExclusion],
        in frame: FrameBuffer
    ) -> Bool {
        // Chroma follows luma: when the luma needs no correction, the chroma grids are not
        // measured at all (light that changes a colour without changing its brightness is
        // rare, and their rings cost as much as the luma's). Grid 0 is the luma in every
        // format with more than one grid, and its plane comes first.
        var seamlessHere = seamless
        var corrected = false
        if axes == .nearestPerPlane,
            let rects = box.mirrorRects(layout: layout, frameWidth: width, frameHeight: height)
        {
            for (index, rect) in rects.enumerated() {
                guard let rect else { continue }
                let plane = mirrorPlane(index, rect, flip: flip, seamless: seamlessHere, excluding: others, in: frame)
                seamlessHere = plane.goesOn
                corrected = corrected || plane.corrected
            }
        } else if box.isAxisAligned {
            guard
                let rect = box.snappedRect(
                    frameWidth: width, frameHeight: height,
                    hGrid: layout.horizontalGrid,
                    vGrid: layout.verticalGrid)
            else { return false }
            for index in layout.planes.indices {
                let plane = mirrorPlane(index, rect, flip: flip, seamless: seamlessHere, excluding: others, in: frame)
                seamlessHere = plane.goesOn
                corrected = corrected || plane.corrected
            }
        } else {
            for (g, grid) in layout.grids.enumerated() {
                let correctedHere = GridMirror(grid: grid, frameWidth: width, frameHeight: height)
                    .reflect(box, flip: flip, seamless: seamlessHere, excluding: others, in: frame)
                corrected = corrected || correctedHere
                if g == 0 && layout.grids.count > 1 { seamlessHere = seamlessHere && correctedHere }
            }
        }
        return corrected
    }

    /// Mirrors `rect` in the plane `layout.planes[index]`; `seamless` estimates each of the
    /// plane's grids' background first, from the frame as it came, and adds its correction
    /// after the plain mirror. Returns whether seamless mirroring goes on for the box's other
    /// planes (false once the luma grid, grid 0 in a format with more than one, needed no
    /// correction) and whether a correction was added to this plane.
    private func mirrorPlane(
        _ index: Int, _ rect: PixelRect, flip: Flip, seamless: Bool, excluding others: [RingExclusion],
        in frame: FrameBuffer
    ) -> (goesOn: Bool, corrected: Bool) {
        var corrections: [GridMirror.Correction] = []
        var goesOn = seamless
        if seamless {
            for (g, grid) in layout.grids.enumerated() where grid.plane == layout.planes[index].index && goesOn {
                let correction = GridMirror(grid: grid, frameWidth: width, frameHeight: height)
                    .correction(around: rect, flip: flip, excluding: others, in: frame)
                if let correction { corrections.append(correction) }
                if g == 0 && layout.grids.count > 1 && correction == nil { goesOn = false }
            }
        }
        mirrorPlane(index, rect, flip: flip, in: frame)
        for correction in corrections { correction.add(in: frame) }
        return (goesOn, !corrections.isEmpty)
    }

    /// Mirrors `rect` (luma pixels) in the plane `layout.planes[index]`.
    private func mirrorPlane(_ index: Int, _ rect: PixelRect, flip: Flip, in frame: FrameBuffer) {
        let plane = layout.planes[index], reverser = rowReversers[index]
        // The rect is on this plane's grid, so x0 and y0 divide exactly; x1 and y1 may be an
        // odd frame edge, where the last (partial) unit belongs to the region.
        let (columns, rows) = plane.units(covering: rect)
        if flip.mirrorsColumns {
            if plane.macropixelLumaOffset != nil && (rect.x1 - rect.x0) % 2 == 1 {
                // An odd frame width in 4:2:2: the last macropixel holds one real pixel, so
                // luma and chroma are mirrored about different centres (as videoflip does).
                for grid in layout.grids where grid.plane == plane.index {
                    GridMirror(grid: grid, frameWidth: width, frameHeight: height)
                        .reverseColumns(rect, in: frame)
                }
            } else {
                let offset = columns.lowerBound * plane.unitBytes
                // One scratch buffer serves every row of the region (see RowReversal).
                withUnsafeTemporaryAllocation(byteCount: reverser.scratchBytes(units: columns.count), alignment: 16) {
                    let scratch = $0.baseAddress!
                    for y in rows {
                        reverser.reverse(
                            frame.row(plane: plane.index, y) + offset, units: columns.count, scratch: scratch)
                    }
                }
            }
        }
        if flip.mirrorsRows {
            swapRows(
                plane: plane.index, rows: rows,
                bytes: (columns.lowerBound * plane.unitBytes)..<(columns.upperBound * plane.unitBytes), in: frame)
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
