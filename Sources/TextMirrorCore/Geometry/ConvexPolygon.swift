/// Convex polygons given as corner lists: the exact overlap of rotated boxes.
public enum ConvexPolygon {
    /// Sutherland–Hodgman: `subject` clipped to the convex polygon `clip` (both in the same
    /// winding order, which `PixelBox.corners` guarantees).
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

    /// By the shoelace formula: positive when the corners run clockwise on screen (y down).
    public static func signedArea(_ polygon: [SIMD2<Double>]) -> Double {
        guard polygon.count >= 3 else { return 0 }
        var sum = 0.0
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            sum += p.x * q.y - q.x * p.y
        }
        return sum / 2
    }

    public static func area(_ polygon: [SIMD2<Double>]) -> Double { abs(signedArea(polygon)) }
}
