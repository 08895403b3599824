/// Overlap of rotated boxes, exact (convex polygon clipping), for matching detections with
/// tracks and for finding tracks that have come to cover the same text.
extension PixelBox {
    /// Area covered by both boxes.
    public func intersectionArea(_ other: PixelBox) -> Double {
        guard area > 0, other.area > 0 else { return 0 }
        // Bounding boxes apart: no polygon work (the common case for unrelated lines).
        let d = SIMD2(centerX - other.centerX, centerY - other.centerY)
        let reach = halfExtent + other.halfExtent
        if abs(d.x) >= reach.x || abs(d.y) >= reach.y { return 0 }
        return ConvexPolygon.area(ConvexPolygon.clip(corners, by: other.corners))
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
}
