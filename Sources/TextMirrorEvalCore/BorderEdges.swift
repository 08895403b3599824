#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Edges the mirror adds around its boxes: the gradient energy in a band straddling
/// the outline of every mirrored box, in the output against the input.
///
/// A plain mirror under uneven light turns each line's background end for end, so steps appear
/// along the box's outline (a hard-edged rectangle); a mirror that keeps the background adds
/// almost none. The band holds the pixels within `radius` of an outline, inside and outside:
/// the outline the element reports (its ROI metas, rounded outwards to whole pixels) is within
/// a pixel or so of the mirrored rectangle's real edge, so a 3-pixel radius holds the steps
/// whichever side of it they fall. Its input energy (text strokes, texture, noise) is the
/// yardstick, and the figure is the energy's relative growth: 0 when nothing around the boxes
/// changed, 1 when their borders carry as much edge again as the band held.
///
/// Energy is the sum of squared luma differences (BT.601) between each pixel of the band and its
/// right and lower neighbours in the band.
///
/// Measured on the pictures as they are, the figure is mostly text: a box cuts the tops of
/// letters or the end of a bold stroke, whose mirrored half then meets the unmirrored rest at
/// the outline, a step of a hundred levels or more, where the light's seam is ten or twenty.
/// So it is also given with the pictures smoothed first (`smoothing`, a Gaussian of 2 px):
/// strokes fade into the tone of their line, which mirroring a line hardly changes, while a
/// step in the background along a whole side of a box stays. That is the seam a reader sees.
public struct BorderEdges: Equatable, Sendable {
    /// Gradient energy of the band in the input and in the output picture.
    public var input: Double
    public var output: Double
    /// Pixels in the band.
    public var pixels: Int

    public static let radius = 3
    /// The standard deviation, in pixels, of the Gaussian the background figure smooths with.
    public static let backgroundSmoothing = 2.0
    public static let zero = BorderEdges(input: 0, output: 0, pixels: 0)

    public init(input: Double, output: Double, pixels: Int) {
        self.input = input
        self.output = output
        self.pixels = pixels
    }

    /// Measures two packed RGBA pictures of one size around `boxes`, their luma smoothed first
    /// by a Gaussian of standard deviation `smoothing` pixels when it is above 0.
    public init(
        before: [UInt8], after: [UInt8], width: Int, height: Int, boxes: [RotatedBox],
        radius: Int = BorderEdges.radius, smoothing: Double = 0
    ) {
        precondition(
            before.count == width * height * 4 && after.count == before.count,
            "pictures must be packed RGBA of \(width)x\(height)")
        let band = Self.band(boxes, width: width, height: height, radius: radius)
        guard band.count > 0 else {
            self.init(input: 0, output: 0, pixels: 0)
            return
        }
        func luma(_ rgba: [UInt8]) -> [Double] {
            var plain = [Double](repeating: 0, count: width * height)
            for i in plain.indices {
                let r = Double(rgba[4 * i]), g = Double(rgba[4 * i + 1]), b = Double(rgba[4 * i + 2])
                plain[i] = 0.299 * r + 0.587 * g + 0.114 * b
            }
            return smoothing > 0 ? Self.gaussian(plain, width: width, height: height, sigma: smoothing) : plain
        }
        self.init(
            input: Self.energy(luma(before), in: band), output: Self.energy(luma(after), in: band),
            pixels: band.count)
    }

    /// Relative growth of the band's energy, (output − input) / input: nan without a band.
    public var growth: Double {
        guard input > 0 else { return output > 0 ? .infinity : (pixels > 0 ? 0 : .nan) }
        return (output - input) / input
    }

    /// Sums of several measurements (pooled over boxes or pictures).
    public static func + (a: BorderEdges, b: BorderEdges) -> BorderEdges {
        BorderEdges(input: a.input + b.input, output: a.output + b.output, pixels: a.pixels + b.pixels)
    }

    /// Pixels within `radius` of some box's outline, on either side: each box grown by `radius`
    /// less the box shrunk by it (nothing, when that leaves no inside).
    public static func band(_ boxes: [RotatedBox], width: Int, height: Int, radius: Int) -> PixelMask {
        var band = PixelMask(width: width, height: height)
        let r = Double(radius)
        for box in boxes {
            var grown = box
            grown.width += 2 * r
            grown.height += 2 * r
            var ring = PixelMask.polygon(grown.corners, width: width, height: height)
            if box.width > 2 * r, box.height > 2 * r {
                var shrunk = box
                shrunk.width -= 2 * r
                shrunk.height -= 2 * r
                ring.formIntersection(PixelMask.polygon(shrunk.corners, width: width, height: height).inverted)
            }
            band.formUnion(ring)
        }
        return band
    }

    /// Sum of squared steps of `luma` between neighbours that are both in `mask`.
    static func energy(_ luma: [Double], in mask: PixelMask) -> Double {
        let w = mask.width, h = mask.height
        var sum = 0.0
        for y in 0..<h {
            for x in 0..<w where mask[x, y] {
                let i = y * w + x, here = luma[i]
                if x + 1 < w, mask[x + 1, y] {
                    let d = luma[i + 1] - here
                    sum += d * d
                }
                if y + 1 < h, mask[x, y + 1] {
                    let d = luma[i + w] - here
                    sum += d * d
                }
            }
        }
        return sum
    }

    /// `values` (rows of `width`) convolved with a Gaussian of standard deviation `sigma`,
    /// rows then columns, cut at 3 sigma and renormalized at the picture's edges.
    static func gaussian(_ values: [Double], width: Int, height: Int, sigma: Double) -> [Double] {
        let reach = Int((3 * sigma).rounded(.up))
        let kernel = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        func pass(_ input: [Double], along: Bool) -> [Double] {
            var out = [Double](repeating: 0, count: input.count)
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0.0, weight = 0.0
                    for (k, g) in kernel.enumerated() {
                        let xx = along ? x + k - reach : x, yy = along ? y : y + k - reach
                        guard xx >= 0, xx < width, yy >= 0, yy < height else { continue }
                        sum += g * input[yy * width + xx]
                        weight += g
                    }
                    out[y * width + x] = sum / weight
                }
            }
            return out
        }
        return pass(pass(values, along: true), along: false)
    }
}
