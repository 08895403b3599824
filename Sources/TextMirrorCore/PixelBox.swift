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
