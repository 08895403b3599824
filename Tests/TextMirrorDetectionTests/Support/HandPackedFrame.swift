import TextMirrorCore

/// A frame packed pixel by pixel from the format's definition (GStreamer's format names and
/// plane order), independently of RGBDownscaler's own tables, with padded strides, so the
/// downscaler can be checked pixel for pixel.
struct HandPackedFrame {
    let format: PixelFormat
    let width: Int
    let height: Int
    /// All planes in one allocation, plane `i` starting at `offsets[i]`.
    var bytes: [UInt8]
    let offsets: [Int]
    let strides: [Int]

    /// What a pixel holds: R, G, B for RGB formats; Y, U, V for YUV (U and V of the chroma
    /// sample the pixel shares); Y for gray formats. Samples of more than 8 bits hold the value
    /// in their top 8 bits.
    typealias Components = (UInt8, UInt8, UInt8)

    init(
        _ format: PixelFormat, width: Int, height: Int, padding: Int,
        value: (_ x: Int, _ y: Int) -> Components
    ) {
        self.format = format
        self.width = width
        self.height = height
        let cw = (width + 1) / 2, ch = (height + 1) / 2
        let rows: [(bytes: Int, count: Int)]
        switch format {
        case .rgba, .bgra, .argb, .abgr, .rgbx, .bgrx, .xrgb, .xbgr, .ayuv: rows = [(4 * width, height)]
        case .rgb, .bgr: rows = [(3 * width, height)]
        case .gray8: rows = [(width, height)]
        case .yuy2, .uyvy, .yvyu: rows = [(4 * cw, height)]
        case .y444: rows = Array(repeating: (width, height), count: 3)
        case .i420, .yv12: rows = [(width, height), (cw, ch), (cw, ch)]
        case .nv12, .nv21: rows = [(width, height), (2 * cw, ch)]
        default:
            // Two bytes a sample.
            let wide = Self.wide(format)!
            let (sw, sh) = ((width + wide.xSub - 1) / wide.xSub, (height + wide.ySub - 1) / wide.ySub)
            rows = wide.gray ? [(2 * width, height)] : [(2 * width, height), (2 * sw, sh), (2 * sw, sh)]
        }
        strides = rows.map { $0.bytes + padding }
        let sizes = zip(rows, strides).map { $0.count * $1 }
        offsets = sizes.indices.map { sizes[..<$0].reduce(0, +) }
        var planes = sizes.map { [UInt8](repeating: 0xA5, count: $0) }

        let name = Array(format.rawValue)
        for y in 0..<height {
            for x in 0..<width {
                let (a, b, c) = value(x, y)
                switch format {
                case .rgba, .bgra, .argb, .abgr, .rgbx, .bgrx, .xrgb, .xbgr, .rgb, .bgr:
                    // The name spells the byte order: "xBGR" has B at byte 1.
                    let base = y * strides[0] + x * name.count
                    planes[0][base + name.firstIndex(of: "R")!] = a
                    planes[0][base + name.firstIndex(of: "G")!] = b
                    planes[0][base + name.firstIndex(of: "B")!] = c
                case .ayuv:
                    let base = y * strides[0] + 4 * x
                    planes[0][base] = 0xFF
                    planes[0][base + 1] = a
                    planes[0][base + 2] = b
                    planes[0][base + 3] = c
                case .gray8:
                    planes[0][y * strides[0] + x] = a
                case .yuy2, .uyvy, .yvyu:
                    // Byte order of one macropixel (two pixels): YUY2 is Y0 U Y1 V.
                    let order = Array(format == .yuy2 ? "YUYV" : format.rawValue)
                    let yIndices = order.indices.filter { order[$0] == "Y" }
                    let base = y * strides[0] + 4 * (x / 2)
                    planes[0][base + yIndices[x % 2]] = a
                    planes[0][base + order.firstIndex(of: "U")!] = b
                    planes[0][base + order.firstIndex(of: "V")!] = c
                case .y444:
                    for (plane, v) in [a, b, c].enumerated() { planes[plane][y * strides[plane] + x] = v }
                case .i420, .yv12:
                    planes[0][y * strides[0] + x] = a
                    // GStreamer's YV12 stores V in plane 1 and U in plane 2.
                    let (uPlane, vPlane) = format == .yv12 ? (2, 1) : (1, 2)
                    planes[uPlane][(y / 2) * strides[uPlane] + x / 2] = b
                    planes[vPlane][(y / 2) * strides[vPlane] + x / 2] = c
                case .nv12, .nv21:
                    planes[0][y * strides[0] + x] = a
                    let base = (y / 2) * strides[1] + 2 * (x / 2)
                    planes[1][base + (format == .nv12 ? 0 : 1)] = b
                    planes[1][base + (format == .nv12 ? 1 : 0)] = c
                default:
                    // The 8-bit value in the top bits of a sample of `depth` bits, in its byte order.
                    let wide = Self.wide(format)!
                    let samples =
                        wide.gray
                        ? [(0, x, y, a)]
                        : [(0, x, y, a), (1, x / wide.xSub, y / wide.ySub, b), (2, x / wide.xSub, y / wide.ySub, c)]
                    for (plane, sx, sy, v) in samples {
                        let word = Int(v) << (wide.depth - 8), at = sy * strides[plane] + 2 * sx
                        planes[plane][at + (wide.bigEndian ? 1 : 0)] = UInt8(word & 0xFF)
                        planes[plane][at + (wide.bigEndian ? 0 : 1)] = UInt8(word >> 8)
                    }
                }
            }
        }
        bytes = planes.flatMap { $0 }
    }

    /// Runs `body` with the frame as the core sees it.
    mutating func withFrameBuffer<R>(_ body: (FrameBuffer) -> R) -> R {
        let offsets = self.offsets, strides = self.strides, width = self.width, height = self.height
        return bytes.withUnsafeMutableBytes { raw in
            body(
                FrameBuffer(
                    width: width, height: height, planes: offsets.map { raw.baseAddress! + $0 },
                    strides: strides))
        }
    }

    /// How many pixels (columns, rows) share one chroma sample.
    static func chromaBlock(_ format: PixelFormat) -> (Int, Int) {
        switch format {
        case .yuy2, .uyvy, .yvyu: return (2, 1)
        case .i420, .yv12, .nv12, .nv21: return (2, 2)
        default: return wide(format).map { ($0.xSub, $0.ySub) } ?? (1, 1)
        }
    }

    /// The formats of more than 8 bits a sample, read from their names (GStreamer's: I420_10LE
    /// is 4:2:0 in 10 bits, little-endian; GRAY16_BE is 16-bit gray, big-endian).
    static func wide(_ format: PixelFormat) -> (xSub: Int, ySub: Int, gray: Bool, depth: Int, bigEndian: Bool)? {
        let name = format.rawValue
        guard name.hasSuffix("LE") || name.hasSuffix("BE") else { return nil }
        let bigEndian = name.hasSuffix("BE")
        if name.hasPrefix("GRAY16") { return (1, 1, true, 16, bigEndian) }
        let depth = name.contains("_10") ? 10 : 12
        let (xSub, ySub) = name.hasPrefix("I420") ? (2, 2) : name.hasPrefix("I422") ? (2, 1) : (1, 1)
        return (xSub, ySub, false, depth, bigEndian)
    }
}
