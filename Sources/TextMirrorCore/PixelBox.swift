#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A rotated rectangle in pixel coordinates of one frame: the form every region takes before it
/// is mirrored, whether it came from the `regions` property or from the text detector.
public struct PixelBox: Equatable, Sendable {
    public var centerX: Double
    public var centerY: Double
    public var width: Double
    public var height: Double
    /// Degrees; positive turns clockwise on screen (y grows downwards).
    public var angle: Double

    public init(centerX: Double, centerY: Double, width: Double, height: Double, angle: Double = 0) {
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.height = height
        self.angle = angle
    }

    public var isAxisAligned: Bool {
        let turns = (angle / 180).rounded()
        return abs(angle - turns * 180) < 1e-9
    }
}

extension MirrorRegion {
    /// The region in pixels of a `frameWidth` x `frameHeight` frame.
    public func pixelBox(frameWidth: Int, frameHeight: Int) -> PixelBox {
        let w = Double(frameWidth), h = Double(frameHeight)
        return PixelBox(centerX: centerX * w, centerY: centerY * h,
                        width: width * w, height: height * h, angle: angle)
    }
}

/// A half-open pixel rectangle [x0, x1) x [y0, y1).
public struct PixelRect: Equatable, Sendable {
    public var x0: Int, y0: Int, x1: Int, y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
}

extension PixelBox {
    /// The pixels an axis-aligned box covers, clipped to the frame and widened outwards to the
    /// chroma grid (`hGrid` x `vGrid` luma pixels) so luma and chroma share one mirror axis.
    /// Nil when nothing of the box is inside the frame.
    public func snappedRect(frameWidth: Int, frameHeight: Int, hGrid: Int, vGrid: Int) -> PixelRect? {
        // Rounding edges (not centre and size separately) keeps neighbouring boxes seamless.
        func edge(_ v: Double, limit: Int) -> Int {
            guard v.isFinite else { return v > 0 ? limit : 0 }
            return Int(min(max(v.rounded(), 0), Double(limit)))
        }
        var x0 = edge(centerX - width / 2, limit: frameWidth)
        var x1 = edge(centerX + width / 2, limit: frameWidth)
        var y0 = edge(centerY - height / 2, limit: frameHeight)
        var y1 = edge(centerY + height / 2, limit: frameHeight)
        if x1 <= x0 || y1 <= y0 { return nil }
        x0 = x0 / hGrid * hGrid
        y0 = y0 / vGrid * vGrid
        x1 = min((x1 + hGrid - 1) / hGrid * hGrid, frameWidth)
        y1 = min((y1 + vGrid - 1) / vGrid * vGrid, frameHeight)
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}

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

    /// This box turned to the nearest level direction when its tilt is within `uncertainty`
    /// degrees or moves its ends by less than `drift` pixels; else the box as it is.
    public func levelled(within uncertainty: Double = 0, drift: Double = PixelBox.levelDrift) -> PixelBox {
        let tilt = tiltFromLevel
        guard tilt != 0, abs(tilt) <= uncertainty || width / 2 * abs(tan(tilt * .pi / 180)) < drift else { return self }
        var level = self
        level.angle -= tilt
        return level
    }
}
