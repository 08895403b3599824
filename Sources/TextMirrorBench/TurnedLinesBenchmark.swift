import TextMirrorCore

/// What the streaming thread pays to mirror detected lines: `FrameMirror` called as the element
/// calls it for detected boxes (nearest axis per plane), on eight lines of a page lit from one
/// side, level and turned a little, plainly and seamlessly.
///
/// The live section's lines are level, and a level box takes the row kernels. A camera held by
/// a person sees every line a degree or two off level, and a turned box is mirrored sample by
/// sample (`GridMirror`): this table is what that costs, next to the level case.
struct TurnedLinesBenchmark {
    /// The tilt of the turned rows: what a hand-held camera gives a printed line.
    static let tilt = 2.0
    static let formats: [PixelFormat] = [.i420, .nv12]

    /// The eight lines of the live section's scene at 1080 lines (centre x, centre y, width,
    /// height, in pixels), scaled with the frame's height.
    private static let lines: [(x: Double, y: Double, width: Double, height: Double)] = [
        (560, 100, 900, 60), (500, 215, 760, 40), (1600, 940, 420, 52), (380, 900, 560, 34),
        (640, 345, 1030, 26), (660, 390, 1080, 26), (1530, 510, 560, 30), (1560, 570, 480, 22)
    ]

    struct Row {
        let format: PixelFormat
        let turned: Bool
        let seamless: Bool
        var times: [UInt64] = []
    }

    let width: Int
    let height: Int
    let frames: Int

    /// Times every row `frames` times, rows interleaved round-robin, the frame restored from an
    /// untouched copy before each call.
    func run() throws(ToolError) -> [Row] {
        var rows: [Row] = []
        for format in Self.formats {
            for turned in [false, true] {
                for seamless in [false, true] { rows.append(Row(format: format, turned: turned, seamless: seamless)) }
            }
        }
        var pages: [PixelFormat: Page] = [:]
        for format in Self.formats { pages[format] = try Page(format: format, width: width, height: height) }
        let scale = Double(height) / 1080
        for _ in 0..<frames {
            for r in rows.indices {
                let row = rows[r]
                let page = pages[row.format]!
                let boxes = Self.lines.map {
                    PixelBox(
                        centerX: $0.x * scale, centerY: $0.y * scale, width: $0.width * scale,
                        height: $0.height * scale, angle: row.turned ? Self.tilt : 0)
                }
                page.restore()
                let start = MonotonicClock.nanoseconds()
                page.mirror.mirror(
                    boxes, flip: .horizontal, axes: .nearestPerPlane, seamless: row.seamless, in: page.frame)
                rows[r].times.append(MonotonicClock.nanoseconds() - start)
            }
        }
        return rows
    }

    /// A frame of `format` holding a page lit from the right (luma 150 on the left to 242 on
    /// the right, so every line's ring asks for a correction) with dark strokes along each
    /// line, and its untouched copy.
    final class Page {
        let mirror: FrameMirror
        let frame: FrameBuffer
        private let memory: [UnsafeMutableRawPointer]
        private let pristine: [UnsafeMutableRawPointer]
        private let sizes: [Int]

        init(format: PixelFormat, width: Int, height: Int) throws(ToolError) {
            do { mirror = try FrameMirror(format: format, width: width, height: height) } catch {
                throw ToolError("cannot mirror \(format.rawValue) at \(width)x\(height): \(error)")
            }
            let layout = mirror.layout
            let planeCount = (layout.planes.map(\.index).max() ?? 0) + 1
            var strides = [Int](repeating: 0, count: planeCount), rows = strides
            for plane in layout.planes {
                strides[plane.index] = plane.rowBytes(frameWidth: width)
                rows[plane.index] = plane.rows(frameHeight: height)
            }
            sizes = zip(strides, rows).map(*)
            memory = sizes.map { UnsafeMutableRawPointer.allocate(byteCount: $0, alignment: 64) }
            pristine = sizes.map { UnsafeMutableRawPointer.allocate(byteCount: $0, alignment: 64) }
            frame = FrameBuffer(width: width, height: height, planes: memory, strides: strides)
            for grid in layout.grids {
                let luma = grid.pixelsPerSample == 1 && grid.rowsPerSample == 1, channels = grid.channels
                for gy in 0..<(height + grid.rowsPerSample - 1) / grid.rowsPerSample {
                    let row = memory[grid.plane] + gy * strides[grid.plane] + grid.offset
                    for gx in 0..<(width + grid.pixelsPerSample - 1) / grid.pixelsPerSample {
                        let value = luma ? Self.luma(x: gx, y: gy, width: width, height: height) : 128
                        for channel in channels {
                            grid.coding.store(value << grid.coding.shift, row + gx * grid.sampleStride + channel)
                        }
                    }
                }
            }
            for (p, size) in sizes.enumerated() { pristine[p].copyMemory(from: memory[p], byteCount: size) }
        }

        deinit {
            for pointer in memory + pristine { pointer.deallocate() }
        }

        func restore() {
            for (p, size) in sizes.enumerated() { memory[p].copyMemory(from: pristine[p], byteCount: size) }
        }

        /// The page's light at (x, y), darkened by a stroke where a line's letters would be:
        /// a vertical bar every 0.45 line heights, 0.12 of them wide, over the line's middle
        /// rows.
        private static func luma(x: Int, y: Int, width: Int, height: Int) -> Int {
            let light = 150 + 92 * x / max(width - 1, 1)
            let scale = Double(height) / 1080
            for line in TurnedLinesBenchmark.lines {
                let cx = line.x * scale, cy = line.y * scale, h = line.height * scale
                let dx = Double(x) - (cx - line.width * scale / 2), dy = Double(y) - cy
                guard dx >= 0, dx < line.width * scale, abs(dy) < h * 0.35 else { continue }
                let phase = dx.truncatingRemainder(dividingBy: h * 0.45)
                return phase < h * 0.12 ? light / 5 : light
            }
            return light
        }
    }

    /// One row per format: level and turned, plain and seamless, "median / p90" ms, and what
    /// turning costs against the level lines.
    static func markdown(_ rows: [Row]) -> String {
        var lines = [
            "| Format | level, plain | level, seamless | turned \(fixed(tilt, 0))°, plain | turned \(fixed(tilt, 0))°, seamless "
                + "| turned / level, seamless |",
            "|---|---:|---:|---:|---:|---:|"
        ]
        for format in formats {
            let times = rows.filter { $0.format == format }
            func summary(turned: Bool, seamless: Bool) -> TimeSummary? {
                times.first { $0.turned == turned && $0.seamless == seamless }.flatMap {
                    TimeSummary(nanoseconds: $0.times)
                }
            }
            var cells = [format.rawValue]
            for turned in [false, true] {
                for seamless in [false, true] {
                    cells.append(
                        summary(turned: turned, seamless: seamless).map {
                            "\(fixed($0.medianMs, 2)) / \(fixed($0.p90Ms, 2))"
                        } ?? "-")
                }
            }
            if let level = summary(turned: false, seamless: true), let turned = summary(turned: true, seamless: true),
                level.medianMs > 0
            {
                cells.append(fixed(turned.medianMs / level.medianMs, 1))
            } else {
                cells.append("-")
            }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
