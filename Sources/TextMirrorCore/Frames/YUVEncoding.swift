/// How a YUV frame's values stand for colours, as its caps' colorimetry says: the matrix that
/// made Y, U and V from R', G' and B', and whether they span the full 0-255 or the limited
/// 16-235 (luma) and 16-240 (chroma). Read where YUV becomes RGB: the detector's input
/// (`RGBDownscaler`) and the reader's crops (`PixelSampler`); and where RGB becomes YUV: the
/// `draw-boxes` outlines (`BoxOutline`). The mirror itself moves values as they are.
///
/// Why it matters: JPEG pictures, and MJPEG cameras through jpegdec, are full-range BT.601.
/// Read as limited range, their darks and lights are clipped and their contrast raised by a
/// sixth, and the detector finds fewer lines with more false boxes: the real-photo set in I420
/// gave 110 of 127 lines and 5 false boxes read so, 115 and 2 read as full range (116 and 1 in
/// RGBA).
public struct YUVEncoding: Sendable, Equatable {
    public enum Matrix: Sendable, Equatable {
        case bt601
        case bt709
    }

    public var matrix: Matrix
    public var fullRange: Bool

    public init(matrix: Matrix, fullRange: Bool) {
        self.matrix = matrix
        self.fullRange = fullRange
    }

    /// What most raw video is, and what a frame with no colorimetry is read as.
    public static let bt601Limited = YUVEncoding(matrix: .bt601, fullRange: false)

    /// The Y, U and V this encoding gives an RGB colour, rounded: `coefficients` solved for
    /// them (B' − Y' = bu U', R' − Y' = rv V'), for drawing a colour into a frame
    /// (`draw-boxes`).
    public func yuv(red: UInt8, green: UInt8, blue: UInt8) -> (y: UInt8, u: UInt8, v: UInt8) {
        let (kr, kb) = lumaWeights, c = coefficients
        let r = Double(red), g = Double(green), b = Double(blue)
        let luma = kr * r + (1 - kr - kb) * g + kb * b
        func clamp(_ v: Double) -> UInt8 { UInt8(min(max(v.rounded(), 0), 255)) }
        return (
            clamp(c.lumaOffset + luma / c.lumaScale), clamp(128 + (b - luma) / c.bu), clamp(128 + (r - luma) / c.rv)
        )
    }

    /// The luma weights of red and blue; green's is what is left.
    private var lumaWeights: (kr: Double, kb: Double) { matrix == .bt601 ? (0.299, 0.114) : (0.2126, 0.0722) }

    /// R' = s (Y − y0) + rv V', G' = s (Y − y0) − gu U' − gv V', B' = s (Y − y0) + bu U', with
    /// U' = U − 128 and V' = V − 128, on 8-bit values.
    public struct Coefficients: Sendable, Equatable {
        public var lumaOffset: Double
        public var lumaScale: Double
        public var rv: Double
        public var gu: Double
        public var gv: Double
        public var bu: Double
    }

    public var coefficients: Coefficients {
        let (kr, kb) = lumaWeights
        let kg = 1 - kr - kb
        let chroma = fullRange ? 1 : 255.0 / 224
        return Coefficients(
            lumaOffset: fullRange ? 0 : 16, lumaScale: fullRange ? 1 : 255.0 / 219,
            rv: 2 * (1 - kr) * chroma, gu: 2 * kb * (1 - kb) / kg * chroma, gv: 2 * kr * (1 - kr) / kg * chroma,
            bu: 2 * (1 - kb) * chroma)
    }

    /// `coefficients` in 8.8 fixed point, rounded (for BT.601 limited range: 298, 409, 100,
    /// 208 and 516, the usual integer conversion).
    public struct FixedCoefficients: Sendable, Equatable {
        public var lumaOffset: Int
        public var lumaScale: Int
        public var rv: Int
        public var gu: Int
        public var gv: Int
        public var bu: Int
    }

    public var fixedCoefficients: FixedCoefficients {
        let c = coefficients
        func fixed(_ x: Double) -> Int { Int((x * 256).rounded()) }
        return FixedCoefficients(
            lumaOffset: Int(c.lumaOffset), lumaScale: fixed(c.lumaScale), rv: fixed(c.rv), gu: fixed(c.gu),
            gv: fixed(c.gv), bu: fixed(c.bu))
    }
}
