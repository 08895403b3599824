#if canImport(Glibc)
    import Glibc
#endif
import TextMirrorCore

/// One line of text drawn by GStreamer's `textoverlay` (Pango, the DejaVu fonts).
struct TextLine {
    var text: String
    /// A Pango font description, e.g. "DejaVu Serif Bold 32".
    var font: String
    /// Big-endian ARGB, as textoverlay's `color`.
    var color: UInt32
    /// Top-left corner of the text's layout box, in pixels.
    var x: Int
    var y: Int
    var outline = false
    var shadow = false
    /// Turns the whole line (and the picture under it) about the line's centre, or about
    /// `pivot` when given (lines of one page turned together); degrees, clockwise on screen.
    var angle = 0.0
    var pivot: (x: Double, y: Double)?
    /// Without a pivot, the turn is about the ink's centre moved by this much: a line's true
    /// centre then lies anywhere between pixels, as in a photograph, rather than on the half
    /// pixels a drawn line's ink is centred on.
    var pivotOffset = (x: 0.0, y: 0.0)
}

/// An RGBx picture (4 bytes a pixel, no padding) plus, for each line drawn on it, the pixels
/// the drawing changed: the ground truth the detector is judged against.
struct TextScene {
    var width: Int
    var height: Int
    var pixels: [UInt8]
    var lines: [(line: TextLine, ink: [Int])] = []
    /// Each line's true box, exactly: the rectangle around its glyphs' outline as drawn
    /// (`outline`), turned with it (its centre is where the turn took the outline's centre).
    var trueBoxes: [PixelBox] = []
    /// Pixels of things drawn beside the text that are not text (`paint`): arrows, frames.
    var marks: [[Int]] = []

    init(width: Int, height: Int, background: Background) {
        self.width = width
        self.height = height
        pixels = background.render(width: width, height: height)
    }

    var video: RawVideo { RawVideo(format: .rgbx, width: width, height: height, bytes: pixels) }

    /// Draws `line`; its ink is every pixel that changed.
    mutating func draw(_ line: TextLine) {
        let before = pixels
        let drawn = runElement(
            "textoverlay", sinkPad: "video_sink",
            properties: [
                ("text", line.text), ("font-desc", line.font), ("color", String(line.color)),
                ("halignment", "left"), ("valignment", "top"),
                ("xpad", String(line.x)), ("ypad", String(line.y)),
                ("auto-resize", "false"), ("draw-outline", String(line.outline)),
                ("draw-shadow", String(line.shadow)), ("shaded-background", "false")
            ], input: video)
        var ink: [Int] = []
        drawn.bytes.withUnsafeBufferPointer { after in
            before.withUnsafeBufferPointer { before in
                for i in 0..<(width * height)
                where after[4 * i] != before[4 * i] || after[4 * i + 1] != before[4 * i + 1]
                    || after[4 * i + 2] != before[4 * i + 2]
                {
                    ink.append(i)
                }
            }
        }
        precondition(!ink.isEmpty, "textoverlay drew nothing for \"\(line.text)\"")
        var truth = Self.outline(ink, before: before, after: drawn.bytes, width: width, color: line.color)
        if line.angle == 0 {
            pixels = drawn.bytes
        } else {
            // Turn the drawn line about its own centre (or the pivot) and paste it over the old
            // picture.
            let area = Self.turnArea(of: ink, width: width, height: height, pivot: line.pivot, offset: line.pivotOffset)
            let mask = Self.rotateMask(ink, width: width, height: height, degrees: line.angle, area: area)
            let turned = Self.rotate(drawn.bytes, width: width, height: height, degrees: line.angle, area: area)
            pixels = before
            for i in mask { for c in 0..<4 { pixels[4 * i + c] = turned[4 * i + c] } }
            ink = mask
            let r = line.angle * .pi / 180, dx = truth.centerX - area.cx, dy = truth.centerY - area.cy
            truth.centerX = area.cx + dx * cos(r) - dy * sin(r)
            truth.centerY = area.cy + dx * sin(r) + dy * cos(r)
            truth.angle = line.angle
        }
        lines.append((line, ink))
        trueBoxes.append(truth)
    }

    /// The rectangle around the outline of the glyphs drawn in `ink`, to a fraction of a pixel:
    /// an anti-aliased edge covers its outermost pixel partly, by as much as that pixel moved
    /// from its old colour towards the text's (`color`, ARGB), so in each row the ink begins
    /// that much before its first pixel ends (and likewise at the other end, and in each
    /// column). The pixels that changed at all reach up to a pixel further, by however little
    /// the glyph covers them: a box around those would be up to half a pixel off centre.
    static func outline(_ ink: [Int], before: [UInt8], after: [UInt8], width: Int, color: UInt32) -> PixelBox {
        func luma(_ p: [UInt8], _ i: Int) -> Double {
            0.299 * Double(p[4 * i]) + 0.587 * Double(p[4 * i + 1]) + 0.114 * Double(p[4 * i + 2])
        }
        let text =
            0.299 * Double((color >> 16) & 0xFF) + 0.587 * Double((color >> 8) & 0xFF) + 0.114 * Double(color & 0xFF)
        var coverage: [Int: Double] = [:]
        for i in ink {
            let old = luma(before, i), contrast = text - old
            coverage[i] = abs(contrast) < 20 ? 1 : min(max((luma(after, i) - old) / contrast, 0), 1)
        }
        var left = Double.infinity, right = -Double.infinity, top = Double.infinity, bottom = -Double.infinity
        var rows: [Int: (Int, Int)] = [:], columns: [Int: (Int, Int)] = [:]
        for i in ink {
            let x = i % width, y = i / width
            let r = rows[y] ?? (x, x), c = columns[x] ?? (y, y)
            rows[y] = (min(r.0, x), max(r.1, x))
            columns[x] = (min(c.0, y), max(c.1, y))
        }
        for (y, (x0, x1)) in rows {
            left = min(left, Double(x0 + 1) - coverage[y * width + x0]!)
            right = max(right, Double(x1) + coverage[y * width + x1]!)
        }
        for (x, (y0, y1)) in columns {
            top = min(top, Double(y0 + 1) - coverage[y0 * width + x]!)
            bottom = max(bottom, Double(y1) + coverage[y1 * width + x]!)
        }
        return PixelBox(
            centerX: (left + right) / 2, centerY: (top + bottom) / 2, width: right - left, height: bottom - top)
    }

    /// Something that is not text, drawn beside it.
    enum Mark {
        /// A filled arrow pointing right (or left), its shaft `size` / 3 thick, in a `size` x
        /// `size` square whose top-left corner is (x, y).
        case arrow(x: Int, y: Int, size: Int, right: Bool)
        /// The outline of a rectangle, `thickness` pixels wide.
        case frame(x: Int, y: Int, width: Int, height: Int, thickness: Int)
    }

    /// Draws `mark` in `rgb` (opaque, hard edges) and remembers its pixels.
    mutating func paint(_ mark: Mark, rgb: (UInt8, UInt8, UInt8)) {
        var painted: [Int] = []
        func put(_ x: Int, _ y: Int) {
            guard x >= 0, x < width, y >= 0, y < height else { return }
            let i = y * width + x
            pixels[4 * i] = rgb.0
            pixels[4 * i + 1] = rgb.1
            pixels[4 * i + 2] = rgb.2
            painted.append(i)
        }
        switch mark {
        case .arrow(let x0, let y0, let size, let right):
            let mid = Double(size) / 2, head = size / 2
            for j in 0..<size {
                for i in 0..<size {
                    // Along the arrow from its tail: the shaft, then a head as wide as the square.
                    let along = right ? i : size - 1 - i
                    let fromMiddle = abs(Double(j) + 0.5 - mid)
                    let inShaft = along < size - head && fromMiddle < Double(size) / 6
                    let inHead = along >= size - head && fromMiddle < Double(size - along) * mid / Double(head)
                    if inShaft || inHead { put(x0 + i, y0 + j) }
                }
            }
        case .frame(let x0, let y0, let w, let h, let t):
            for y in y0..<(y0 + h) {
                for x in x0..<(x0 + w)
                where x < x0 + t || x >= x0 + w - t || y < y0 + t || y >= y0 + h - t { put(x, y) }
            }
        }
        marks.append(painted)
    }

    /// The centre of the ink and the pixels a turn about it can reach (a square around the
    /// circle through the ink's corners), clipped to the picture.
    struct TurnArea {
        var cx: Double, cy: Double
        var xs: Range<Int>, ys: Range<Int>
    }

    private static func turnArea(
        of ink: [Int], width: Int, height: Int, pivot: (x: Double, y: Double)?,
        offset: (x: Double, y: Double)
    ) -> TurnArea {
        let xs = ink.map { $0 % width }, ys = ink.map { $0 / width }
        let cx = pivot?.x ?? Double(xs.min()! + xs.max()! + 1) / 2 + offset.x
        let cy = pivot?.y ?? Double(ys.min()! + ys.max()! + 1) / 2 + offset.y
        // The farthest corner of the ink from the centre of the turn.
        let reachX = max(abs(Double(xs.min()!) - cx), abs(Double(xs.max()! + 1) - cx))
        let reachY = max(abs(Double(ys.min()!) - cy), abs(Double(ys.max()! + 1) - cy))
        let radius = (reachX * reachX + reachY * reachY).squareRoot() + 2
        func range(_ c: Double, _ limit: Int) -> Range<Int> {
            max(Int(c - radius), 0)..<min(Int(c + radius) + 1, limit)
        }
        return TurnArea(cx: cx, cy: cy, xs: range(cx, width), ys: range(cy, height))
    }

    /// Bilinear rotation of an RGBx picture by `degrees` (clockwise) about the area's centre,
    /// computed inside the area only.
    private static func rotate(
        _ src: [UInt8], width: Int, height: Int, degrees: Double,
        area: TurnArea
    ) -> [UInt8] {
        let r = degrees * .pi / 180, c = cos(r), s = sin(r), cx = area.cx, cy = area.cy
        var out = src
        for y in area.ys {
            for x in area.xs {
                // Inverse mapping: where in the source does this output pixel come from?
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let sx = c * dx + s * dy + cx - 0.5, sy = -s * dx + c * dy + cy - 0.5
                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                let fx = sx - Double(x0), fy = sy - Double(y0)
                for ch in 0..<4 {
                    func at(_ px: Int, _ py: Int) -> Double {
                        Double(src[4 * (min(max(py, 0), height - 1) * width + min(max(px, 0), width - 1)) + ch])
                    }
                    let v =
                        (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy)
                        + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
                    out[4 * (y * width + x) + ch] = UInt8(min(max(v.rounded(), 0), 255))
                }
            }
        }
        return out
    }

    /// The pixels whose colour the rotation takes from an ink pixel: those whose inverse-rotated
    /// position (as `rotate` computes it) has an ink pixel among the four it interpolates.
    private static func rotateMask(
        _ ink: [Int], width: Int, height: Int, degrees: Double,
        area: TurnArea
    ) -> [Int] {
        var isInk = [Bool](repeating: false, count: width * height)
        for i in ink { isInk[i] = true }
        let r = degrees * .pi / 180, c = cos(r), s = sin(r), cx = area.cx, cy = area.cy
        func inked(_ x: Int, _ y: Int) -> Bool { x >= 0 && x < width && y >= 0 && y < height && isInk[y * width + x] }
        var out: [Int] = []
        for y in area.ys {
            for x in area.xs {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let sx = Int((c * dx + s * dy + cx - 0.5).rounded(.down)),
                    sy = Int((-s * dx + c * dy + cy - 0.5).rounded(.down))
                if inked(sx, sy) || inked(sx + 1, sy) || inked(sx, sy + 1) || inked(sx + 1, sy + 1) {
                    out.append(y * width + x)
                }
            }
        }
        return out
    }
}

/// Backgrounds the text is drawn on, from plain to busy.
enum Background {
    case solid(r: UInt8, g: UInt8, b: UInt8)
    /// Left-to-right from one colour to another.
    case gradient(from: (UInt8, UInt8, UInt8), to: (UInt8, UInt8, UInt8))
    /// Random grey blocks of `block` pixels: texture with hard edges, but no strokes.
    case noise(block: Int, seed: UInt64)
    /// Random coloured rectangles of many sizes, overlapping: a cluttered scene.
    case clutter(seed: UInt64)

    func render(width: Int, height: Int) -> [UInt8] {
        var p = [UInt8](repeating: 255, count: width * height * 4)
        p.withUnsafeMutableBufferPointer { p in
            func fill(_ xs: Range<Int>, _ y: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
                for x in xs {
                    let i = 4 * (y * width + x)
                    p[i] = r
                    p[i + 1] = g
                    p[i + 2] = b
                    p[i + 3] = 255
                }
            }
            switch self {
            case .solid(let r, let g, let b):
                for y in 0..<height { fill(0..<width, y, r, g, b) }
            case .gradient(let a, let b):
                for x in 0..<width {
                    let t = Double(x) / Double(max(width - 1, 1))
                    func mix(_ u: UInt8, _ v: UInt8) -> UInt8 { UInt8((Double(u) * (1 - t) + Double(v) * t).rounded()) }
                    let (r, g, bl) = (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
                    for y in 0..<height { fill(x..<(x + 1), y, r, g, bl) }
                }
            case .noise(let block, let seed):
                var rng = SplitMix64(seed: seed)
                for by in stride(from: 0, to: height, by: block) {
                    for bx in stride(from: 0, to: width, by: block) {
                        let v = UInt8(96 + rng.next() % 128)
                        for y in by..<min(by + block, height) { fill(bx..<min(bx + block, width), y, v, v, v) }
                    }
                }
            case .clutter(let seed):
                var rng = SplitMix64(seed: seed)
                for y in 0..<height { fill(0..<width, y, 120, 140, 110) }
                for _ in 0..<60 {
                    let w = 20 + Int(rng.next() % UInt64(width / 3)), h = 20 + Int(rng.next() % UInt64(height / 3))
                    let x0 = Int(rng.next() % UInt64(width)), y0 = Int(rng.next() % UInt64(height))
                    let r = UInt8(rng.next() % 256), g = UInt8(rng.next() % 256), b = UInt8(rng.next() % 256)
                    for y in y0..<min(y0 + h, height) { fill(x0..<min(x0 + w, width), y, r, g, b) }
                }
            }
        }
        return p
    }
}
