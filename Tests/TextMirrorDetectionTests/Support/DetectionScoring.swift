#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TextMirrorCore

extension PixelBox {
    /// Whether the centre of pixel (x, y) lies inside the box grown by `margin` on every side.
    func containsPixel(_ x: Int, _ y: Int, margin: Double = 0) -> Bool {
        let r = angle * .pi / 180
        let dx = Double(x) + 0.5 - centerX, dy = Double(y) + 0.5 - centerY
        let u = dx * cos(r) + dy * sin(r), v = -dx * sin(r) + dy * cos(r)
        return abs(u) <= width / 2 + margin && abs(v) <= height / 2 + margin
    }

    /// Axis-aligned pixel bounds of the box, clipped to the frame.
    func pixelBounds(width w: Int, height h: Int) -> (xs: Range<Int>, ys: Range<Int>) {
        let r = angle * .pi / 180
        let ex = abs(cos(r)) * width / 2 + abs(sin(r)) * height / 2
        let ey = abs(sin(r)) * width / 2 + abs(cos(r)) * height / 2
        func clip(_ lo: Double, _ hi: Double, _ limit: Int) -> Range<Int> {
            let a = min(max(Int(lo.rounded(.down)), 0), limit), b = min(max(Int(hi.rounded(.up)), a), limit)
            return a..<b
        }
        return (clip(centerX - ex, centerX + ex, w), clip(centerY - ey, centerY + ey, h))
    }
}

/// How well a set of detected boxes matches the lines drawn in a scene.
struct SceneScore: CustomStringConvertible {
    struct Line {
        var text: String
        /// The tightest rectangle around the ink along the line's own angle.
        var inkBox: PixelBox
        /// Fraction of the line's ink pixels inside some detected box.
        var coverage: Double
        /// The box holding most of the line's ink, and the share it holds.
        var best: PixelBox?
        var bestCoverage: Double
        /// Intersection over union of `best` and `inkBox`.
        var iou: Double
    }

    var lines: [Line]
    /// Boxes that hold (almost) no ink of any line.
    var falsePositives: [PixelBox]
    /// Fraction of the frame's pixels inside a box but away from every line (further than half
    /// a line height from its ink box): what mirroring would change that is not text.
    var spill: Double

    init(scene: TextScene, boxes: [PixelBox]) {
        let w = scene.width, h = scene.height
        var lines: [Line] = []
        var zones: [PixelBox] = []
        for (line, ink) in scene.lines {
            let inkBox = Self.inkBox(ink, width: w, angle: line.angle)
            var inAny = 0
            var perBox = [Int](repeating: 0, count: boxes.count)
            for i in ink {
                let x = i % w, y = i / w
                var hit = false
                for (k, box) in boxes.enumerated() where box.containsPixel(x, y) {
                    perBox[k] += 1
                    hit = true
                }
                if hit { inAny += 1 }
            }
            let bestIndex = perBox.indices.max { perBox[$0] < perBox[$1] }
            let best = bestIndex.flatMap { perBox[$0] > 0 ? boxes[$0] : nil }
            lines.append(
                Line(
                    text: line.text, inkBox: inkBox, coverage: Double(inAny) / Double(ink.count),
                    best: best, bestCoverage: bestIndex.map { Double(perBox[$0]) / Double(ink.count) } ?? 0,
                    iou: best.map { Self.iou($0, inkBox, width: w, height: h) } ?? 0))
            var zone = inkBox
            zone.width += inkBox.height
            zone.height += inkBox.height
            zones.append(zone)
        }
        self.lines = lines

        var inkOwner = [Bool](repeating: false, count: w * h)
        for (_, ink) in scene.lines { for i in ink { inkOwner[i] = true } }
        falsePositives = boxes.filter { box in
            let b = box.pixelBounds(width: w, height: h)
            var inside = 0, inked = 0
            for y in b.ys {
                for x in b.xs where box.containsPixel(x, y) {
                    inside += 1
                    if inkOwner[y * w + x] { inked += 1 }
                }
            }
            return inside == 0 || Double(inked) / Double(inside) < 0.02
        }

        var spilled = 0
        var counted = [Bool](repeating: false, count: w * h)
        for box in boxes {
            let b = box.pixelBounds(width: w, height: h)
            for y in b.ys {
                for x in b.xs where !counted[y * w + x] && box.containsPixel(x, y) {
                    counted[y * w + x] = true
                    if !zones.contains(where: { $0.containsPixel(x, y) }) { spilled += 1 }
                }
            }
        }
        spill = Double(spilled) / Double(w * h)
    }

    var minCoverage: Double { lines.map(\.coverage).min() ?? 1 }

    var description: String {
        var s = lines.map { l in
            let b = l.best.map { String(format: "best %.0fx%.0f@%.1f°", $0.width, $0.height, $0.angle) } ?? "no box"
            return String(
                format: "  \"%@\": ink %.0fx%.0f@%.1f°, coverage %.3f (best box %.3f, IoU %.2f), %@",
                l.text, l.inkBox.width, l.inkBox.height, l.inkBox.angle, l.coverage, l.bestCoverage, l.iou, b)
        }
        s.append(String(format: "  false positives: %d, spill %.4f", falsePositives.count, spill))
        return s.joined(separator: "\n")
    }

    /// The tightest rectangle at `angle` around the ink pixels (each pixel a unit square).
    static func inkBox(_ ink: [Int], width w: Int, angle: Double) -> PixelBox {
        let r = angle * .pi / 180, c = cos(r), s = sin(r)
        var u0 = Double.infinity, u1 = -Double.infinity, v0 = Double.infinity, v1 = -Double.infinity
        for i in ink {
            let x = Double(i % w) + 0.5, y = Double(i / w) + 0.5
            let u = x * c + y * s, v = -x * s + y * c
            u0 = min(u0, u)
            u1 = max(u1, u)
            v0 = min(v0, v)
            v1 = max(v1, v)
        }
        let cu = (u0 + u1) / 2, cv = (v0 + v1) / 2
        return PixelBox(
            centerX: cu * c - cv * s, centerY: cu * s + cv * c,
            width: u1 - u0 + 1, height: v1 - v0 + 1, angle: angle)
    }

    static func iou(_ a: PixelBox, _ b: PixelBox, width w: Int, height h: Int) -> Double {
        let ba = a.pixelBounds(width: w, height: h), bb = b.pixelBounds(width: w, height: h)
        let xs = min(ba.xs.lowerBound, bb.xs.lowerBound)..<max(ba.xs.upperBound, bb.xs.upperBound)
        let ys = min(ba.ys.lowerBound, bb.ys.lowerBound)..<max(ba.ys.upperBound, bb.ys.upperBound)
        var both = 0, either = 0
        for y in ys {
            for x in xs {
                let inA = a.containsPixel(x, y), inB = b.containsPixel(x, y)
                if inA && inB { both += 1 }
                if inA || inB { either += 1 }
            }
        }
        return either == 0 ? 0 : Double(both) / Double(either)
    }
}
