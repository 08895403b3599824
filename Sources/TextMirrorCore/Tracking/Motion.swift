#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the picture moved from one frame to another: a similarity transform of frame pixels
/// (continuous coordinates, origin at the top-left corner of the frame),
///
///     x' = a·x − b·y + tx
///     y' = b·x + a·y + ty
///
/// so `scale` is √(a² + b²) and the rotation atan2(b, a). A camera that pans, zooms and shakes
/// moves a text line this way; boxes follow by moving their centre and scaling their size.
///
/// Why this form and not an affine or a homography: box sizes and angles stay meaningful (a
/// rotated rectangle stays a rectangle), it composes and inverts in closed form, and two point
/// pairs determine it, which keeps robust fitting cheap.
public struct Motion: Equatable, Sendable, CustomStringConvertible {
    public var a: Double
    public var b: Double
    public var tx: Double
    public var ty: Double

    public init(a: Double, b: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.tx = tx
        self.ty = ty
    }

    public static let identity = Motion(a: 1, b: 0, tx: 0, ty: 0)

    public static func translation(_ dx: Double, _ dy: Double) -> Motion {
        Motion(a: 1, b: 0, tx: dx, ty: dy)
    }

    /// Scaling by `factor` about the point (`cx`, `cy`), which stays where it is.
    public static func scaling(_ factor: Double, aboutX cx: Double, y cy: Double) -> Motion {
        Motion(a: factor, b: 0, tx: cx - factor * cx, ty: cy - factor * cy)
    }

    public var scale: Double { (a * a + b * b).squareRoot() }
    /// Degrees, clockwise on screen (y grows downwards), like `PixelBox.angle`.
    public var rotationDegrees: Double { atan2(b, a) * 180 / .pi }

    public var isFinite: Bool { a.isFinite && b.isFinite && tx.isFinite && ty.isFinite }

    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x - b * y + tx, b * x + a * y + ty)
    }

    /// The box carried along: its centre moves, its sides scale, its angle turns.
    public func apply(_ box: PixelBox) -> PixelBox {
        let c = apply(x: box.centerX, y: box.centerY)
        let s = scale
        // A pure translation or scale must leave the angle bit-for-bit as it was, so an
        // axis-aligned box stays on the exact (and cheaper) axis-aligned mirror path.
        let angle = b == 0 && a > 0 ? box.angle : box.angle + rotationDegrees
        return PixelBox(
            centerX: c.x, centerY: c.y, width: box.width * s, height: box.height * s,
            angle: angle)
    }

    /// `self` first, then `next`.
    public func then(_ next: Motion) -> Motion {
        Motion(
            a: next.a * a - next.b * b,
            b: next.b * a + next.a * b,
            tx: next.a * tx - next.b * ty + next.tx,
            ty: next.b * tx + next.a * ty + next.ty)
    }

    /// Nil when the transform collapses the plane (scale 0).
    public var inverse: Motion? {
        let d = a * a + b * b
        guard d > 0, d.isFinite else { return nil }
        let ia = a / d, ib = -b / d
        return Motion(a: ia, b: ib, tx: -(ia * tx - ib * ty), ty: -(ib * tx + ia * ty))
    }

    public var description: String {
        "Motion(t=(\(tx), \(ty)), scale=\(scale), rotation=\(rotationDegrees)°)"
    }
}
