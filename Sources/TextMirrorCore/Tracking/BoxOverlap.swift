#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Overlap of rotated boxes, exact (convex polygon clipping), for matching detections with
/// tracks and for finding tracks that have come to cover the same text.
extension PixelBox {
    /// The four corners, in order around the box.
    public var corners: [SIMD2<Double>] {
        let r = angle * .pi / 180
        let u = SIMD2(cos(r), sin(r)) * (width / 2)
        let v = SIMD2(-sin(r), cos(r)) * (height / 2)
        let c = SIMD2(centerX, centerY)
        return [c - u - v, c + u - v, c + u + v, c - u + v]
    }

    public var area: Double { max(width, 0) * max(height, 0) }

    /// Half the extent of the axis-aligned bounding box, per axis.
    var halfExtent: SIMD2<Double> {
        let r = angle * .pi / 180
        let c = abs(cos(r)), s = abs(sin(r))
        return SIMD2(c * width + s * height, s * width + c * height) / 2
    }

    /// Area covered by both boxes.
    public func intersectionArea(_ other: PixelBox) -> Double {
        guard area > 0, other.area > 0 else { return 0 }
        // Bounding boxes apart: no polygon work (the common case for unrelated lines).
        let d = SIMD2(centerX - other.centerX, centerY - other.centerY)
        let reach = halfExtent + other.halfExtent
        if abs(d.x) >= reach.x || abs(d.y) >= reach.y { return 0 }
        return Self.polygonArea(Self.clip(corners, by: other.corners))
    }

    /// Intersection over union, 0...1.
    public func iou(_ other: PixelBox) -> Double {
        let inter = intersectionArea(other)
        let union = area + other.area - inter
        return union > 0 ? inter / union : 0
    }

    /// Intersection over the smaller box's area: 1 when one box lies inside the other.
    public func overlapOfSmaller(_ other: PixelBox) -> Double {
        let smaller = min(area, other.area)
        return smaller > 0 ? intersectionArea(other) / smaller : 0
    }

    /// Sutherland–Hodgman: `subject` clipped to the convex polygon `clip` (both in the same
    /// winding order, which `corners` guarantees).
    static func clip(_ subject: [SIMD2<Double>], by clip: [SIMD2<Double>]) -> [SIMD2<Double>] {
        var output = subject
        let orientation = signedArea(clip) >= 0 ? 1.0 : -1.0
        for i in clip.indices {
            guard !output.isEmpty else { break }
            let a = clip[i], b = clip[(i + 1) % clip.count]
            func inside(_ p: SIMD2<Double>) -> Bool {
                orientation * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) >= 0
            }
            let input = output
            output = []
            for j in input.indices {
                let p = input[j], q = input[(j + 1) % input.count]
                let pIn = inside(p), qIn = inside(q)
                if pIn { output.append(p) }
                if pIn != qIn {
                    // The edge p-q crosses the clip line a-b: add the crossing point.
                    let e = b - a, f = q - p
                    let denominator = e.x * f.y - e.y * f.x
                    if denominator != 0 {
                        let t = (e.x * (a.y - p.y) - e.y * (a.x - p.x)) / denominator
                        output.append(p + f * t)
                    }
                }
            }
        }
        return output
    }

    static func signedArea(_ polygon: [SIMD2<Double>]) -> Double {
        guard polygon.count >= 3 else { return 0 }
        var sum = 0.0
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            sum += p.x * q.y - q.x * p.y
        }
        return sum / 2
    }

    static func polygonArea(_ polygon: [SIMD2<Double>]) -> Double { abs(signedArea(polygon)) }
}

/// The rule for boxes of neighbouring lines that overlap: no pixel is mirrored by two boxes.
///
/// Why: the mirror turns boxes one after the other, in place, so a pixel inside two boxes is
/// moved twice, about two different axes, and lands where neither line's letters belong: on a
/// page whose lines are 1.2 line heights apart, a box reaching a few rows into the next line
/// cut its letters in pieces. Fitted boxes hold their own line's rows, so they overlap only by
/// the tips of descenders and ascenders; boxes not fitted (the detector's, up to twice the
/// ink's height) reach far into their neighbours.
///
/// So two boxes turned alike (within `maxSeparatedTurn`) that overlap across their lines are
/// cut apart along their lines: a box that was fitted to its ink keeps all of its rows and one
/// that was not gives up the overlap; between two of a kind the overlap is shared at its middle.
/// Boxes overlapping end to end (one line's pieces) or at an angle are left to the tracker's
/// duplicate rule (`BoxTracker.Parameters.maxOverlap`).
///
/// Why only boxes this close to parallel: a cut is one straight line along the first box, and
/// a second box turned from it by t loses, besides the overlap, w/2 sin t more at one of its
/// ends (`maxSlant`). On a photographed sign (textmirror-eval's sign_048) two lines 4.6° apart in
/// perspective, the upper one unfitted, lost the bottom of its first letters that way, 9 px,
/// and the line counted as not mirrored; the lines of a page are parallel to a degree.
extension PixelBox {
    /// Boxes turned by more than this from each other are not cut apart (degrees): the
    /// detector's own angle noise on parallel lines.
    public static let maxSeparatedTurn = PixelBox.detectorAngleNoise
    /// ... nor when the second box would lose more than this fraction of its height at one end
    /// for being turned from the first (w/2 sin t).
    public static let maxSlant = 0.2

    /// `boxes` cut apart where they overlap across their lines; `fitted[i]` says whether box i
    /// was fitted to its ink.
    public static func separated(_ boxes: [PixelBox], fitted: [Bool]) -> [PixelBox] {
        precondition(boxes.count == fitted.count, "one fitted flag per box")
        var out = boxes
        for i in out.indices {
            for j in out.indices where j > i {
                guard let (a, b) = cutApart(out[i], fitted[i], out[j], fitted[j]) else { continue }
                out[i] = a
                out[j] = b
            }
        }
        return out
    }

    /// `a` and `b` cut apart across their lines, or nil when they need not or cannot be.
    static func cutApart(_ a: PixelBox, _ aFitted: Bool, _ b: PixelBox, _ bFitted: Bool) -> (PixelBox, PixelBox)? {
        guard a.intersectionArea(b) > 0,
              abs(TextBoxPostprocess.normalizedAngle(a.angle - b.angle)) <= maxSeparatedTurn else { return nil }
        let r = a.angle * .pi / 180
        let v = SIMD2(-sin(r), cos(r))
        let d = SIMD2(b.centerX - a.centerX, b.centerY - a.centerY)
        // Across a's line, towards b.
        let across = (d * v).sum()
        guard abs(across) >= 0.5 * min(a.height, b.height) else { return nil }
        let towards = across > 0 ? v : -v
        // a reaches `aEdge` towards b, b reaches back to `bEdge` (both along `towards`, from a's
        // centre).
        let aEdge = a.height / 2
        let centre = SIMD2(a.centerX, a.centerY)
        let bEdge = b.corners.map { (($0 - centre) * towards).sum() }.min()!
        guard bEdge < aEdge else { return nil }
        let cut = aFitted == bFitted ? (aEdge + bEdge) / 2 : aFitted ? aEdge : bEdge
        // Each keeps at least a third of its height: more overlap than that is one line
        // boxed twice, for the tracker's duplicate rule.
        let aHeight = a.height / 2 + cut
        // b's edge towards a, moved along b's own across axis until both its ends are beyond
        // the cut (b may be turned a little from a).
        let rb = b.angle * .pi / 180
        var vb = SIMD2(-sin(rb), cos(rb))
        if (vb * towards).sum() < 0 { vb = -vb }
        let ub = SIMD2(cos(rb), sin(rb))
        let fromA = ((SIMD2(b.centerX, b.centerY) - centre) * towards).sum()
        let slant = abs((ub * towards).sum()) * b.width / 2
        guard slant <= maxSlant * b.height else { return nil }
        let bHeight = b.height / 2 + (fromA - slant - cut) / (vb * towards).sum()
        guard aHeight >= a.height / 3, bHeight >= b.height / 3 else { return nil }
        var cutA = a, cutB = b
        let aShift = (a.height - aHeight) / 2, bShift = (b.height - bHeight) / 2
        cutA.height = aHeight
        cutA.centerX -= aShift * towards.x
        cutA.centerY -= aShift * towards.y
        cutB.height = bHeight
        cutB.centerX += bShift * vb.x
        cutB.centerY += bShift * vb.y
        return (cutA, cutB)
    }
}
