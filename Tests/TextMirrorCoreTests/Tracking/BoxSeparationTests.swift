import Foundation
import Testing
import TextMirrorCore

/// The one rule for nearly level boxes (`PixelBox.levelled`) and the rule for overlapping boxes
/// of neighbouring lines (`PixelBox.separated`).
@Suite struct BoxLevellingTests {
    @Test func levelsWithinTheUncertaintyOrTheDrift() {
        let line = PixelBox(centerX: 300, centerY: 200, width: 300, height: 30, angle: 2.5)
        #expect(line.levelled(within: PixelBox.detectorAngleNoise).angle == 0, "the detector's 2.5°")
        #expect(line.levelled().angle == 2.5, "measured: 2.5° moves the ends by 6.5 px")
        // 0.15° over 300 px moves each end by 0.39 px: less than `levelDrift`.
        var slight = line
        slight.angle = 0.15
        #expect(slight.levelled().angle == 0)
        slight.width = 600
        #expect(slight.levelled().angle == 0.15, "the same tilt over 600 px moves the ends by 0.8 px")
        // Upside down is level too; steep boxes are left alone.
        var turned = line
        turned.angle = 181
        #expect(turned.levelled(within: 3).angle == 180 && turned.levelled(within: 3).isAxisAligned)
        turned.angle = 20
        #expect(turned.levelled(within: 3) == turned)
    }

    @Test func theTrackerLevelsUnfittedBoxesByTheSameRule() {
        var tracker = BoxTracker()
        tracker.advance(time: 0, motion: nil)
        let detected = PixelBox(centerX: 300, centerY: 200, width: 300, height: 30, angle: -179)
        tracker.incorporate(
            [TextBox(box: detected, score: 0.9)], detectedAt: 0, now: 0, frameWidth: 1280,
            frameHeight: 720, parameters: .init())
        #expect(tracker.boxes.map(\.text.box) == [detected.levelled(within: PixelBox.detectorAngleNoise)])
        #expect(tracker.boxes[0].text.box.isAxisAligned)
    }
}

@Suite struct BoxSeparationTests {
    /// Two lines 36 px apart whose boxes are 44 px tall: they share 8 rows.
    static let upper = PixelBox(centerX: 300, centerY: 200, width: 400, height: 44)
    static let lower = PixelBox(centerX: 320, centerY: 236, width: 380, height: 44)

    @Test func twoBoxesOfAKindShareTheOverlapAtItsMiddle() {
        let cut = PixelBox.separated([Self.upper, Self.lower], fitted: [false, false])
        // The overlap is rows 214..<222: both stop at 218.
        #expect(
            abs(cut[0].centerY + cut[0].height / 2 - 218) < 1e-9 && abs(cut[0].centerY - cut[0].height / 2 - 178) < 1e-9
        )
        #expect(
            abs(cut[1].centerY - cut[1].height / 2 - 218) < 1e-9 && abs(cut[1].centerY + cut[1].height / 2 - 258) < 1e-9
        )
        #expect(cut[0].centerX == 300 && cut[0].width == 400 && cut[1].centerX == 320 && cut[1].width == 380)
        #expect(cut[0].intersectionArea(cut[1]) < 1e-6)
    }

    @Test func aFittedBoxKeepsItsRows() {
        let cut = PixelBox.separated([Self.upper, Self.lower], fitted: [false, true])
        #expect(cut[1] == Self.lower, "fitted to its ink: its rows are its letters'")
        #expect(abs(cut[0].centerY + cut[0].height / 2 - 214) < 1e-9)
    }

    @Test func turnedNeighboursAreCutAlongTheirLines() {
        var a = Self.upper, b = Self.lower
        a.angle = 10
        b.angle = 11
        // b sits 36 px below a across their lines.
        let r = 10 * Double.pi / 180
        b.centerX = a.centerX - 36 * sin(r)
        b.centerY = a.centerY + 36 * cos(r)
        let cut = PixelBox.separated([a, b], fitted: [true, true])
        #expect(cut[0].intersectionArea(cut[1]) < 0.5, "\(cut)")
        #expect(cut[0].angle == 10 && cut[1].angle == 11)
        #expect(cut[0].height < 44 && cut[0].height > 38 && cut[1].height < 44 && cut[1].height > 38)
    }

    @Test func twoDetectorBoxesAFewDegreesApartAreCutButNotAFittedOne() {
        // ocv_double_decker_bus: two lines of 6 px letters 2 px apart, neither fitted, boxed
        // 3.1° apart and each over both lines.
        let upper = PixelBox(centerX: 123.7, centerY: 228.5, width: 57, height: 21, angle: -9.4)
        let lower = PixelBox(centerX: 123.0, centerY: 239.8, width: 58.1, height: 19.6, angle: -6.3)
        let cut = PixelBox.separated([upper, lower], fitted: [false, false])
        #expect(cut[0].intersectionArea(cut[1]) < 0.5, "\(cut)")
        #expect(cut[0].height < upper.height && cut[1].height < lower.height)
        // A fitted box's angle is its ink's: the other box is off by the detector's noise at
        // most, and further apart they are lines turned apart (sign_048 below).
        #expect(PixelBox.separated([upper, lower], fitted: [false, true]) == [upper, lower])
    }

    @Test func boxesEndToEndAtAnAngleOrApartAreLeftAlone() {
        let beside = PixelBox(centerX: 600, centerY: 205, width: 300, height: 44)
        #expect(PixelBox.separated([Self.upper, beside], fitted: [false, false]) == [Self.upper, beside])
        var crossing = Self.lower
        crossing.angle = 60
        #expect(PixelBox.separated([Self.upper, crossing], fitted: [false, false]) == [Self.upper, crossing])
        let far = PixelBox(centerX: 300, centerY: 400, width: 400, height: 44)
        #expect(PixelBox.separated([Self.upper, far], fitted: [false, false]) == [Self.upper, far])
    }

    @Test func linesTurnedApartInPerspectiveAreNotCut() {
        // textmirror-eval's sign_048: "Market Square" (not fitted, the detector's box twice as
        // tall as its letters) above "All major cards accepted" (fitted), 5.6° apart. Cut along
        // the lower line, the upper box lost 9 px of its first letters' bottoms.
        let upper = PixelBox(centerX: 490.9, centerY: 434.7, width: 174.5, height: 33.5, angle: 7.2)
        let lower = PixelBox(centerX: 495.4, centerY: 458.4, width: 182.8, height: 20, angle: 1.6)
        #expect(PixelBox.separated([upper, lower], fitted: [false, true]) == [upper, lower])
        // Long lines 2° apart: a cut would take w/2 sin 2° = 12 px from one end of a 40 px box.
        var a = Self.upper, b = Self.lower
        a.width = 700
        b.width = 700
        b.angle = 2
        #expect(PixelBox.separated([a, b], fitted: [false, false]) == [a, b])
    }

    @Test func theTrackersBoxesNeverOverlapAcrossLines() {
        var tracker = BoxTracker()
        tracker.advance(time: 0, motion: nil)
        tracker.incorporate(
            [TextBox(box: Self.upper, score: 0.9), TextBox(box: Self.lower, score: 0.9, fitted: true)],
            detectedAt: 0, now: 0, frameWidth: 1280, frameHeight: 720, parameters: .init())
        let boxes = tracker.boxes.map(\.text.box)
        #expect(boxes.count == 2 && boxes[0].intersectionArea(boxes[1]) < 1e-6, "\(boxes)")
        #expect(boxes[1] == Self.lower && tracker.boxes[1].text.fitted)
    }

    /// Two lines of "letters" (dark columns, 30 rows) 36 rows apart, boxes 44 rows tall: mirrored one
    /// after the other as they are, the shared rows are reversed twice about two axes and come
    /// out as neither line; cut apart, every row of each line is reversed once about its own
    /// axis.
    @Test func noLettersAreDestroyed() throws {
        let width = 800, height = 400
        var frame = [UInt8](repeating: 230, count: width * height)
        for (row0, x0) in [(185, 100), (221, 130)] {
            for letter in 0..<50 where letter % 3 != 1 {
                for y in row0..<(row0 + 30) {
                    for x in (x0 + 8 * letter)..<(x0 + 8 * letter + 3 + letter % 4) {
                        frame[y * width + x] = 20
                    }
                }
            }
        }
        let a = PixelBox(centerX: 299.5, centerY: 200, width: 404, height: 44)
        let b = PixelBox(centerX: 329.5, centerY: 236, width: 404, height: 44)
        func mirrored(_ boxes: [PixelBox]) throws -> [UInt8] {
            var out = frame
            let mirror = try FrameMirror(format: .gray8, width: width, height: height)
            out.withUnsafeMutableBytes { raw in
                mirror.mirror(
                    boxes, flip: .horizontal, axes: .nearestPerPlane,
                    in: FrameBuffer(width: width, height: height, planes: [raw.baseAddress!], strides: [width]))
            }
            return out
        }
        // Each line alone, mirrored about its own box: what both should come out as.
        let ideal = try mirrored([
            PixelBox(centerX: 299.5, centerY: 200, width: 404, height: 30),
            PixelBox(centerX: 329.5, centerY: 236, width: 404, height: 30)
        ])
        let asTheyAre = try mirrored([a, b])
        let cut = try mirrored(PixelBox.separated([a, b], fitted: [false, false]))
        func wrong(_ out: [UInt8]) -> Int { zip(out, ideal).filter { $0 != $1 }.count }
        #expect(wrong(asTheyAre) > 200, "overlapping boxes destroy the letters in the shared rows")
        #expect(wrong(cut) == 0)
    }
}
