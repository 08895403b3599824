import Foundation
import TextMirrorCore

/// The obviously-correct mirror the tests compare `FrameMirror` against: per sample grid,
/// out of place, one sample at a time, with no vectors and no in-place tricks.
enum ReferenceMirror {
    /// The pixel rectangle an axis-aligned box covers: each edge rounded to the nearest pixel
    /// boundary (halves up), clipped to the frame, then widened outwards to the chroma grid but
    /// never past the frame. Nil when nothing is left.
    static func rect(for box: PixelBox, layout: TestLayout, width: Int, height: Int) -> PixelRect? {
        func edge(_ v: Double, _ limit: Int) -> Int {
            if v.isNaN || v <= 0 { return 0 }
            if v >= Double(limit) { return limit }
            return Int(floor(v + 0.5))
        }
        let left = edge(box.centerX - box.width / 2, width)
        let right = edge(box.centerX + box.width / 2, width)
        let top = edge(box.centerY - box.height / 2, height)
        let bottom = edge(box.centerY + box.height / 2, height)
        guard left < right, top < bottom else { return nil }
        let h = layout.hGrid, v = layout.vGrid
        return PixelRect(
            x0: left - left % h, y0: top - top % v,
            x1: min(((right + h - 1) / h) * h, width),
            y1: min(((bottom + v - 1) / v) * v, height))
    }

    /// `frame` with the samples of every grid inside `rect` reversed, as a new frame.
    static func mirrored(_ frame: TestFrame, rect: PixelRect, flip: Flip) -> TestFrame {
        let out = frame.copy()
        let columnsReversed = flip == .horizontal || flip == .rotate180
        let rowsReversed = flip == .vertical || flip == .rotate180
        for grid in frame.layout.grids {
            // The samples whose area starts inside the rect; an odd frame edge brings in the
            // partial last chroma sample, as GStreamer rounds chroma sizes up.
            let gx0 = rect.x0 / grid.xSub
            let gx1 = min((rect.x1 + grid.xSub - 1) / grid.xSub, grid.columns(width: frame.width))
            let gy0 = rect.y0 / grid.ySub
            let gy1 = min((rect.y1 + grid.ySub - 1) / grid.ySub, grid.rows(height: frame.height))
            for gy in gy0..<gy1 {
                for gx in gx0..<gx1 {
                    let sx = columnsReversed ? gx0 + gx1 - 1 - gx : gx
                    let sy = rowsReversed ? gy0 + gy1 - 1 - gy : gy
                    out.setSample(grid, gx, gy, frame.sample(grid, sx, sy))
                }
            }
        }
        return out
    }

    /// Axis-aligned boxes, one after the other (as the element applies its regions).
    static func mirrored(_ frame: TestFrame, boxes: [PixelBox], flip: Flip) -> TestFrame {
        var current = frame
        for box in boxes {
            guard
                let rect = rect(
                    for: box, layout: frame.layout, width: frame.width,
                    height: frame.height)
            else { continue }
            current = mirrored(current, rect: rect, flip: flip)
        }
        return current
    }
}

/// What a rotated box must do to one sample grid, checked sample by sample against the frame
/// before and after mirroring.
///
/// A sample whose centre is inside the box must hold, in each channel, the bilinear
/// interpolation at the exact reflection of that centre between the four samples whose centres
/// surround it (at the grid's edge, its edge samples stand in for those beyond), to within a
/// level of rounding; a sample outside the box must be untouched. Within `tolerance` of a box
/// edge the sample may also be left as it was, because there the result hangs on
/// floating-point rounding. A reflection that leaves the grid leaves its sample untouched.
struct RotatedReference {
    let box: PixelBox
    let flip: Flip
    static let tolerance = 1e-6

    struct Violation: CustomStringConvertible {
        let grid: Int, gx: Int, gy: Int, reason: String
        var description: String { "grid \(grid) sample (\(gx),\(gy)): \(reason)" }
    }

    /// The exact reflection of point (x, y) in the box's own axes.
    func reflect(_ x: Double, _ y: Double) -> (Double, Double) {
        let a = box.angle * .pi / 180
        let (ux, uy) = (cos(a), sin(a))  // width axis
        let (vx, vy) = (-sin(a), cos(a))  // height axis
        let dx = x - box.centerX, dy = y - box.centerY
        let u = dx * ux + dy * uy, v = dx * vx + dy * vy
        switch flip {
        case .horizontal: return (x - 2 * u * ux, y - 2 * u * uy)
        case .vertical: return (x - 2 * v * vx, y - 2 * v * vy)
        case .rotate180: return (2 * box.centerX - x, 2 * box.centerY - y)
        }
    }

    /// How far inside the box a point is along its nearer edge (negative outside).
    func depth(_ x: Double, _ y: Double) -> Double {
        let a = box.angle * .pi / 180
        let dx = x - box.centerX, dy = y - box.centerY
        let u = dx * cos(a) + dy * sin(a), v = -dx * sin(a) + dy * cos(a)
        return min(box.width / 2 - abs(u), box.height / 2 - abs(v))
    }

    /// Channel `c` of grid `grid` of `frame` interpolated at (x, y), in samples (sample i's
    /// centre at i), on the 8-bit scale.
    static func interpolated(_ frame: TestFrame, _ grid: TestLayout.Grid, _ x: Double, _ y: Double, _ c: Int)
        -> Double
    {
        let columns = grid.columns(width: frame.width), rows = grid.rows(height: frame.height)
        let x0 = floor(x), y0 = floor(y), ax = x - x0, ay = y - y0
        func at(_ i: Double, _ j: Double) -> Double {
            frame.level(grid, min(max(Int(i), 0), columns - 1), min(max(Int(j), 0), rows - 1), c)
        }
        let top = at(x0, y0) * (1 - ax) + at(x0 + 1, y0) * ax
        let bottom = at(x0, y0 + 1) * (1 - ax) + at(x0 + 1, y0 + 1) * ax
        return top * (1 - ay) + bottom * ay
    }

    func violations(before: TestFrame, after: TestFrame) -> [Violation] {
        var found: [Violation] = []
        let eps = Self.tolerance
        for (gi, grid) in before.layout.grids.enumerated() {
            let xs = Double(grid.xSub), ys = Double(grid.ySub)
            let columns = grid.columns(width: before.width), rows = grid.rows(height: before.height)
            for gy in 0..<rows {
                for gx in 0..<columns {
                    let cx = (Double(gx) + 0.5) * xs, cy = (Double(gy) + 0.5) * ys
                    let unchanged = after.sample(grid, gx, gy) == before.sample(grid, gx, gy)
                    let d = depth(cx, cy)
                    if d < -eps {
                        if !unchanged {
                            found.append(Violation(grid: gi, gx: gx, gy: gy, reason: "outside the box but changed"))
                        }
                        continue
                    }
                    let (rx, ry) = reflect(cx, cy)
                    let (sx, sy) = (rx / xs, ry / ys)
                    let nearGridEdge =
                        min(sx, sy) < eps || sx > Double(columns) - eps || sy > Double(rows) - eps
                    if unchanged && (d <= eps || nearGridEdge) { continue }
                    if sx < -eps || sy < -eps || sx > Double(columns) + eps || sy > Double(rows) + eps {
                        if !unchanged {
                            found.append(
                                Violation(grid: gi, gx: gx, gy: gy, reason: "reflected off the grid but changed"))
                        }
                        continue
                    }
                    for c in 0..<before.channels(grid) {
                        let expected = Self.interpolated(before, grid, sx - 0.5, sy - 0.5, c)
                        let got = after.level(grid, gx, gy, c)
                        if abs(got - expected) > 1 {
                            found.append(
                                Violation(
                                    grid: gi, gx: gx, gy: gy,
                                    reason: "inside the box: channel \(c) is \(got), not \(expected) interpolated"))
                        }
                    }
                }
            }
        }
        return found
    }
}
