import Testing
import TextMirrorCore
import TextMirrorPlugin

/// The real optical flow (OpenCV, through textmirror.h) on synthetic pictures moved by a known
/// amount: the measured motion must come back within half a frame pixel.
@Suite struct FlowMotionEstimatorTests {
    static let width = 1280, height = 720

    /// A smooth random texture, larger than a frame, with corners everywhere: a camera view of
    /// it is a crop, so moving the crop moves the picture by exactly that many pixels.
    struct Texture {
        let width: Int, height: Int
        let values: [Double]

        init(width: Int, height: Int, cell: Int = 9, seed: UInt64 = 5) {
            self.width = width
            self.height = height
            var state = seed
            func random() -> Double {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return Double((z ^ (z >> 31)) % 1000) / 1000
            }
            let gw = width / cell + 2, gh = height / cell + 2
            let grid = (0..<(gw * gh)).map { _ in random() }
            var values = [Double](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let fx = Double(x) / Double(cell), fy = Double(y) / Double(cell)
                    let x0 = Int(fx), y0 = Int(fy), tx = fx - Double(x0), ty = fy - Double(y0)
                    let a = grid[y0 * gw + x0], b = grid[y0 * gw + x0 + 1]
                    let c = grid[(y0 + 1) * gw + x0], d = grid[(y0 + 1) * gw + x0 + 1]
                    values[y * width + x] =
                        30 + 200 * ((a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty)
                }
            }
            self.values = values
        }

        /// Bilinear sample at continuous position (pixel centres at +0.5).
        func sample(_ x: Double, _ y: Double) -> UInt8 {
            let sx = min(max(x - 0.5, 0), Double(width - 2)), sy = min(max(y - 0.5, 0), Double(height - 2))
            let x0 = Int(sx), y0 = Int(sy), tx = sx - Double(x0), ty = sy - Double(y0)
            let v =
                (values[y0 * width + x0] * (1 - tx) + values[y0 * width + x0 + 1] * tx) * (1 - ty)
                + (values[(y0 + 1) * width + x0] * (1 - tx) + values[(y0 + 1) * width + x0 + 1] * tx) * ty
            return UInt8(min(max(v.rounded(), 0), 255))
        }

        /// A GRAY8 frame seeing the texture through `view`: frame point p shows texture point
        /// view(p).
        func frame(_ view: Motion, width w: Int, height h: Int) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    let p = view.apply(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    out[y * w + x] = sample(p.x, p.y)
                }
            }
            return out
        }
    }

    static let texture = Texture(width: 1500, height: 900)

    func measure(_ first: Motion, _ second: Motion, regions: [PixelBox]) -> FrameMotion? {
        measure(
            Self.texture.frame(first, width: Self.width, height: Self.height),
            Self.texture.frame(second, width: Self.width, height: Self.height), regions: regions)
    }

    func measure(_ first: [UInt8], _ second: [UInt8], regions: [PixelBox]) -> FrameMotion? {
        let estimator = FlowMotionEstimator()
        let layout = FrameLayout(.gray8)
        var a = first, b = second
        let none = a.withUnsafeMutableBytes { raw in
            let frame = FrameBuffer(
                width: Self.width, height: Self.height, planes: [raw.baseAddress!], strides: [Self.width])
            return estimator.estimate(estimator.prepare(frame, layout: layout), regions: regions)
        }
        #expect(none == nil, "the first frame has nothing to compare with")
        return b.withUnsafeMutableBytes { raw in
            let frame = FrameBuffer(
                width: Self.width, height: Self.height, planes: [raw.baseAddress!], strides: [Self.width])
            return estimator.estimate(estimator.prepare(frame, layout: layout), regions: regions)
        }
    }

    @Test(
        "Recovers a known translation within half a pixel",
        arguments: [(7.0, -3.0), (-12.0, 5.0), (2.0, 0.0), (0.0, 0.0)])
    func translation(dx: Double, dy: Double) throws {
        let box = PixelBox(centerX: 500, centerY: 300, width: 400, height: 60)
        // The camera moves by (dx, dy): the picture moves by (−dx, −dy).
        let motion = try #require(measure(.translation(100, 80), .translation(100 + dx, 80 + dy), regions: [box]))
        let global = try #require(motion.global)
        #expect(abs(global.tx + dx) < 0.5 && abs(global.ty + dy) < 0.5, "\(global)")
        #expect(abs(global.scale - 1) < 0.002, "\(global)")
        let own = try #require(motion.regions.first ?? nil)
        let moved = own.apply(box)
        #expect(
            abs(moved.centerX - (box.centerX - dx)) < 0.5 && abs(moved.centerY - (box.centerY - dy)) < 0.5,
            "\(moved)")
    }

    @Test func aCutLosesTheBox() throws {
        // The second view shows another part of the texture altogether.
        let box = PixelBox(centerX: 500, centerY: 300, width: 400, height: 60)
        let motion = try #require(measure(.translation(10, 10), .translation(190, 160), regions: [box]))
        #expect(motion.regions == [nil] && motion.lost == [true], "\(motion)")
    }

    @Test("Recovers a zoom")
    func zoom() throws {
        // The second view sees 2% less of the texture about the frame centre: a zoom in by 1.02.
        let centre = Motion.translation(100, 80)
        let zoomed = Motion.scaling(1 / 1.02, aboutX: 640, y: 360).then(centre)
        let box = PixelBox(centerX: 900, centerY: 500, width: 300, height: 50)
        let motion = try #require(measure(centre, zoomed, regions: [box]))
        let global = try #require(motion.global)
        #expect(abs(global.scale - 1.02) < 0.003, "\(global)")
        let p = global.apply(x: 900, y: 500)
        let expected = Motion.scaling(1.02, aboutX: 640, y: 360).apply(x: 900, y: 500)
        #expect(abs(p.x - expected.x) < 0.5 && abs(p.y - expected.y) < 0.5, "\(p) vs \(expected)")
        let own = try #require(motion.regions.first ?? nil).apply(box)
        #expect(abs(own.centerX - expected.x) < 0.5 && abs(own.centerY - expected.y) < 0.5, "\(own)")
    }

    @Test func aBoxMovingWithThePictureTakesThePicturesMotion() throws {
        // Its own fit, from a few points, is noisier than the picture's, from hundreds.
        let boxes = [
            PixelBox(centerX: 500, centerY: 300, width: 200, height: 24),
            PixelBox(centerX: 900, centerY: 520, width: 160, height: 20)
        ]
        let motion = try #require(measure(.translation(100, 80), .translation(108, 80), regions: boxes))
        let global = try #require(motion.global)
        #expect(motion.regions == [global, global], "\(motion)")
    }

    @Test func aBoxMovingOnItsOwnKeepsItsOwnMotion() throws {
        // A sign carried across the picture: 6 px to the right while the camera pans 8 px the
        // other way (the picture moves 8 px left).
        let sign = Texture(width: 300, height: 120, cell: 7, seed: 11)
        func paste(_ frame: inout [UInt8], at x0: Int, _ y0: Int) {
            for y in 0..<sign.height {
                for x in 0..<sign.width {
                    frame[(y0 + y) * Self.width + x0 + x] = sign.sample(Double(x) + 0.5, Double(y) + 0.5)
                }
            }
        }
        var first = Self.texture.frame(.translation(100, 80), width: Self.width, height: Self.height)
        var second = Self.texture.frame(.translation(108, 80), width: Self.width, height: Self.height)
        paste(&first, at: 400, 240)
        paste(&second, at: 406, 240)
        let box = PixelBox(centerX: 550, centerY: 300, width: 240, height: 80)
        let motion = try #require(measure(first, second, regions: [box]))
        let global = try #require(motion.global)
        #expect(abs(global.tx + 8) < 0.5, "\(global)")
        let own = try #require(motion.regions.first ?? nil)
        #expect(abs(own.apply(box).centerX - 556) < 0.5 && abs(own.apply(box).centerY - 300) < 0.5, "\(own)")
    }
}
