import Glibc
import TextMirrorCore

/// How the simulated camera moves over the canvas. `view(at:)` maps frame pixels to canvas
/// pixels (continuous coordinates); its inverse carries each line's true box into the frame.
struct CameraPath {
    enum Kind: String, CaseIterable {
        /// A camera on a tripod: for box jitter.
        case still
        /// The case: a steady pan, 240 px/s on screen.
        case pan
        /// The pan plus a slow zoom in and out (1x to 1.15x, 4 s period) and hand shake
        /// (several px at 3-8 Hz).
        case shake = "pan-zoom-shake"
        /// A still camera that cuts to another part of the scene halfway: how long boxes of
        /// the old view linger (the hold time's cost).
        case cut
    }

    let kind: Kind
    let frameWidth: Int
    let frameHeight: Int
    /// On-screen pan speed, frame pixels per second.
    let panSpeed: Double
    /// Canvas offset of the frame's top-left corner at t = 0.
    let start: SIMD2<Double>
    /// When the `cut` scenario cuts (seconds).
    var cutTime = 2.0

    /// The canvas a run of `seconds` needs, and the path across it.
    static func canvasSize(frameWidth: Int, frameHeight: Int, seconds: Double, panSpeed: Double) -> (Int, Int) {
        (frameWidth + max(Int(panSpeed * seconds), 700) + 120, frameHeight + 80)
    }

    init(kind: Kind, frameWidth: Int, frameHeight: Int, panSpeed: Double = 240) {
        self.kind = kind
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.panSpeed = panSpeed
        start = SIMD2(40, 40)
    }

    func zoom(at t: Double) -> Double {
        kind == .shake ? 1 + 0.15 * (1 - cos(2 * .pi * t / 4)) / 2 : 1
    }

    /// Frame point -> canvas point at time `t` (seconds). Scale and translation only, as a
    /// camera that does not roll.
    func view(at t: Double) -> Motion {
        let z = zoom(at: t)
        var offset = start
        if kind == .pan || kind == .shake { offset.x += panSpeed * t / z }
        if kind == .cut && t >= cutTime { offset.x += 700 }
        if kind == .shake {
            offset.x += 3 * sin(2 * .pi * 4.1 * t) + 2 * sin(2 * .pi * 6.7 * t + 1)
            offset.y += 3 * sin(2 * .pi * 3.3 * t + 2) + 1.5 * sin(2 * .pi * 7.9 * t)
        }
        let c = SIMD2(Double(frameWidth) / 2, Double(frameHeight) / 2)
        // Zoom about the frame centre, then look at the canvas from `offset`.
        return Motion.scaling(1 / z, aboutX: c.x, y: c.y).then(.translation(offset.x, offset.y))
    }

    /// The line's ink box in the frame at time `t`.
    func trueBox(_ line: SceneCanvas.Line, at t: Double) -> PixelBox {
        view(at: t).inverse!.apply(line.box)
    }
}
