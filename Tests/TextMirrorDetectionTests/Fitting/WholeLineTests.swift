import Foundation
import Testing
import TextMirrorCore
import TextMirrorPlugin
import TextMirrorTestSupport

/// Issue 13, part 3: boxes hold whole lines, from the first letter to the last, at any tilt
/// from -45° to 45° and whatever the line's length; nothing of the objects beside them; and one
/// box per line in dense text, without a box destroying its neighbours' letters. The real
/// model, fitting and the tracker's placing as the element runs them (`ElementBoxes`), scored
/// by mirror quality (`MirrorQuality`, as textmirror-motion-bench scores it).
@Suite(.serialized) struct WholeLineTests {
    /// Every 5° from -45° to 45° with scripts/test.sh --full, else every 15°.
    static let angles = LongTests.sample(stride(from: -45.0, through: 45.0, by: 5.0).map { $0 }, count: 7)
    /// Issue 13's target, met by each line's mean over the angles (and by every line beside
    /// objects): short words 0.91 ("Oat") and 0.96 ("Granola"), the long line 0.93.
    static let target = 0.9
    /// What every single line must reach. Why lower than the target: a turned box is mirrored
    /// sample by sample (nearest neighbour), so q drops by 0.05-0.1 when a box's axis is off
    /// by a tenth of a pixel, and the fit places a line's ends to 0.1-0.4 px and a short
    /// serif word's tilt to 0.2-0.7° ("Oat" at ±35°: q 0.84-0.86). Before this fit, short
    /// words scored -0.14 to 0.89 and the long line 0.65 to 0.95 at the same angles.
    static let floor = 0.8

    /// Short words (a cereal box's 7 letters, and 3) side by side, or one long line, turned by
    /// `angle` about their own centres.
    static func tilted(_ kind: String, angle: Double) -> Scenes.Case {
        Scenes.Case(name: "\(kind) at \(angle)°") {
            let lines: [TextLine] =
                kind == "short"
                ? [
                    TextLine(
                        text: "Granola", font: "DejaVu Sans Bold 36", color: 0xFF60_1810, x: 120, y: 320, angle: angle,
                        pivotOffset: (0.37, 0.21)),
                    TextLine(
                        text: "Oat", font: "DejaVu Serif 40", color: 0xFF10_1010, x: 900, y: 320, angle: angle,
                        pivotOffset: (-0.29, 0.13))
                ]
                : [
                    TextLine(
                        text: "Whole grain oats with honey and almonds", font: "DejaVu Sans 26",
                        color: 0xFF20_2020, x: 330, y: 340, angle: angle, pivotOffset: (0.23, -0.31))
                ]
            return Scenes.scene(.solid(r: 250, g: 232, b: 190), lines)
        }
    }

    /// How far `box`'s ends (less the fit's rim) lie from the true box's, along the line, and
    /// its angle's error: for the table the tests print.
    static func endErrors(_ box: PixelBox, _ truth: PixelBox) -> String {
        let r = truth.angle * .pi / 180
        let along = (box.centerX - truth.centerX) * cos(r) + (box.centerY - truth.centerY) * sin(r)
        let rim = max(InkRefinement().minMargin, InkRefinement().margin * truth.height)
        let half = (box.width - 2 * rim) / 2
        return String(
            format: "left %+.2f right %+.2f angle %+.3f°", along - half + truth.width / 2,
            along + half - truth.width / 2, box.angle - truth.angle)
    }

    @Test(arguments: ["short", "long"])
    func tiltedLinesAreMirroredWhole(_ kind: String) throws {
        let detector = try TestModel.detector()
        var table: [String] = []
        var qs: [String: [Double]] = [:]
        for angle in Self.angles {
            let scene = Self.tilted(kind, angle: angle).build()
            let boxes = try ElementBoxes(scene, detector: detector)
            let output = MirrorQuality.mirrored(scene, boxes.mirrored)
            let q = MirrorQuality.q(scene, output: output)
            let truths = MirrorQuality.trueBoxes(scene)
            let exact = MirrorQuality.q(scene, output: output, ideal: .exact)
            let ceiling = MirrorQuality.q(scene, output: MirrorQuality.mirrored(scene, truths), ideal: .exact)
            for (index, (line, _)) in scene.lines.enumerated() {
                let best = boxes.mirrored.max { $0.iou(truths[index]) < $1.iou(truths[index]) }
                table.append(
                    String(
                        format: "%@ %5.0f° q %6.3f exact %6.3f (true box %6.3f)  true %@  mirrored %@  %@",
                        line.text, angle, q[index], exact[index], ceiling[index],
                        truths[index].summary, best?.summary ?? "none",
                        best.map { Self.endErrors($0, truths[index]) } ?? ""))
                let detected = boxes.detected.map(\.box.summary), fitted = boxes.fitted.map(\.box.summary)
                #expect(
                    q[index] >= Self.floor,
                    "\"\(line.text)\" at \(angle)°: q \(q[index])\ndetected \(detected)\nfitted \(fitted)")
                qs[line.text, default: []].append(q[index])
            }
        }
        print("WholeLineTests \(kind):\n" + table.joined(separator: "\n"))
        for (text, q) in qs.sorted(by: { $0.key < $1.key }) {
            let mean = q.reduce(0, +) / Double(q.count)
            print(String(format: "WholeLineTests %@: mean q %.3f, least %.3f", text, mean, q.min() ?? 0))
            #expect(
                mean >= Self.target, "\"\(text)\": mean q \(mean) over \(Self.angles.first!)° to \(Self.angles.last!)°")
        }
    }
}

extension WholeLineTests {
    /// Lines beside things that are not text, drawn close: a sign's arrow right after its
    /// line (the gap a seventh of the line's height), a label's frame around its line, a logo
    /// block before it.
    static let besideObjects: [Scenes.Case] = [
        Scenes.Case(name: "sign with an arrow") {
            var scene = Scenes.scene(
                .solid(r: 20, g: 60, b: 40),
                [
                    TextLine(text: "Sports Centre", font: "DejaVu Sans Bold 40", color: 0xFFF0_F0F0, x: 200, y: 300)
                ])
            let ink = scene.trueBoxes[0]
            let right = Int(ink.centerX + ink.width / 2), top = Int(ink.centerY - ink.height / 2)
            scene.paint(
                .arrow(
                    x: right + Int(0.15 * ink.height), y: top - Int(0.3 * ink.height),
                    size: Int(1.6 * ink.height), right: true), rgb: (240, 240, 240))
            scene.paint(.arrow(x: 40, y: top - 10, size: 90, right: false), rgb: (240, 240, 240))
            return scene
        },
        Scenes.Case(name: "label in a frame") {
            var scene = Scenes.scene(
                .solid(r: 245, g: 245, b: 235),
                [
                    TextLine(text: "Fragile", font: "DejaVu Serif Bold 44", color: 0xFF10_1010, x: 500, y: 300)
                ])
            let ink = scene.trueBoxes[0], gap = 0.35 * ink.height
            scene.paint(
                .frame(
                    x: Int(ink.centerX - ink.width / 2 - gap), y: Int(ink.centerY - ink.height / 2 - gap),
                    width: Int(ink.width + 2 * gap), height: Int(ink.height + 2 * gap), thickness: 4),
                rgb: (16, 16, 16))
            return scene
        },
        Scenes.Case(name: "line after a logo") {
            var scene = Scenes.scene(
                .solid(r: 255, g: 255, b: 255),
                [
                    TextLine(text: "Bakery and coffee", font: "DejaVu Sans 30", color: 0xFF80_2010, x: 400, y: 400)
                ])
            let ink = scene.trueBoxes[0]
            let left = Int(ink.centerX - ink.width / 2), size = Int(1.8 * ink.height)
            scene.paint(
                .frame(
                    x: left - Int(0.4 * ink.height) - size, y: Int(ink.centerY) - size / 2, width: size,
                    height: size, thickness: size / 2), rgb: (128, 32, 16))
            return scene
        }
    ]

    @Test(arguments: besideObjects)
    func boxesHoldNothingOfTheObjectsBeside(_ scene: Scenes.Case) throws {
        let detector = try TestModel.detector()
        let picture = scene.build()
        let boxes = try ElementBoxes(picture, detector: detector)
        let output = MirrorQuality.mirrored(picture, boxes.mirrored)
        let q = MirrorQuality.q(picture, output: output)
        let report =
            "detected \(boxes.detected.map(\.box.summary))\nfitted \(boxes.fitted.map(\.box.summary))\n"
            + "true \(picture.trueBoxes.map(\.summary)), q \(q)"
        for (index, (line, _)) in picture.lines.enumerated() {
            #expect(q[index] >= Self.target, "\(scene.name): \"\(line.text)\"\n\(report)")
        }
        for mark in picture.marks {
            let moved = mark.filter { i in (0..<3).contains { output[4 * i + $0] != picture.pixels[4 * i + $0] } }
            #expect(
                moved.count <= mark.count / 200,
                "\(scene.name): \(moved.count) of \(mark.count) pixels moved\n\(report)")
        }
        print("WholeLineTests \(scene.name): q \(q)\n\(report)")
    }

    /// Five lines of a page, their pitch 1.2 times a line's height (ascender to descender),
    /// level or turned together about the page's centre.
    static func densePage(angle: Double) -> Scenes.Case {
        Scenes.Case(name: "dense page at \(angle)°") {
            let texts = [
                "Let us first pick out the markers of the coins and",
                "the background. These markers are pixels that we",
                "can label unambiguously as either object or ground.",
                "Here, the markers are found at the two extreme parts",
                "of the histogram of grey values; jump quickly past."
            ]
            let font = "DejaVu Serif 20", x = 300, y = 220
            // The pitch from the first line's height, drawn alone.
            let first = Scenes.scene(
                .solid(r: 240, g: 238, b: 230),
                [
                    TextLine(text: texts[0], font: font, color: 0xFF20_2020, x: x, y: y)
                ]
            ).trueBoxes[0]
            let pitch = Int((1.2 * first.height).rounded())
            return Scenes.scene(
                .solid(r: 240, g: 238, b: 230),
                texts.enumerated().map { index, text in
                    TextLine(
                        text: text, font: font, color: 0xFF20_2020, x: x, y: y + index * pitch, angle: angle,
                        pivot: (first.centerX, first.centerY + 2 * Double(pitch)))
                })
        }
    }

    /// Of a line's ink, at most this fraction may lie in other lines' boxes.
    static let maxForeignInk = 0.01
    /// Every line of a dense page. Why below `floor`: there the fit places the first letter's
    /// edge 0.2-0.7 px off on some lines turned by 10° ("the" and "Here," in 20-pixel serif),
    /// which with the turned boxes' nearest-neighbour mirror costs up to 0.45 of q (0.57 and
    /// 0.74 at 10°; level lines 1.0, -2° 0.875 and up). Before this fit, a level page had a
    /// line at 0.54 and one turned by -2° a line at 0.36.
    static let denseFloor = 0.5

    @Test(arguments: [0.0, -2.0, 10.0])
    func denseLinesGetOneBoxEachAndKeepTheirLetters(_ angle: Double) throws {
        let detector = try TestModel.detector()
        let picture = Self.densePage(angle: angle).build()
        let boxes = try ElementBoxes(picture, detector: detector)
        let q = MirrorQuality.q(picture, output: MirrorQuality.mirrored(picture, boxes.mirrored))
        let report =
            "detected \(boxes.detected.map(\.box.summary))\nfitted \(boxes.fitted.map(\.box.summary))\n"
            + "mirrored \(boxes.mirrored.map(\.summary))\ntrue \(picture.trueBoxes.map(\.summary)), q \(q)"
        // One box per line: each line's ink is held by one box, and no box holds much of two lines.
        let score = SceneScore(scene: picture, boxes: boxes.mirrored)
        for line in score.lines {
            #expect(line.bestCoverage >= 0.95, "\(angle)°: \"\(line.text)\" \(line.bestCoverage)\n\(report)")
        }
        for box in boxes.mirrored {
            let held = picture.lines.filter { _, ink in
                ink.filter { box.containsPixel($0 % picture.width, $0 / picture.width) }.count * 10 > ink.count
            }
            #expect(held.count <= 1, "\(angle)°: \(box.summary) holds \(held.map(\.line.text))\n\(report)")
        }
        // No box moves its neighbours' letters (`PixelBox.separated`): of each line's ink, what
        // lies in boxes other than the one holding most of it (the tips of descenders and
        // ascenders, at most).
        var foreign: [Double] = []
        for (line, ink) in picture.lines {
            let inside = boxes.mirrored.map { box in
                ink.filter { box.containsPixel($0 % picture.width, $0 / picture.width) }.count
            }
            guard let own = inside.indices.max(by: { inside[$0] < inside[$1] }) else { continue }
            let others = Set(
                ink.filter { i in
                    boxes.mirrored.indices.contains {
                        $0 != own && boxes.mirrored[$0].containsPixel(i % picture.width, i / picture.width)
                    }
                })
            foreign.append(Double(others.count) / Double(ink.count))
            #expect(
                Double(others.count) <= Self.maxForeignInk * Double(ink.count),
                "\(angle)°: \(others.count) of \(ink.count) ink pixels of \"\(line.text)\" in other lines' boxes\n\(report)"
            )
        }
        for (index, (line, _)) in picture.lines.enumerated() {
            #expect(q[index] >= Self.denseFloor, "\(angle)°: \"\(line.text)\" q \(q[index])\n\(report)")
        }
        print("WholeLineTests dense \(angle)°: ink in other lines' boxes \(foreign.map { String(format: "%.4f", $0) })")
        let errors = picture.trueBoxes.map { truth in
            boxes.mirrored.max { $0.iou(truth) < $1.iou(truth) }.map { Self.endErrors($0, truth) } ?? "none"
        }
        print(
            "WholeLineTests dense \(angle)°: q \(q.map { String(format: "%.3f", $0) })\n\(errors.joined(separator: "\n"))\n\(report)"
        )
    }
}
