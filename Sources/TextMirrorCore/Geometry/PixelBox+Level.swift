#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// When a box counts as level: the one rule for the detector's boxes (`InkFitting`, the
/// tracker) and for tilts measured on the ink (`InkRefinement`).
///
/// Why level at all: a level box takes the exact, cheaper mirror path (whole rows reversed),
/// while a turned one is reflected sample by sample. So a box is levelled when its tilt is no
/// more than the uncertainty of whoever measured it (the detector's minimum-area rectangles
/// tilt level lines by up to 2.5°, `detectorAngleNoise`; a tilt measured on the ink has none
/// worth counting), or when it moves the box's ends by less than `levelDrift` pixels.
extension PixelBox {
    /// The detector's angles are this many degrees off on level lines, at most (ascenders,
    /// descenders; measured by textmirror-motion-bench): a detected box within this of level
    /// is taken as level until its ink says otherwise.
    public static let detectorAngleNoise = 3.0
    /// A tilt that moves each end of the box by less than this many pixels, from its centre, is
    /// taken as level.
    public static let levelDrift = 0.5

    /// Degrees from the nearest level direction (a multiple of 180°), in [-90, 90].
    public var tiltFromLevel: Double {
        guard angle.isFinite else { return 0 }
        return angle - (angle / 180).rounded() * 180
    }

    /// More than 45° from level: the line runs up or down the picture rather than across it,
    /// and its text may read either way along the box (`LineReader` reads both).
    public var isSteep: Bool { abs(tiltFromLevel) > 45 }

    /// This box turned to the nearest level direction when its tilt is within `uncertainty`
    /// degrees or moves its ends by less than `drift` pixels; else the box as it is.
    public func levelled(within uncertainty: Double = 0, drift: Double = PixelBox.levelDrift) -> PixelBox {
        let tilt = tiltFromLevel
        guard tilt != 0, abs(tilt) <= uncertainty || width / 2 * abs(tan(tilt * .pi / 180)) < drift else { return self }
        var level = self
        level.angle -= tilt
        return level
    }

    /// `angle` reduced to (-90, 90]: a rectangle is the same after a half turn.
    public static func normalizedAngle(_ angle: Double) -> Double {
        guard angle.isFinite else { return 0 }
        var a = angle.truncatingRemainder(dividingBy: 180)
        if a > 90 { a -= 180 }
        if a <= -90 { a += 180 }
        return a
    }
}
