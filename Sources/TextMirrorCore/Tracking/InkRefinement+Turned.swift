import Foundation

/// Refining a turned (rotated) box: its neighbourhood is resampled upright, in the box's own
/// axes, and measured there exactly like an axis-aligned box.
///
/// Why: on textmirror-eval's pages about four lines in ten are tilted by a few degrees, and
/// their detected boxes are as loose as level ones; fitting only level boxes left most of the
/// non-text pixels the mirror moves on those pages.
extension InkRefinement {
    /// Largest upright picture made for one box (pixels); bigger boxes are left as they are.
    static let maxTurnedSamples = 1 << 20

    /// `box` (turned) refined as `refine` does for a level box, or nil when the ink cannot be
    /// told or the box's neighbourhood leaves the frame.
    func refineTurned(_ box: PixelBox, in frame: FrameBuffer, format: PixelFormat,
                      horizontally: Bool, vertically: Bool, tilting: Bool) -> PixelBox? {
        // The same window refine() reads around a level box: half a line height beyond each
        // end, a quarter above and below.
        let w = Int((box.width + box.height).rounded(.up)), h = Int((1.5 * box.height).rounded(.up))
        guard w >= 6, h >= 6, w * h <= Self.maxTurnedSamples else { return nil }
        let radians = box.angle * .pi / 180
        let u = SIMD2(cos(radians), sin(radians))       // along the line
        let v = SIMD2(-sin(radians), cos(radians))      // across it
        let centre = SIMD2(box.centerX, box.centerY)
        let half = SIMD2(Double(w), Double(h)) / 2
        // All four corners of the window inside the frame, so every sample is real.
        for corner in [SIMD2(-half.x, -half.y), SIMD2(half.x, -half.y), SIMD2(-half.x, half.y), SIMD2(half.x, half.y)] {
            let p = centre + corner.x * u + corner.y * v
            guard p.x >= 0.5, p.y >= 0.5, p.x <= Double(frame.width) - 1.5, p.y <= Double(frame.height) - 1.5 else { return nil }
        }
        var upright = [UInt8](repeating: 0, count: w * h)
        let luma = LumaReader(frame, format: format)
        for j in 0..<h {
            for i in 0..<w {
                // Pixel (i, j) of the upright picture is centred on this point of the frame;
                // pixel centres sit at +0.5, hence the shift before interpolating.
                let p = centre + (Double(i) + 0.5 - half.x) * u + (Double(j) + 0.5 - half.y) * v - 0.5
                upright[j * w + i] = luma.bilinear(x: p.x, y: p.y)
            }
        }
        let level = PixelBox(centerX: half.x, centerY: half.y, width: box.width, height: box.height)
        let fitted = upright.withUnsafeMutableBytes { bytes -> PixelBox? in
            guard let base = bytes.baseAddress else { return nil }
            let picture = FrameBuffer(width: w, height: h, planes: [base], strides: [w])
            return fit(level, in: picture, format: .gray8, horizontally: horizontally, vertically: vertically,
                       tilting: false)
        }
        guard let fitted else { return nil }
        let moved = centre + (fitted.centerX - half.x) * u + (fitted.centerY - half.y) * v
        var result = PixelBox(centerX: moved.x, centerY: moved.y, width: fitted.width, height: fitted.height,
                              angle: box.angle)
        // The detector's angle is off by a degree or two; measured on the ink in the upright
        // picture, the residual tilt turns the box once more (then it is not measured again).
        let residual: Double? = tilting ? upright.withUnsafeMutableBytes { bytes in
            bytes.baseAddress.flatMap { base in
                tilt(of: fitted, in: FrameBuffer(width: w, height: h, planes: [base], strides: [w]), format: .gray8)
            }
        } : nil
        if let residual {
            result.angle += residual
            return refineTurned(result, in: frame, format: format, horizontally: horizontally,
                                vertically: vertically, tilting: false) ?? result
        }
        // Ends within `minTiltDrift` of level: level, for the exact mirror.
        let turns = (result.angle / 180).rounded()
        if result.width / 2 * abs(tan((result.angle - turns * 180) * .pi / 180)) < minTiltDrift {
            result.angle = turns * 180
        }
        return result
    }
}

/// Luma of plane 0 at any point, for the formats `GrayDownscaler.source` knows.
private struct LumaReader {
    let plane: UnsafePointer<UInt8>
    let stride: Int
    let source: GrayDownscaler.Source

    init(_ frame: FrameBuffer, format: PixelFormat) {
        plane = UnsafePointer(frame.planes[0].assumingMemoryBound(to: UInt8.self))
        stride = frame.strides[0]
        source = GrayDownscaler.source(for: format)
    }

    func at(_ x: Int, _ y: Int) -> Int { Int(source.luma(plane + y * stride, x)) }

    /// Callers keep (x, y) and (x + 1, y + 1) inside the frame.
    func bilinear(x: Double, y: Double) -> UInt8 {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        let top = Double(at(x0, y0)) * (1 - fx) + Double(at(x0 + 1, y0)) * fx
        let bottom = Double(at(x0, y0 + 1)) * (1 - fx) + Double(at(x0 + 1, y0 + 1)) * fx
        return UInt8((top * (1 - fy) + bottom * fy).rounded())
    }
}
