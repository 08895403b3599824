#if canImport(Glibc)
    import Glibc
#endif
import TextMirrorCore
import TextMirrorPlugin

/// The boxes the element would mirror in a scene, and how well they mirror each line.
///
/// The element's steps on one detection, in its order: detect, fit to the ink (`InkFitting`,
/// on the detection queue), then the tracker (`BoxTracker.incorporate`: unfitted boxes nearly
/// level are levelled, duplicates dropped), then the mirror (`FrameMirror`, each plane about
/// its nearest axis). Lines are not read here: verification only drops boxes.
struct ElementBoxes {
    var detected: [TextBox]
    var fitted: [TextBox]
    /// What the mirror is given.
    var mirrored: [PixelBox]

    init(_ scene: TextScene, detector: TextDetector) throws {
        var video = scene.video
        let input = video.withFrameBuffer { detector.prepare($0, layout: FrameLayout(.rgbx)) }
        detected = try detector.detectLines(input, thresholds: .init())
        fitted = InkFitting().fit(detected, on: input, horizontally: true, vertically: false)
        let minHeight = MirrorEngine.Settings().minTextHeight * Double(scene.height)
        var tracker = BoxTracker()
        tracker.incorporate(
            fitted.filter { min($0.box.width, $0.box.height) >= minHeight }, detectedAt: nil,
            now: 0, frameWidth: scene.width, frameHeight: scene.height, parameters: .init())
        mirrored = tracker.boxes.map(\.text.box)
    }
}

/// Mirror quality as textmirror-motion-bench scores it (Sources/TextMirrorMotionBench/Scoring.swift):
/// q = 1 − err(out, ideal) / err(in, ideal) per line, with `ideal` the input with every line
/// mirrored about its true box (`TextScene.trueBoxes`: the rectangle around its ink as drawn,
/// turned with it) by the element's own mirror, and
/// err the summed absolute luma difference over the true box grown by a margin (max(3 px, 0.3
/// of its height) on every side, in its own axes), so spill past the box counts. 1 is perfect,
/// 0 as if untouched, below 0 worse than untouched.
struct MirrorQuality {
    /// Luma (BT.601) of an RGBx picture.
    static func luma(_ rgbx: [UInt8]) -> [Double] {
        (0..<(rgbx.count / 4)).map { (i: Int) -> Double in
            let r = Double(rgbx[4 * i]), g = Double(rgbx[4 * i + 1]), b = Double(rgbx[4 * i + 2])
            return 0.299 * r + 0.587 * g + 0.114 * b
        }
    }

    /// `scene`'s picture with `boxes` mirrored horizontally, as the element mirrors them.
    static func mirrored(_ scene: TextScene, _ boxes: [PixelBox]) -> [UInt8] {
        var video = scene.video
        let mirror = try! FrameMirror(format: .rgbx, width: scene.width, height: scene.height)
        video.withFrameBuffer { mirror.mirror(boxes, flip: .horizontal, axes: .nearestPerPlane, in: $0) }
        return video.bytes
    }

    static func trueBoxes(_ scene: TextScene) -> [PixelBox] { scene.trueBoxes }

    /// What a line mirrored about its true box looks like.
    enum Ideal {
        /// The element's own mirror on the true boxes: q then measures the boxes alone (1 for
        /// the true boxes), not how the mirror samples a turned box.
        case sameMirror
        /// Each pixel of a true box taken from its reflection by bilinear interpolation, as
        /// textmirror-motion-bench's ideal (which samples its canvas there): the true boxes
        /// through the element's mirror then score below 1 when turned (nearest samples).
        case exact
    }

    /// The input with every true box mirrored exactly (`Ideal.exact`), as luma.
    static func exactlyMirrored(_ scene: TextScene) -> [Double] {
        let input = luma(scene.pixels), w = scene.width, h = scene.height
        var ideal = input
        func at(_ x: Int, _ y: Int) -> Double { input[min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)] }
        for t in trueBoxes(scene) {
            let r = t.angle * .pi / 180, ux = cos(r), uy = sin(r)
            let b = t.pixelBounds(width: w, height: h)
            for y in b.ys {
                for x in b.xs where t.containsPixel(x, y) {
                    let dx = Double(x) + 0.5 - t.centerX, dy = Double(y) + 0.5 - t.centerY
                    let u = dx * ux + dy * uy, v = -dx * uy + dy * ux
                    // The reflection (-u, v), back in pixel coordinates (centres at +0.5).
                    let sx = t.centerX - u * ux - v * uy - 0.5, sy = t.centerY - u * uy + v * ux - 0.5
                    let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                    let fx = sx - Double(x0), fy = sy - Double(y0)
                    let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
                    let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
                    ideal[y * w + x] = top * (1 - fy) + bottom * fy
                }
            }
        }
        return ideal
    }

    /// q of each line of `scene` in `output` (RGBx, the scene's size).
    static func q(_ scene: TextScene, output: [UInt8], ideal kind: Ideal = .sameMirror) -> [Double] {
        let input = luma(scene.pixels), out = luma(output)
        let truths = trueBoxes(scene)
        let ideal = kind == .sameMirror ? luma(mirrored(scene, truths)) : exactlyMirrored(scene)
        return truths.map { truth in
            let m = max(3, 0.3 * truth.height)
            var grown = truth
            grown.width += 2 * m
            grown.height += 2 * m
            let bounds = grown.pixelBounds(width: scene.width, height: scene.height)
            var errIn = 0.0, errOut = 0.0
            for y in bounds.ys {
                for x in bounds.xs where grown.containsPixel(x, y) {
                    let i = y * scene.width + x
                    errIn += abs(input[i] - ideal[i])
                    errOut += abs(out[i] - ideal[i])
                }
            }
            return errIn > 0 ? 1 - errOut / errIn : 1
        }
    }
}

extension PixelBox {
    var summary: String {
        String(format: "(%.1f, %.1f) %.1fx%.1f @%.1f°", centerX, centerY, width, height, angle)
    }
}
