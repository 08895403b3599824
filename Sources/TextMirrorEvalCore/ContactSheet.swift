import TextMirrorCore

/// A picture as packed RGBA rows (stride = 4 × width).
public struct RGBAPicture: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBA size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public init(width: Int, height: Int, filledWith rgba: (UInt8, UInt8, UInt8, UInt8)) {
        let pixel = [rgba.0, rgba.1, rgba.2, rgba.3]
        self.init(
            width: width, height: height,
            pixels: [UInt8]((0..<width * height).lazy.flatMap { _ in pixel }))
    }
}

/// One picture of the contact sheet: the part of the picture around its text, before the
/// element on the left and after it on the right, so a reader of the docs sees what the element
/// does to real print (bands, ghosts, cut letters) without running anything.
public enum ContactSheet {
    /// Width of each of the two panels, in pixels of the sheet.
    public static let panelWidth = 560
    /// The tallest a panel may be (a tall page is scaled down further to fit).
    public static let maxPanelHeight = 700
    /// Gray columns between and around the panels, so the two halves cannot be taken for one.
    public static let gutter = 8
    /// Small text is enlarged at most this much, so it stays pixels rather than blur.
    public static let maxEnlargement = 2.0

    /// The part of a `width` × `height` picture shown: every region's bounding rectangle
    /// (ground truth and mirrored boxes alike), grown by a third of its height plus 12 pixels
    /// so the background a line sits in is visible, clipped to the picture. The whole picture
    /// when there are no regions.
    public static func area(of regions: [[EvalPoint]], width: Int, height: Int) -> PixelRect {
        let whole = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for corners in regions {
            for p in corners where p.x.isFinite && p.y.isFinite {
                (x0, y0, x1, y1) = (min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y))
            }
        }
        guard x0 <= x1, y0 <= y1 else { return whole }
        let margin = (y1 - y0) / 3 + 12
        let clipped = PixelRect(
            covering: x0 - margin, y0 - margin, x1 + margin, y1 + margin, width: width, height: height)
        return clipped.isEmpty ? whole : clipped
    }

    /// The before/after pair of `area`, both panels scaled alike.
    public static func pair(before: RGBAPicture, after: RGBAPicture, area: PixelRect) -> RGBAPicture {
        precondition(before.width == after.width && before.height == after.height, "pair of one size")
        let scale = min(
            Double(panelWidth) / Double(area.width), Double(maxPanelHeight) / Double(area.height),
            maxEnlargement)
        let w = max(1, Int((Double(area.width) * scale).rounded()))
        let h = max(1, Int((Double(area.height) * scale).rounded()))
        var sheet = RGBAPicture(width: 2 * w + 3 * gutter, height: h + 2 * gutter, filledWith: (96, 96, 96, 255))
        for (index, picture) in [before, after].enumerated() {
            paste(resampled(picture, area: area, width: w, height: h), into: &sheet, x: gutter + index * (w + gutter), y: gutter)
        }
        return sheet
    }

    /// `area` of `picture` at `width` × `height`: each output pixel is the mean of the source
    /// pixels it covers (at least one, so enlarging repeats pixels).
    static func resampled(_ picture: RGBAPicture, area: PixelRect, width: Int, height: Int) -> RGBAPicture {
        func span(_ i: Int, _ n: Int, _ from: Int, _ count: Int) -> Range<Int> {
            let lo = from + i * count / n
            return lo..<max(lo + 1, from + (i + 1) * count / n)
        }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for oy in 0..<height {
            let rows = span(oy, height, area.y0, area.height)
            for ox in 0..<width {
                let columns = span(ox, width, area.x0, area.width)
                var sum = (0, 0, 0, 0)
                for y in rows {
                    for x in columns {
                        let i = (y * picture.width + x) * 4
                        sum.0 += Int(picture.pixels[i])
                        sum.1 += Int(picture.pixels[i + 1])
                        sum.2 += Int(picture.pixels[i + 2])
                        sum.3 += Int(picture.pixels[i + 3])
                    }
                }
                let n = rows.count * columns.count, o = (oy * width + ox) * 4
                out[o] = UInt8((sum.0 + n / 2) / n)
                out[o + 1] = UInt8((sum.1 + n / 2) / n)
                out[o + 2] = UInt8((sum.2 + n / 2) / n)
                out[o + 3] = UInt8((sum.3 + n / 2) / n)
            }
        }
        return RGBAPicture(width: width, height: height, pixels: out)
    }

    static func paste(_ picture: RGBAPicture, into sheet: inout RGBAPicture, x: Int, y: Int) {
        let rowBytes = picture.width * 4
        for row in 0..<picture.height {
            let to = ((y + row) * sheet.width + x) * 4
            sheet.pixels.replaceSubrange(to..<(to + rowBytes), with: picture.pixels[(row * rowBytes)..<((row + 1) * rowBytes)])
        }
    }

    /// The sheet's index page: one section per picture, its figures from the evaluation, then
    /// its pair (`NAME.jpg` beside the page).
    public static func index(header: String, scores: [ImageScore]) -> String {
        var page = "# Contact sheet: the real-photo dev set before and after textmirror\n\n"
        page += "Each picture's text and its surroundings, before (left) and after (right), made by the\n"
        page += "command below (docs/EVALUATION.md explains the figures).\n\n" + header + "\n"
        for s in scores {
            page += "\n## \(s.name)\n\n"
            page += "\(s.mirrored) of \(s.legible.count) legible lines mirrored, \(s.boxes) boxes"
            page += " (\(s.falseBoxes) false), background edges added \(EvalReport.growth(s.backgroundEdges))\n\n"
            page += "![\(s.name): before and after](\(s.name).jpg)\n"
        }
        return page
    }
}
