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
