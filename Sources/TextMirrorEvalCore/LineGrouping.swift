#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds neighbouring ground-truth regions that belong to one line of text.
///
/// Why: the element mirrors whole lines, so the spaces between the words of a line move too.
/// ICDAR 2015 annotates single words; without this, those spaces would count as non-text
/// pixels changed, and a set annotated by words would score worse than the same set annotated
/// by lines for identical output. The space between two words of one line is text here: the
/// convex hull of the two regions is added to the text area.
///
/// Two regions are words of one line when, in the frame of the first (its reading direction
/// and the direction across it):
/// - their reading directions differ by at most `maxAngle` degrees,
/// - their heights differ by at most a factor of `maxHeightRatio`,
/// - their centres are at most `maxOffset` x the smaller height apart across the line,
/// - the gap between them along the line is at most `maxGap` x their mean height (a word
///   space is about a third of that; signs space words more widely).
public struct LineGrouping: Equatable, Sendable {
    public var maxAngle = 15.0
    public var maxHeightRatio = 2.0
    public var maxOffset = 0.5
    public var maxGap = 1.0

    public init() {}

    /// The convex hulls of each pair of regions found to be words of one line.
    public func joins(_ regions: [[EvalPoint]]) -> [[EvalPoint]] {
        let frames = regions.map(RegionFrame.init)
        var hulls: [[EvalPoint]] = []
        for i in frames.indices {
            guard let a = frames[i] else { continue }
            for j in frames.indices where j > i {
                guard let b = frames[j], sameLine(a, b) else { continue }
                hulls.append(PolygonGeometry.convexHull(regions[i] + regions[j]))
            }
        }
        return hulls
    }

    func sameLine(_ a: RegionFrame, _ b: RegionFrame) -> Bool {
        let cosine = abs(a.ux * b.ux + a.uy * b.uy)
        guard cosine >= cos(maxAngle * .pi / 180) else { return false }
        let small = min(a.height, b.height), large = max(a.height, b.height)
        guard small > 0, large <= maxHeightRatio * small else { return false }
        guard a.offsetAcross(to: b) <= maxOffset * small else { return false }
        // Extents of both regions along a's reading direction.
        let (a0, a1) = a.extent(alongX: a.ux, a.uy)
        let (b0, b1) = b.extent(alongX: a.ux, a.uy)
        let gap = max(b0 - a1, a0 - b1)
        return gap <= maxGap * (a.height + b.height) / 2
    }
}

/// A region's reading direction, height across it and centre. ICDAR lists corners clockwise
/// from the top-left of the text, so corners 0 -> 1 and 3 -> 2 run along the text.
struct RegionFrame {
    var ux: Double, uy: Double
    var height: Double
    var centerX: Double, centerY: Double
    var corners: [EvalPoint]

    init?(_ polygon: [EvalPoint]) {
        guard polygon.count == 4 else { return nil }
        let p = polygon
        var dx = (p[1].x - p[0].x) + (p[2].x - p[3].x)
        var dy = (p[1].y - p[0].y) + (p[2].y - p[3].y)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return nil }
        dx /= length
        dy /= length
        ux = dx
        uy = dy
        // Height: the region's extent across the reading direction.
        let across = p.map { -$0.x * dy + $0.y * dx }
        height = across.max()! - across.min()!
        centerX = p.map(\.x).reduce(0, +) / 4
        centerY = p.map(\.y).reduce(0, +) / 4
        corners = p
    }

    /// How far `other`'s centre lies from this region's centre line, across its reading
    /// direction.
    func offsetAcross(to other: RegionFrame) -> Double {
        abs(-(other.centerX - centerX) * uy + (other.centerY - centerY) * ux)
    }

    func extent(alongX ux: Double, _ uy: Double) -> (Double, Double) {
        let along = corners.map { $0.x * ux + $0.y * uy }
        return (along.min()!, along.max()!)
    }
}
