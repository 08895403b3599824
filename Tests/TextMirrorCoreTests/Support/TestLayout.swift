import TextMirrorCore

/// The memory layout of each pixel format, written out by hand from the GStreamer format
/// definitions and kept independent of `FrameLayout`, so that a mistake there cannot hide
/// itself by also being in the reference the tests compare against.
struct TestLayout {
    /// One kind of sample in a plane, addressed as a 2-D grid of samples.
    struct Grid {
        var plane: Int
        /// Byte offset of the first sample in a row, and bytes from one sample to the next.
        var offset: Int
        var step: Int
        /// The bytes (relative to the sample start) that belong to one sample and move together.
        var bytes: [Int]
        /// Luma pixels per sample horizontally and vertically.
        var xSub: Int
        var ySub: Int

        func columns(width: Int) -> Int { (width + xSub - 1) / xSub }
        func rows(height: Int) -> Int { (height + ySub - 1) / ySub }
    }

    let format: PixelFormat
    let grids: [Grid]
    /// Formats of more than 8 bits a sample: each channel a 16-bit word of `depth` significant
    /// bits, read from the name (I420_10LE: 10 bits, little-endian; GRAY16_BE: 16, big-endian).
    let word: (depth: Int, bigEndian: Bool)?

    init(_ format: PixelFormat) {
        self.format = format
        func packed(_ bytes: Int) -> [Grid] {
            [Grid(plane: 0, offset: 0, step: bytes, bytes: Array(0..<bytes), xSub: 1, ySub: 1)]
        }
        /// A plane of one sample kind, `bytes` bytes a sample (2 for 10 to 16 bits).
        func plane(_ index: Int, _ xSub: Int, _ ySub: Int, bytes: Int = 1) -> Grid {
            Grid(plane: index, offset: 0, step: bytes, bytes: Array(0..<bytes), xSub: xSub, ySub: ySub)
        }
        func planar(_ xSub: Int, _ ySub: Int, bytes: Int) -> [Grid] {
            [plane(0, 1, 1, bytes: bytes), plane(1, xSub, ySub, bytes: bytes), plane(2, xSub, ySub, bytes: bytes)]
        }
        switch format {
        case .rgba, .bgra, .argb, .abgr, .rgbx, .bgrx, .xrgb, .xbgr, .ayuv: grids = packed(4)
        case .rgb, .bgr: grids = packed(3)
        case .gray8: grids = packed(1)
        case .gray16le, .gray16be: grids = packed(2)
        case .y444: grids = planar(1, 1, bytes: 1)
        case .i420, .yv12: grids = planar(2, 2, bytes: 1)
        case .i420_10le, .i420_10be, .i420_12le, .i420_12be: grids = planar(2, 2, bytes: 2)
        case .i422_10le, .i422_10be, .i422_12le, .i422_12be: grids = planar(2, 1, bytes: 2)
        case .y444_10le, .y444_10be, .y444_12le, .y444_12be: grids = planar(1, 1, bytes: 2)
        case .nv12, .nv21:
            // Y plane, then interleaved chroma pairs that move as one sample.
            grids = [
                plane(0, 1, 1),
                Grid(plane: 1, offset: 0, step: 2, bytes: [0, 1], xSub: 2, ySub: 2)
            ]
        case .yuy2, .yvyu:
            // Y0 C Y1 C': luma every 2 bytes from 0; both chroma bytes of a macropixel together.
            grids = [
                Grid(plane: 0, offset: 0, step: 2, bytes: [0], xSub: 1, ySub: 1),
                Grid(plane: 0, offset: 1, step: 4, bytes: [0, 2], xSub: 2, ySub: 1)
            ]
        case .uyvy:
            // C Y0 C' Y1.
            grids = [
                Grid(plane: 0, offset: 1, step: 2, bytes: [0], xSub: 1, ySub: 1),
                Grid(plane: 0, offset: 0, step: 4, bytes: [0, 2], xSub: 2, ySub: 1)
            ]
        }
        let name = format.rawValue
        if name.hasSuffix("LE") || name.hasSuffix("BE") {
            word = (name.hasPrefix("GRAY16") ? 16 : name.contains("_10") ? 10 : 12, name.hasSuffix("BE"))
        } else {
            word = nil
        }
    }

    var planeCount: Int { (grids.map(\.plane).max() ?? 0) + 1 }

    /// Regions snap to multiples of these (luma pixels): the coarsest chroma subsampling.
    var hGrid: Int { grids.map(\.xSub).max() ?? 1 }
    var vGrid: Int { grids.map(\.ySub).max() ?? 1 }

    /// The bytes a row of `plane` really uses (for 4:2:2 a whole last macropixel).
    func rowBytes(plane: Int, width: Int) -> Int {
        grids.filter { $0.plane == plane }
            .map { grid -> Int in
                let columns = grid.columns(width: width)
                // Whole steps: a UYVY row of odd width still ends with a complete macropixel.
                return max(
                    grid.offset + (columns - 1) * grid.step + (grid.bytes.max() ?? 0) + 1,
                    columns * grid.step)
            }
            .max() ?? 0
    }

    /// In a 4:2:2 row of odd width, the last macropixel has room for one more luma sample than
    /// there are pixels: that byte is no pixel, GStreamer's videoflip never writes it, and a
    /// vertical flip may move it with its row. Comparisons ignore it.
    func isPhantomByte(plane: Int, byteInRow: Int, width: Int) -> Bool {
        guard width % 2 == 1, let luma = grids.first, luma.plane == plane, luma.step == 2,
            grids.count == 2, grids[1].plane == plane
        else { return false }
        return byteInRow == luma.offset + width * luma.step
    }

    func rows(plane: Int, height: Int) -> Int {
        grids.filter { $0.plane == plane }.map { $0.rows(height: height) }.max() ?? 0
    }
}
