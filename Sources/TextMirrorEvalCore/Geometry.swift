#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import TextMirrorCore

/// A point in image pixel coordinates: x to the right, y down, (0, 0) the top-left corner of
/// the top-left pixel (so that pixel's centre is (0.5, 0.5)), as in ICDAR ground truth.
public struct EvalPoint: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// A mirrored box as the element reports it: a rotated rectangle given by its centre, its size
/// along and across its own axis, and its angle (degrees, clockwise on screen).
public struct RotatedBox: Equatable, Sendable {
    public var centerX: Double
    public var centerY: Double
    public var width: Double
    public var height: Double
    public var angle: Double
    /// What the element read in the box (its `text` field), if it read it.
    public var text: String?
    /// Whether the line read mirror-reversed (its `mirrored` field), when it was read.
    public var mirrored: Bool?

    public init(
        centerX: Double, centerY: Double, width: Double, height: Double, angle: Double,
        text: String? = nil
    ) {
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.height = height
        self.angle = angle
        self.text = text
    }

    /// Below this |cos²θ − sin²θ| (angles within about 6° of ±45°) the bounding box no longer
    /// tells the rectangle's two sides apart; see `init(boundingX:...)`.
    public static let ambiguousDeterminant = 0.2

    /// The rotated rectangle whose axis-aligned bounding box is `x, y, width, height` at `angle`:
    /// the form of the element's `textmirror` message and ROI metas, which carry the bounding
    /// box plus the angle, not the rectangle itself.
    ///
    /// A rectangle w x h at angle θ has the bounding box W = w|cos θ| + h|sin θ|,
    /// H = w|sin θ| + h|cos θ|; this solves that for w and h. The element rounds the bounding box
    /// outwards to whole pixels and clips it to the frame, so the result can be up to a pixel
    /// larger on each side, and a rotated box cut by the frame edge comes back smaller and
    /// shifted. Near ±45° the system is singular: the bounding box itself is returned then
    /// (an overestimate of what was mirrored).
    public init(boundingX x: Double, y: Double, width: Double, height: Double, angle: Double) {
        let radians = angle * .pi / 180
        let c = abs(cos(radians)), s = abs(sin(radians))
        let determinant = c * c - s * s
        let cx = x + width / 2, cy = y + height / 2
        guard abs(determinant) >= Self.ambiguousDeterminant else {
            self.init(centerX: cx, centerY: cy, width: width, height: height, angle: 0)
            return
        }
        let w = (width * c - height * s) / determinant
        let h = (height * c - width * s) / determinant
        // Rounding of a thin steep box can push a side to zero or below; keep one pixel.
        self.init(centerX: cx, centerY: cy, width: max(w, 1), height: max(h, 1), angle: angle)
    }

    /// The rectangle of a quadrilateral given by its corners clockwise from the text's own
    /// top-left (ICDAR ground truth and result files): turned as the mean of its top and bottom
    /// edges, and just large enough to hold the four corners.
    public init(enclosing quad: [EvalPoint]) {
        precondition(quad.count == 4, "a quadrilateral has 4 corners, not \(quad.count)")
        let p = quad.map { SIMD2($0.x, $0.y) }
        var direction = (p[1] - p[0]) + (p[2] - p[3])
        let length = (direction * direction).sum().squareRoot()
        direction = length > 0 ? direction / length : SIMD2(1, 0)
        let normal = SIMD2(-direction.y, direction.x)
        let along = p.map { ($0 * direction).sum() }, across = p.map { ($0 * normal).sum() }
        let u = (along.min()! + along.max()!) / 2, v = (across.min()! + across.max()!) / 2
        let centre = direction * u + normal * v
        self.init(
            centerX: centre.x, centerY: centre.y, width: along.max()! - along.min()!,
            height: across.max()! - across.min()!, angle: atan2(direction.y, direction.x) * 180 / .pi)
    }

    /// The same rectangle as the element's geometry takes it.
    public var pixelBox: PixelBox {
        PixelBox(centerX: centerX, centerY: centerY, width: width, height: height, angle: angle)
    }

    /// The four corners, clockwise on screen from the top-left of the unrotated rectangle.
    public var corners: [EvalPoint] { pixelBox.corners.map { EvalPoint($0.x, $0.y) } }
}

/// Geometry on polygons given as corner lists.
public enum PolygonGeometry {
    /// Signed area by the shoelace formula (positive when clockwise on screen).
    public static func signedArea(_ polygon: [EvalPoint]) -> Double {
        ConvexPolygon.signedArea(polygon.map { SIMD2($0.x, $0.y) })
    }

    /// The convex hull (Andrew's monotone chain), used to join neighbouring words of a line.
    public static func convexHull(_ points: [EvalPoint]) -> [EvalPoint] {
        let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard sorted.count >= 3 else { return sorted }
        func cross(_ o: EvalPoint, _ a: EvalPoint, _ b: EvalPoint) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [EvalPoint] = [], upper: [EvalPoint] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
