import TextMirrorCore
/// The world the camera looks at: a large picture with a busy background (so the optical flow
/// has something to follow everywhere, as in real scenes) and lines of text on plain signs,
/// each line's ink box known exactly. Stored as full-resolution Y, U, V planes (BT.601
/// limited range), which frames are sampled from.
///
/// Text sits on plain signs with a margin wider than the detector's boxes reach past the ink,
/// as printed text usually does: mirroring a correct box then changes only text pixels, and
/// "non-text pixels changed" measures boxes that are off or detections that are false.
struct SceneCanvas {
    struct Line {
        var text: String
        /// The font it was drawn with; for a photograph, the picture's name.
        var font: String
        /// The line's true box in canvas pixels (continuous coordinates, a pixel spans
        /// [i, i+1)): the bounding box of the pixels at least half covered by ink. For a line
        /// of a photograph, the rectangle of its hand-drawn quadrilateral before it is turned
        /// by `angle` about its centre.
        var x0: Double, y0: Double, x1: Double, y1: Double
        /// Degrees, clockwise on screen, as `PixelBox.angle`; 0 for drawn lines.
        var angle = 0.0
        /// False for text a person could not read (`###` in a photograph's ground truth): not
        /// scored, but text all the same (never a non-text pixel, never a phantom box).
        var legible = true
        var centerX: Double { (x0 + x1) / 2 }
        var centerY: Double { (y0 + y1) / 2 }
        /// The true box as a `PixelBox` (canvas pixels); set, the line takes a box's place.
        var box: PixelBox {
            get { PixelBox(centerX: centerX, centerY: centerY, width: x1 - x0, height: y1 - y0, angle: angle) }
            set {
                (x0, x1) = (newValue.centerX - newValue.width / 2, newValue.centerX + newValue.width / 2)
                (y0, y1) = (newValue.centerY - newValue.height / 2, newValue.centerY + newValue.height / 2)
                angle = newValue.angle
            }
        }
    }

    let width: Int
    let height: Int
    var y: [UInt8]
    var u: [UInt8]
    var v: [UInt8]
    var lines: [Line] = []

    static let texts = [
        "OPEN 24 HOURS", "Platform 3", "Fresh bread daily", "Exit", "No parking", "Main Street",
        "Coffee and Tea", "SALE 50% off", "Pharmacy", "Tickets", "Gate B12", "Welcome",
        "City Library", "Bus stop 42", "Keep left", "Museum of Art", "Hotel Central", "Taxi",
        "Information", "Lost property", "Departures", "Way out", "Bicycle hire", "Books and Maps"
    ]
    static let fonts = ["DejaVu Sans", "DejaVu Serif Bold", "DejaVu Sans Mono", "DejaVu Sans Bold", "DejaVu Serif"]
    static let sizes = [18.0, 22, 26, 30, 36]

    /// A canvas `width` x `height` for frames `frameHeight` high (fonts scale with it).
    init(width: Int, height: Int, frameHeight: Int, seed: UInt64 = 11) throws(ToolError) {
        self.width = width
        self.height = height
        var rng = SplitMix64(seed: seed)
        var r = [UInt8](repeating: 0, count: width * height)
        var g = r, b = r
        Self.drawBackground(&r, &g, &b, width: width, height: height, rng: &rng)

        let scale = Double(frameHeight) / 720
        var lines: [Line] = []
        var rowTop = Int(24 * scale)
        var index = 0
        rows: while true {
            var x = Int(rng.uniform(20, 120) * scale)
            var rowBottom = rowTop
            while true {
                let text = Self.texts[index % Self.texts.count]
                let font =
                    "\(Self.fonts[index % Self.fonts.count]) \(Int((Self.sizes[(index / 2) % Self.sizes.count] * scale).rounded()))"
                index += 1
                let rendered = try TextRenderer.render(text, font: font)
                let inkW = rendered.inkX1 - rendered.inkX0, inkH = rendered.inkY1 - rendered.inkY0
                // Sign margins wider than the detector's boxes reach past the ink.
                let padX = max(Int(Double(inkH) * 0.9), 10), padY = max(Int(Double(inkH) * 0.7), 8)
                if rowTop + inkH + 2 * padY >= height - 10 { break rows }
                if x + inkW + 2 * padX >= width - 10 { break }
                let signColor = Self.signColors[index % Self.signColors.count]
                let inkColor = Self.inkColors[index % Self.inkColors.count]
                for yy in rowTop..<(rowTop + inkH + 2 * padY) {
                    for xx in x..<(x + inkW + 2 * padX) {
                        let i = yy * width + xx
                        r[i] = signColor.0
                        g[i] = signColor.1
                        b[i] = signColor.2
                    }
                }
                let inkLeft = x + padX, inkTop = rowTop + padY
                for yy in 0..<inkH {
                    for xx in 0..<inkW {
                        let c = Int(rendered.coverage[(rendered.inkY0 + yy) * rendered.width + rendered.inkX0 + xx])
                        guard c > 0 else { continue }
                        let i = (inkTop + yy) * width + inkLeft + xx
                        func mix(_ sign: UInt8, _ ink: UInt8) -> UInt8 {
                            UInt8((Int(sign) * (255 - c) + Int(ink) * c + 127) / 255)
                        }
                        r[i] = mix(r[i], inkColor.0)
                        g[i] = mix(g[i], inkColor.1)
                        b[i] = mix(b[i], inkColor.2)
                    }
                }
                // The true box: the pixels at least half covered (see RenderedLine).
                lines.append(
                    Line(
                        text: text, font: font,
                        x0: Double(inkLeft + rendered.visibleX0 - rendered.inkX0),
                        y0: Double(inkTop + rendered.visibleY0 - rendered.inkY0),
                        x1: Double(inkLeft + rendered.visibleX1 - rendered.inkX0),
                        y1: Double(inkTop + rendered.visibleY1 - rendered.inkY0)))
                rowBottom = max(rowBottom, rowTop + inkH + 2 * padY)
                x += inkW + 2 * padX + Int(rng.uniform(50, 220) * scale)
            }
            rowTop = rowBottom + Int(rng.uniform(30, 70) * scale)
        }
        self.lines = lines
        (y, u, v) = Self.yuv(r, g, b)
    }

    static let signColors: [(UInt8, UInt8, UInt8)] = [
        (250, 250, 245), (20, 60, 140), (240, 220, 60), (30, 30, 30), (200, 40, 40), (230, 230, 230), (20, 110, 60)
    ]
    static let inkColors: [(UInt8, UInt8, UInt8)] = [
        (10, 10, 10), (255, 255, 255), (20, 20, 20), (250, 250, 250), (255, 255, 240), (40, 40, 120), (255, 255, 255)
    ]

    /// Overlapping coloured rectangles over fine block noise: edges and corners everywhere.
    private static func drawBackground(
        _ r: inout [UInt8], _ g: inout [UInt8], _ b: inout [UInt8],
        width: Int, height: Int, rng: inout SplitMix64
    ) {
        for yy in 0..<height {
            for xx in 0..<width {
                let i = yy * width + xx
                r[i] = 110
                g[i] = 125
                b[i] = 100
            }
        }
        for _ in 0..<(width * height / 9000) {
            let w = Int(rng.uniform(12, 260)), h = Int(rng.uniform(12, 200))
            let x0 = Int(rng.uniform(0, Double(width))), y0 = Int(rng.uniform(0, Double(height)))
            let c = (UInt8(rng.uniform(20, 235)), UInt8(rng.uniform(20, 235)), UInt8(rng.uniform(20, 235)))
            for yy in y0..<min(y0 + h, height) {
                for xx in x0..<min(x0 + w, width) {
                    let i = yy * width + xx
                    r[i] = c.0
                    g[i] = c.1
                    b[i] = c.2
                }
            }
        }
        // 3-pixel blocks of +-14 levels: texture the flow can lock on to.
        let columns = (width + 2) / 3
        var noise = [Int](repeating: 0, count: columns * ((height + 2) / 3))
        for k in noise.indices { noise[k] = Int(rng.uniform(-14, 14)) }
        for yy in 0..<height {
            for xx in 0..<width {
                let n = noise[(yy / 3) * columns + xx / 3], i = yy * width + xx
                func add(_ v: UInt8) -> UInt8 { UInt8(min(max(Int(v) + n, 0), 255)) }
                r[i] = add(r[i])
                g[i] = add(g[i])
                b[i] = add(b[i])
            }
        }
    }

    /// BT.601 limited range, 8-bit integer form.
    static func yuv(_ r: [UInt8], _ g: [UInt8], _ b: [UInt8]) -> ([UInt8], [UInt8], [UInt8]) {
        var y = [UInt8](repeating: 0, count: r.count), u = y, v = y
        for i in r.indices {
            let R = Int(r[i]), G = Int(g[i]), B = Int(b[i])
            y[i] = UInt8(((66 * R + 129 * G + 25 * B + 128) >> 8) + 16)
            u[i] = UInt8(((-38 * R - 74 * G + 112 * B + 128) >> 8) + 128)
            v[i] = UInt8(((112 * R - 94 * G - 18 * B + 128) >> 8) + 128)
        }
        return (y, u, v)
    }
}

extension SplitMix64 {
    /// Uniform in low..<high (53 bits), for drawing the scene the same way every run.
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}
