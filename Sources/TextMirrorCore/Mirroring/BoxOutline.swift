/// Draws the outline of a (possibly rotated) box into a frame, in any supported format: the
/// `draw-boxes` debugging aid. Colours are given in RGB and converted, per box, to the bytes each
/// sample grid holds: YUV as the frame's `encoding` says, so that the outline has the same colour
/// in a full-range or BT.709 stream.
public struct BoxOutline: Sendable {
    public struct Color: Equatable, Sendable {
        public var red: UInt8, green: UInt8, blue: UInt8
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// A box the detector has just found.
        public static let fresh = Color(red: 0, green: 230, blue: 60)
        /// A box carried between detections by tracking.
        public static let tracked = Color(red: 255, green: 160, blue: 0)
    }

    public let layout: FrameLayout
    public let width: Int
    public let height: Int
    /// Line width in luma pixels.
    public var thickness = 2

    public init(layout: FrameLayout, width: Int, height: Int) {
        self.layout = layout
        self.width = width
        self.height = height
    }

    public func draw(_ box: PixelBox, color: Color, in frame: FrameBuffer) {
        guard box.centerX.isFinite, box.centerY.isFinite, box.angle.isFinite,
            box.width.isFinite, box.height.isFinite, box.width > 0, box.height > 0
        else { return }
        let corners = box.corners.map { ($0.x, $0.y) }
        for (grid, bytes) in zip(layout.grids, sampleBytes(color, encoding: frame.encoding)) {
            for i in 0..<4 {
                drawEdge(
                    from: corners[i], to: corners[(i + 1) % 4], towards: (box.centerX, box.centerY),
                    grid: grid, bytes: bytes, in: frame)
            }
        }
    }

    private func drawEdge(
        from a: (Double, Double), to b: (Double, Double), towards center: (Double, Double),
        grid: FrameLayout.SampleGrid, bytes: [UInt8], in frame: FrameBuffer
    ) {
        let length = ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot()
        guard length > 0 else { return }
        // Unit normal pointing into the box, so the line stays inside what was mirrored.
        var nx = -(b.1 - a.1) / length, ny = (b.0 - a.0) / length
        let mx = (a.0 + b.0) / 2, my = (a.1 + b.1) / 2
        if (center.0 - mx) * nx + (center.1 - my) * ny < 0 {
            nx = -nx
            ny = -ny
        }
        let columns = (width + grid.pixelsPerSample - 1) / grid.pixelsPerSample
        let rows = (height + grid.rowsPerSample - 1) / grid.rowsPerSample
        let steps = Int(length * 2) + 1
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            for k in 0..<thickness {
                let x = a.0 + (b.0 - a.0) * t + nx * (Double(k) + 0.5)
                let y = a.1 + (b.1 - a.1) * t + ny * (Double(k) + 0.5)
                guard x >= 0, y >= 0 else { continue }
                let gx = Int(x) / grid.pixelsPerSample, gy = Int(y) / grid.rowsPerSample
                guard gx < columns, gy < rows else { continue }
                let sample = frame.row(plane: grid.plane, gy) + grid.offset + gx * grid.sampleStride
                for (offset, value) in zip(grid.sampleBytes, bytes) {
                    sample.storeBytes(of: value, toByteOffset: offset, as: UInt8.self)
                }
            }
        }
    }

    /// The bytes of one sample of each grid, in `layout.grids` order: each byte from the
    /// component that holds it (R, G, B or Y, U, V, scaled to the format's depth), and 255 for
    /// alpha and padding bytes.
    private func sampleBytes(_ color: Color, encoding: YUVEncoding) -> [[UInt8]] {
        let info = layout.info, coding = info.coding
        let (y, u, v) = encoding.yuv(red: color.red, green: color.green, blue: color.blue)
        let values =
            switch info.model {
            case .rgb: [color.red, color.green, color.blue]
            case .yuv: [y, u, v]
            case .gray: [y]
            }
        return layout.grids.map { grid in
            grid.sampleBytes.map { byte in
                let position = grid.offset + byte
                for (c, component) in info.components.enumerated()
                where component.plane == grid.plane && component.step == grid.sampleStride
                    && component.xSubsampling == grid.pixelsPerSample
                    && (component.offset..<(component.offset + coding.bytes)).contains(position)
                {
                    return coding.bytes(of: values[c])[position - component.offset]
                }
                return 255
            }
        }
    }
}
