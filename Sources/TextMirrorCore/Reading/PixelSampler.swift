/// Reads RGB at any point of a frame of any supported format, bilinearly, with every
/// component at its own sample grid (chroma of 4:2:0 at half resolution). Points are in
/// continuous frame coordinates (pixel (i, j) covers [i, i+1) x [j, j+1)).
struct PixelSampler {
    private let frame: FrameBuffer
    private let model: FormatInfo.ColorModel
    private let components: [FormatInfo.Component]
    private let coding: SampleCoding
    private let yuv: YUVEncoding.Coefficients

    init(frame: FrameBuffer, format: PixelFormat) {
        self.frame = frame
        let info = format.info
        (model, components, coding) = (info.model, info.components, info.coding)
        yuv = frame.encoding.coefficients
    }

    /// What lies outside the frame: mid-gray, which the recognizer's normalization maps to 0,
    /// as PP-OCR pads.
    static let outside = SIMD3<Double>(repeating: 127.5)

    /// `outside` outside the frame.
    func rgb(x: Double, y: Double) -> SIMD3<Double> {
        guard x >= 0, y >= 0, x < Double(frame.width), y < Double(frame.height) else { return Self.outside }
        // Component by component, not through an array: this runs up to nine times for each
        // pixel of a crop, and an array per call made the crops cost 5-12 ms each.
        let first = sample(components[0], x: x, y: y)
        switch model {
        case .gray: return SIMD3(repeating: first)
        case .rgb: return SIMD3(first, sample(components[1], x: x, y: y), sample(components[2], x: x, y: y))
        case .yuv:
            // As the frame's encoding says, as RGBDownscaler does, in floating point.
            let k = yuv, c = k.lumaScale * (first - k.lumaOffset), d = sample(components[1], x: x, y: y) - 128
            let e = sample(components[2], x: x, y: y) - 128
            return SIMD3(c + k.rv * e, c - k.gu * d - k.gv * e, c + k.bu * d)
        }
    }

    private func sample(_ c: FormatInfo.Component, x: Double, y: Double) -> Double {
        let columns = (frame.width + c.xSubsampling - 1) / c.xSubsampling
        let rows = (frame.height + c.ySubsampling - 1) / c.ySubsampling
        // Sample centres sit at (i + 0.5) in their own grid.
        let gx = x / Double(c.xSubsampling) - 0.5, gy = y / Double(c.ySubsampling) - 0.5
        let x0 = Int(gx.rounded(.down)), y0 = Int(gy.rounded(.down))
        let fx = gx - Double(x0), fy = gy - Double(y0)
        func at(_ i: Int, _ j: Int) -> Double {
            let ci = min(max(i, 0), columns - 1), cj = min(max(j, 0), rows - 1)
            let row = frame.planes[c.plane] + cj * frame.strides[c.plane]
            return Double(coding.value8(row + c.offset + ci * c.step))
        }
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }
}
