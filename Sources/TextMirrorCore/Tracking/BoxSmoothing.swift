/// The element's `smoothing`: an exponential moving average of each track's box,
///
///     box = alpha · detection + (1 − alpha) · previous box
///
/// on centre, size and angle (as the iOS original did on box vertices, alpha 0.35). It runs
/// once per detection, after the previous box has been carried to the detection's time by the
/// motion, so it averages out the detector's jitter without making boxes lag behind moving
/// text. alpha = 1 takes each detection as it is.
public enum BoxSmoothing {
    public static func blend(previous: PixelBox, detection: PixelBox, alpha: Double) -> PixelBox {
        let alpha = alpha.isFinite ? min(max(alpha, 0), 1) : 1
        let target = sameRectangle(detection, nearestAngleTo: previous.angle)
        if alpha == 1 {
            var b = target
            b.angle = PixelBox.normalizedAngle(b.angle)
            return b
        }
        func mix(_ p: Double, _ d: Double) -> Double { p + alpha * (d - p) }
        // target.angle is within 45° of previous.angle, so the difference needs no wrapping.
        let angle =
            previous.angle == target.angle
            ? previous.angle
            : PixelBox.normalizedAngle(mix(previous.angle, target.angle))
        return PixelBox(
            centerX: mix(previous.centerX, target.centerX),
            centerY: mix(previous.centerY, target.centerY),
            width: mix(previous.width, target.width),
            height: mix(previous.height, target.height),
            angle: angle)
    }

    /// The weight to give a detection that disagrees with its track: `alpha` while the two
    /// differ by no more than the detector's noise (`noise` pixels, in centre or half a side),
    /// rising to 1 at twice that. Smoothing is for jitter; a larger difference is real (a line
    /// coming into view grows, the detector now sees more of it, the motion estimate slipped)
    /// and is taken at once rather than crept towards over a second.
    public static func weight(previous: PixelBox, detection: PixelBox, alpha: Double, noise: Double) -> Double {
        let alpha = alpha.isFinite ? min(max(alpha, 0), 1) : 1
        let target = sameRectangle(detection, nearestAngleTo: previous.angle)
        let difference = max(
            abs(target.centerX - previous.centerX), abs(target.centerY - previous.centerY),
            abs(target.width - previous.width) / 2, abs(target.height - previous.height) / 2)
        guard noise > 0, difference > noise else { return difference.isNaN ? 1 : alpha }
        return min(alpha + (1 - alpha) * (difference - noise) / noise, 1)
    }

    /// `box` described with the angle nearest `reference`: a rectangle is unchanged by a half
    /// turn, and by a quarter turn with its sides swapped. Without this, a line at 89° and one
    /// at −89° (nearly the same) would average to 0°, and the detector's habit of describing a
    /// line near 45° from either side would spin boxes.
    public static func sameRectangle(_ box: PixelBox, nearestAngleTo reference: Double) -> PixelBox {
        var b = box
        var difference = PixelBox.normalizedAngle(b.angle - reference)  // (-90, 90]
        if difference > 45 {
            swap(&b.width, &b.height)
            difference -= 90
        } else if difference < -45 {
            swap(&b.width, &b.height)
            difference += 90
        }
        b.angle = reference + difference
        return b
    }
}
