/// A set of pixels of one image, one byte a pixel (0 or 1), rows top to bottom.
///
/// Every area in the evaluation (a ground-truth polygon, a mirrored box, the text or non-text
/// part of an image) is counted in whole pixels through one rule, the pixel-centre rule of
/// scan conversion: a pixel belongs to a polygon when its centre (x + 0.5, y + 0.5) is inside.
/// So two polygons sharing an edge never both own a pixel, and areas are exact pixel counts.
public struct PixelMask: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var bits: [UInt8]

    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "mask size must not be negative")
        self.width = width
        self.height = height
        bits = [UInt8](repeating: 0, count: width * height)
    }

    public subscript(x: Int, y: Int) -> Bool {
        get { bits[y * width + x] != 0 }
        set { bits[y * width + x] = newValue ? 1 : 0 }
    }

    public var count: Int { bits.reduce(0) { $0 + Int($1) } }

    /// The pixels of `polygon` (even-odd rule, so a self-intersecting quadrilateral keeps its
    /// two lobes), clipped to the image.
    public static func polygon(_ polygon: [EvalPoint], width: Int, height: Int) -> PixelMask {
        var mask = PixelMask(width: width, height: height)
        mask.fill(polygon)
        return mask
    }

    /// The pixels of all `polygons`.
    public init(width: Int, height: Int, filledWith polygons: [[EvalPoint]]) {
        self.init(width: width, height: height)
        for polygon in polygons { fill(polygon) }
    }

    /// Adds the pixels of `polygon` to the mask.
    public mutating func fill(_ polygon: [EvalPoint]) {
        guard polygon.count >= 3, width > 0, height > 0,
            polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite })
        else { return }
        let ys = polygon.map(\.y)
        // Rows whose centre can lie inside: centre y + 0.5 in [minY, maxY].
        let firstRow = max(0, Int((ys.min()! - 0.5).rounded(.up)))
        let lastRow = min(height - 1, Int((ys.max()! - 0.5).rounded(.down)))
        guard firstRow <= lastRow else { return }
        var crossings: [Double] = []
        for y in firstRow...lastRow {
            let sy = Double(y) + 0.5
            crossings.removeAll(keepingCapacity: true)
            for i in polygon.indices {
                let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                // Half-open in y, so a vertex on the scan line is counted once.
                if (p.y <= sy && sy < q.y) || (q.y <= sy && sy < p.y) {
                    crossings.append(p.x + (sy - p.y) * (q.x - p.x) / (q.y - p.y))
                }
            }
            crossings.sort()
            var k = 0
            while k + 1 < crossings.count {
                // Pixels whose centre x + 0.5 lies in [left, right).
                let first = max(0, Int((crossings[k] - 0.5).rounded(.up)))
                let end = min(width, Int((crossings[k + 1] - 0.5).rounded(.up)))
                if first < end {
                    let row = y * width
                    for x in first..<end { bits[row + x] = 1 }
                }
                k += 2
            }
        }
    }

    /// Adds every pixel of `other` (same size).
    public mutating func formUnion(_ other: PixelMask) {
        precondition(other.width == width && other.height == height, "masks differ in size")
        for i in bits.indices where other.bits[i] != 0 { bits[i] = 1 }
    }

    /// Keeps only the pixels `other` has too.
    public mutating func formIntersection(_ other: PixelMask) {
        precondition(other.width == width && other.height == height, "masks differ in size")
        for i in bits.indices { bits[i] &= other.bits[i] }
    }

    /// How many pixels the two masks share.
    public func intersectionCount(_ other: PixelMask) -> Int {
        precondition(other.width == width && other.height == height, "masks differ in size")
        var n = 0
        for i in bits.indices { n += Int(bits[i] & other.bits[i]) }
        return n
    }

    /// The mask grown by `radius` pixels in every direction along rows and columns (a square
    /// structuring element of side 2 x radius + 1): separable, rows then columns.
    public func dilated(by radius: Int) -> PixelMask {
        guard radius > 0, width > 0, height > 0 else { return self }
        var rows = PixelMask(width: width, height: height)
        for y in 0..<height {
            let row = y * width
            for x in 0..<width where bits[row + x] != 0 {
                for xx in max(0, x - radius)...min(width - 1, x + radius) { rows.bits[row + xx] = 1 }
            }
        }
        var out = PixelMask(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width where rows.bits[y * width + x] != 0 {
                for yy in max(0, y - radius)...min(height - 1, y + radius) { out.bits[yy * width + x] = 1 }
            }
        }
        return out
    }

    /// The pixels not in the mask.
    public var inverted: PixelMask {
        var out = self
        for i in out.bits.indices { out.bits[i] ^= 1 }
        return out
    }
}
