#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a rotated box lies in the frame: its centre, its own axes, its corners and its
/// axis-aligned bounds. Every stage that works along or across a box (post-processing, line
/// crops, ink fitting, tracking, overlap, the rotated mirror, the outline, the element's
/// reports) takes them from here, so that a box is the same rectangle to all of them.
extension PixelBox {
    public var center: SIMD2<Double> { SIMD2(centerX, centerY) }

    /// Unit vectors along the box's width (its text line) and across it (its height), in frame
    /// pixels (y down): `along` is turned by `angle` from the x axis, `across` a quarter turn
    /// further.
    public var axes: (along: SIMD2<Double>, across: SIMD2<Double>) {
        let radians = angle * .pi / 180
        let c = cos(radians), s = sin(radians)
        return (SIMD2(c, s), SIMD2(-s, c))
    }

    /// The four corners, in order around the box: from the start of its top edge (the top-left
    /// corner of a level box) along the width, then across.
    public var corners: [SIMD2<Double>] {
        let (along, across) = axes
        let u = along * (width / 2), v = across * (height / 2)
        let c = center
        return [c - u - v, c + u - v, c + u + v, c - u + v]
    }

    /// The box with its ends along its line at `start` and `end`: signed distances from its
    /// centre along `axes.along`. Its height and angle stay.
    public func withEnds(at start: Double, _ end: Double) -> PixelBox {
        let moved = center + (start + end) / 2 * axes.along
        return PixelBox(centerX: moved.x, centerY: moved.y, width: end - start, height: height, angle: angle)
    }

    public var area: Double { max(width, 0) * max(height, 0) }

    /// Whether the box's bounding box comes within `margin` pixels of a side of a frame
    /// `frameWidth` x `frameHeight`, or leaves it.
    func comesWithin(_ margin: Double, ofSidesOf frameWidth: Int, _ frameHeight: Int) -> Bool {
        let e = halfExtent
        return centerX - e.x < margin || centerX + e.x > Double(frameWidth) - margin
            || centerY - e.y < margin || centerY + e.y > Double(frameHeight) - margin
    }

    /// Half the size of the axis-aligned bounding box, per axis.
    public var halfExtent: SIMD2<Double> {
        let radians = angle * .pi / 180
        let c = abs(cos(radians)), s = abs(sin(radians))
        return SIMD2(c * width + s * height, s * width + c * height) / 2
    }

    /// The whole pixels the axis-aligned bounding box touches, clipped to a `frameWidth` x
    /// `frameHeight` frame: what the element reports for a box (messages, ROI metas).
    public func boundingRect(frameWidth: Int, frameHeight: Int) -> PixelRect {
        let e = halfExtent
        return PixelRect(
            covering: centerX - e.x, centerY - e.y, centerX + e.x, centerY + e.y, width: frameWidth,
            height: frameHeight)
    }
}
