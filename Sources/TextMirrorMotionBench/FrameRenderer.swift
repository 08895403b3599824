import TextMirrorCore

/// One video frame in memory: planes packed one after another, rows without padding.
struct VideoFrame {
    var bytes: [UInt8]
    let format: PixelFormat
    let width: Int
    let height: Int
    let offsets: [Int]
    let strides: [Int]

    init(format: PixelFormat, width: Int, height: Int) {
        let cw = (width + 1) / 2, ch = (height + 1) / 2
        switch format {
        case .i420:
            offsets = [0, width * height, width * height + cw * ch]
            strides = [width, cw, cw]
        case .nv12:
            offsets = [0, width * height]
            strides = [width, 2 * cw]
        case .y444:
            offsets = [0, width * height, 2 * width * height]
            strides = [width, width, width]
        default:
            preconditionFailure("the motion benchmark renders I420, NV12 or Y444, not \(format)")
        }
        self.format = format
        self.width = width
        self.height = height
        let chroma = format == .y444 ? 2 * width * height : 2 * cw * ch
        bytes = [UInt8](repeating: 0, count: width * height + chroma)
    }

    /// The Y plane, `width` x `height`, packed.
    var luma: ArraySlice<UInt8> { bytes[0..<(width * height)] }

    /// The frame as the engine sees it; valid only inside `body`.
    mutating func withFrameBuffer<R>(_ body: (FrameBuffer) throws -> R) rethrows -> R {
        let offsets = self.offsets, strides = self.strides, w = width, h = height
        return try bytes.withUnsafeMutableBytes { raw in
            try body(FrameBuffer(width: w, height: h, planes: offsets.map { raw.baseAddress! + $0 }, strides: strides))
        }
    }
}

/// Samples frames out of a canvas as a camera would see them: bilinear in luma (sub-pixel
/// camera positions give the soft edges a real camera gives), one sample per chroma site.
struct FrameRenderer {
    let canvas: SceneCanvas

    func render(_ view: Motion, format: PixelFormat, width: Int, height: Int) -> VideoFrame {
        precondition(view.b == 0, "the camera does not roll")
        var frame = VideoFrame(format: format, width: width, height: height)
        let a = view.a
        frame.bytes.withUnsafeMutableBufferPointer { out in
            // Luma: frame pixel centre (x + 0.5, y + 0.5) -> canvas.
            sample(canvas.y, into: out, offset: 0, stride: width, step: 1, columns: width, rows: height) { x, y in
                (a * (Double(x) + 0.5) + view.tx, a * (Double(y) + 0.5) + view.ty)
            }
            let cw = (width + 1) / 2, ch = (height + 1) / 2
            switch format {
            case .y444:
                for (plane, source) in [(1, canvas.u), (2, canvas.v)] {
                    sample(
                        source, into: out, offset: frame.offsets[plane], stride: width, step: 1,
                        columns: width, rows: height
                    ) { x, y in
                        (a * (Double(x) + 0.5) + view.tx, a * (Double(y) + 0.5) + view.ty)
                    }
                }
            default:
                // 4:2:0 chroma sites at the centre of each 2x2 block.
                let site: (Int, Int) -> (Double, Double) = { x, y in
                    (a * (2 * Double(x) + 1) + view.tx, a * (2 * Double(y) + 1) + view.ty)
                }
                if format == .nv12 {
                    sample(
                        canvas.u, into: out, offset: frame.offsets[1], stride: 2 * cw, step: 2, columns: cw, rows: ch,
                        at: site)
                    sample(
                        canvas.v, into: out, offset: frame.offsets[1] + 1, stride: 2 * cw, step: 2, columns: cw,
                        rows: ch, at: site)
                } else {
                    sample(
                        canvas.u, into: out, offset: frame.offsets[1], stride: cw, step: 1, columns: cw, rows: ch,
                        at: site)
                    sample(
                        canvas.v, into: out, offset: frame.offsets[2], stride: cw, step: 1, columns: cw, rows: ch,
                        at: site)
                }
            }
        }
        return frame
    }

    /// The canvas luma at canvas point (x, y), bilinear between pixel centres.
    @inline(__always)
    func luma(_ x: Double, _ y: Double) -> Double {
        bilinear(canvas.y, x, y)
    }

    @inline(__always)
    private func bilinear(_ plane: [UInt8], _ x: Double, _ y: Double) -> Double {
        let w = canvas.width, h = canvas.height
        let sx = min(max(x - 0.5, 0), Double(w - 2)), sy = min(max(y - 0.5, 0), Double(h - 2))
        let x0 = Int(sx), y0 = Int(sy), fx = sx - Double(x0), fy = sy - Double(y0)
        let i = y0 * w + x0
        let top = Double(plane[i]) * (1 - fx) + Double(plane[i + 1]) * fx
        let bottom = Double(plane[i + w]) * (1 - fx) + Double(plane[i + w + 1]) * fx
        return top * (1 - fy) + bottom * fy
    }

    /// Fills a grid of samples; the mapping is separable (no rotation), so the canvas column
    /// and row of each output column and row are worked out once.
    private func sample(
        _ plane: [UInt8], into out: UnsafeMutableBufferPointer<UInt8>, offset: Int, stride: Int,
        step: Int, columns: Int, rows: Int, at position: (Int, Int) -> (Double, Double)
    ) {
        let w = canvas.width, h = canvas.height
        let xs = (0..<columns).map { x -> (Int, Double) in
            let sx = min(max(position(x, 0).0 - 0.5, 0), Double(w - 2))
            return (Int(sx), sx - Double(Int(sx)))
        }
        plane.withUnsafeBufferPointer { p in
            for y in 0..<rows {
                let sy = min(max(position(0, y).1 - 0.5, 0), Double(h - 2))
                let y0 = Int(sy), fy = sy - Double(y0)
                let row = offset + y * stride
                for (x, (x0, fx)) in xs.enumerated() {
                    let i = y0 * w + x0
                    let top = Double(p[i]) * (1 - fx) + Double(p[i + 1]) * fx
                    let bottom = Double(p[i + w]) * (1 - fx) + Double(p[i + w + 1]) * fx
                    out[row + x * step] = UInt8(min(max((top * (1 - fy) + bottom * fy).rounded(), 0), 255))
                }
            }
        }
    }
}
