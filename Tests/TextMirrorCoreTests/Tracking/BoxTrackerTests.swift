import Testing
@testable import TextMirrorCore

/// The tracker on its own, with the motion given directly: new tracks, blending, hold time,
/// tentative tracks and latency compensation.
@Suite struct BoxTrackerTests {
    static let ms: UInt64 = 1_000_000
    static let frame: UInt64 = 33 * ms
    static let line = PixelBox(centerX: 300, centerY: 200, width: 240, height: 30)

    static func text(_ box: PixelBox, _ score: Double = 0.9) -> TextBox { TextBox(box: box, score: score) }

    var parameters = BoxTracker.Parameters(smoothing: 0.35, holdTime: 300)

    func incorporate(_ tracker: inout BoxTracker, _ boxes: [TextBox], at time: UInt64, now: UInt64) {
        tracker.incorporate(
            boxes, detectedAt: time, now: now, frameWidth: 1280, frameHeight: 720, parameters: parameters)
    }

    /// Advances `frames` frames with no motion and no detection, from frame `start`.
    static func idle(_ tracker: inout BoxTracker, from start: Int, frames: Int, parameters: BoxTracker.Parameters) {
        for f in start..<(start + frames) {
            tracker.advance(time: UInt64(f) * frame, motion: nil)
            tracker.expire(now: UInt64(f) * frame, frameWidth: 1280, frameHeight: 720, parameters: parameters)
        }
    }

    @Test func detectionStartsATrackAndBlendsIntoIt() {
        var tracker = BoxTracker()
        tracker.advance(time: 0, motion: nil)
        incorporate(&tracker, [Self.text(Self.line)], at: 0, now: 0)
        #expect(tracker.boxes.count == 1 && tracker.boxes[0].fresh && tracker.boxes[0].text.box == Self.line)

        tracker.advance(time: Self.frame, motion: nil)
        #expect(!tracker.boxes[0].fresh, "carried, not detected, in this frame")
        var moved = Self.line
        moved.centerX += 3
        incorporate(&tracker, [Self.text(moved)], at: Self.frame, now: Self.frame)
        #expect(tracker.boxes.count == 1 && tracker.boxes[0].fresh)
        #expect(abs(tracker.boxes[0].text.box.centerX - 301.05) < 1e-9, "0.35 of the way")
    }

    @Test func aFittedBoxKeepsItsMeasuredTiltAndAnUnfittedOneIsLevelled() {
        var tilted = Self.line
        tilted.angle = 2
        var tracker = BoxTracker()
        tracker.advance(time: 0, motion: nil)
        incorporate(&tracker, [TextBox(box: tilted, score: 0.9, fitted: true)], at: 0, now: 0)
        #expect(tracker.boxes.map(\.text.box.angle) == [2], "fitted: the tilt was measured on the ink")

        var other = BoxTracker()
        other.advance(time: 0, motion: nil)
        incorporate(&other, [Self.text(tilted)], at: 0, now: 0)
        #expect(other.boxes.map(\.text.box.angle) == [0], "the detector's 2 degrees are within levelWithin")
    }

    @Test func largeDisagreementIsTakenAtOnce() {
        var tracker = BoxTracker()
        tracker.advance(time: 0, motion: nil)
        incorporate(&tracker, [Self.text(Self.line)], at: 0, now: 0)
        // The noise allowance is 0.15 of the 30 px height, 4.5 px: 9 px and more is real.
        var moved = Self.line
        moved.centerX += 12
        tracker.advance(time: Self.frame, motion: nil)
        incorporate(&tracker, [Self.text(moved)], at: Self.frame, now: Self.frame)
        #expect(tracker.boxes[0].text.box == moved)
    }

    @Test func linesAtTheFrameEdgeAreNotSmoothed() {
        // Half out of view on the right: as it comes in, each detection sees more of it.
        var partial = PixelBox(centerX: 1230, centerY: 200, width: 100, height: 30)
        var tracker = BoxTracker()
        tracker.advance(time: 0, motion: nil)
        incorporate(&tracker, [Self.text(partial)], at: 0, now: 0)
        partial.centerX = 1231
        partial.width = 98
        tracker.advance(time: Self.frame, motion: nil)
        incorporate(&tracker, [Self.text(partial)], at: Self.frame, now: Self.frame)
        #expect(tracker.boxes[0].text.box == partial)
    }

    @Test func aSlowDetectorDoesNotEndBoxes() {
        var tracker = BoxTracker()
        for f in 0..<2 {
            tracker.advance(time: UInt64(f) * Self.frame, motion: nil)
            incorporate(&tracker, [Self.text(Self.line)], at: UInt64(f) * Self.frame, now: UInt64(f) * Self.frame)
        }
        // No detection finishes for a second: nothing says the line has gone.
        Self.idle(&tracker, from: 2, frames: 30, parameters: parameters)
        #expect(tracker.boxes.count == 1)
        // A detection of frame 31 that does not find it ends it (1 s > hold time).
        incorporate(&tracker, [], at: 31 * Self.frame, now: 31 * Self.frame)
        tracker.expire(now: 31 * Self.frame, frameWidth: 1280, frameHeight: 720, parameters: parameters)
        #expect(tracker.boxes.isEmpty)
    }

    @Test func missedDetectionDoesNotDropAConfirmedBox() {
        var tracker = BoxTracker()
        for f in 0..<2 {
            tracker.advance(time: UInt64(f) * Self.frame, motion: nil)
            incorporate(&tracker, [Self.text(Self.line)], at: UInt64(f) * Self.frame, now: UInt64(f) * Self.frame)
        }
        // Two detections without the line, within the hold time: the box stays.
        for f in 2..<4 {
            tracker.advance(time: UInt64(f) * Self.frame, motion: nil)
            incorporate(&tracker, [], at: UInt64(f) * Self.frame, now: UInt64(f) * Self.frame)
            tracker.expire(now: UInt64(f) * Self.frame, frameWidth: 1280, frameHeight: 720, parameters: parameters)
        }
        #expect(tracker.boxes.count == 1)
        // Text gone: the box ends once the hold time (300 ms) since frame 1 has passed.
        Self.idle(&tracker, from: 4, frames: 7, parameters: parameters)
        #expect(tracker.boxes.count == 1, "frame 10: 297 ms since the last detection")
        Self.idle(&tracker, from: 11, frames: 1, parameters: parameters)
        #expect(tracker.boxes.isEmpty, "frame 11: 330 ms since the last detection")
    }

    @Test func oneOffDetectionEndsAtTheNextDetection() {
        var tracker = BoxTracker()
        tracker.advance(time: 0, motion: nil)
        incorporate(&tracker, [Self.text(Self.line)], at: 0, now: 0)
        tracker.advance(time: Self.frame, motion: nil)
        incorporate(&tracker, [], at: Self.frame, now: Self.frame)
        #expect(tracker.boxes.isEmpty, "seen once, then not: a false detection, gone at once")
    }

    @Test func boxesFollowTheMotion() throws {
        var tracker = BoxTracker()
        tracker.advance(time: 0, motion: nil)
        incorporate(&tracker, [Self.text(Self.line)], at: 0, now: 0)
        // The picture pans by 8 px a frame; the box's own measurement says 7.
        tracker.advance(
            time: Self.frame, motion: FrameMotion(global: .translation(8, 0), regions: [.translation(7, 0)]))
        #expect(tracker.boxes[0].text.box.centerX == 307)
        tracker.advance(time: 2 * Self.frame, motion: FrameMotion(global: .translation(8, 0), regions: [nil]))
        #expect(tracker.boxes[0].text.box.centerX == 315, "no measurement of its own: the picture's motion")
    }

    @Test func lateDetectionIsBroughtForward() throws {
        var tracker = BoxTracker()
        // A new line detected on frame 0, delivered at frame 3 while the picture panned 8 px a
        // frame: it belongs 24 px further on.
        for f in 0...3 {
            tracker.advance(time: UInt64(f) * Self.frame, motion: FrameMotion(global: .translation(8, 0), regions: []))
        }
        incorporate(&tracker, [Self.text(Self.line)], at: 0, now: 3 * Self.frame)
        #expect(tracker.boxes.count == 1 && tracker.boxes[0].text.box.centerX == 324)
        // A second late detection (frame 2, delivered at 5) of the same line matches the
        // track and lands where the line is now: the blend does not pull the box back.
        for f in 4...5 {
            tracker.advance(
                time: UInt64(f) * Self.frame, motion: FrameMotion(global: .translation(8, 0), regions: [nil]))
        }
        var seen = Self.line
        seen.centerX += 16
        incorporate(&tracker, [Self.text(seen)], at: 2 * Self.frame, now: 5 * Self.frame)
        #expect(
            tracker.boxes.count == 1 && abs(tracker.boxes[0].text.box.centerX - 340) < 1e-9,
            "\(tracker.boxes[0].text.box.centerX)")
    }

    @Test func detectionOlderThanTheHistoryIsDropped() {
        var tracker = BoxTracker()
        tracker.advance(time: 5 * Self.frame, motion: nil)
        incorporate(&tracker, [Self.text(Self.line)], at: 0, now: 5 * Self.frame)
        #expect(tracker.boxes.isEmpty, "no idea where the line went since frame 0")
    }

    @Test func textLeavingTheFrameTakesItsBoxAlong() {
        var tracker = BoxTracker()
        tracker.advance(time: 0, motion: nil)
        incorporate(&tracker, [Self.text(Self.line)], at: 0, now: 0)
        for f in 1...20 {
            tracker.advance(
                time: UInt64(f) * Self.frame, motion: FrameMotion(global: .translation(-30, 0), regions: [nil]))
            tracker.expire(now: UInt64(f) * Self.frame, frameWidth: 1280, frameHeight: 720, parameters: parameters)
        }
        #expect(tracker.boxes.isEmpty, "moved out of the frame")
    }

    @Test func aLineTrackedTwiceKeepsTheNewerTrack() {
        var tracker = BoxTracker()
        tracker.advance(time: 0, motion: nil)
        incorporate(&tracker, [Self.text(Self.line)], at: 0, now: 0)
        incorporate(&tracker, [Self.text(Self.line)], at: 0, now: 0)
        // Now the detector splits the line in two halves, more than a word space apart: one
        // matches the old track, which takes its detection as it is rather than lagging over
        // the other half.
        var left = Self.line, right = Self.line
        left.width = 100
        left.centerX -= 70
        right.width = 100
        right.centerX += 70
        tracker.advance(time: Self.frame, motion: nil)
        incorporate(&tracker, [Self.text(left), Self.text(right)], at: Self.frame, now: Self.frame)
        let boxes = tracker.boxes.map(\.text.box).sorted { $0.centerX < $1.centerX }
        #expect(boxes == [left, right], "\(boxes)")
    }
}

extension BoxTrackerTests {
    @Test func aBoxTheFlowLostEndsAtTheFirstMissedDetection() {
        var tracker = BoxTracker()
        for f in 0..<3 {
            tracker.advance(time: UInt64(f) * Self.frame, motion: FrameMotion(global: .identity, regions: [.identity]))
            incorporate(&tracker, [Self.text(Self.line)], at: UInt64(f) * Self.frame, now: UInt64(f) * Self.frame)
        }
        // The picture cuts: the box's features go different ways, and the next detection misses it.
        tracker.advance(time: 3 * Self.frame, motion: FrameMotion(global: nil, regions: [nil], lost: [true]))
        #expect(tracker.boxes.count == 1, "the flow alone does not end a box")
        incorporate(&tracker, [], at: 3 * Self.frame, now: 3 * Self.frame)
        #expect(tracker.boxes.isEmpty)
    }

    @Test func tooFewFeaturesIsNotLost() {
        var tracker = BoxTracker()
        for f in 0..<3 {
            tracker.advance(time: UInt64(f) * Self.frame, motion: FrameMotion(global: .identity, regions: [.identity]))
            incorporate(&tracker, [Self.text(Self.line)], at: UInt64(f) * Self.frame, now: UInt64(f) * Self.frame)
        }
        // Tiny text: no motion of its own this frame, but nothing says it went.
        tracker.advance(time: 3 * Self.frame, motion: FrameMotion(global: .identity, regions: [nil]))
        incorporate(&tracker, [], at: 3 * Self.frame, now: 3 * Self.frame)
        #expect(tracker.boxes.count == 1)
    }

    @Test func aMissedDetectionAloneDoesNotEndAFollowedBox() {
        var tracker = BoxTracker()
        for f in 0..<3 {
            tracker.advance(time: UInt64(f) * Self.frame, motion: FrameMotion(global: .identity, regions: [.identity]))
            incorporate(&tracker, [Self.text(Self.line)], at: UInt64(f) * Self.frame, now: UInt64(f) * Self.frame)
        }
        tracker.advance(time: 3 * Self.frame, motion: FrameMotion(global: .identity, regions: [.identity]))
        incorporate(&tracker, [], at: 3 * Self.frame, now: 3 * Self.frame)
        #expect(tracker.boxes.count == 1)
    }
}

/// Which way a tracked line runs (the axis it is mirrored about) when its detections disagree:
/// a line panned into view is first seen as a sliver at the frame edge, higher than wide.
extension BoxTrackerTests {
    /// "Freephone" on the real-photo pan: 627 x 127 px, coming in from the right at 8 px a frame.
    static let sign = PixelBox(centerX: 640, centerY: 300, width: 627, height: 127)

    /// The detector's description of the part of `line` left of x = 1280: the long side first
    /// (`TextBoxPostprocess.orientedAlongText`), so a sliver higher than wide is a line turned 90°.
    static func inView(_ line: PixelBox) -> PixelBox {
        let x0 = line.centerX - line.width / 2, x1 = min(line.centerX + line.width / 2, 1280)
        let part = PixelBox(centerX: (x0 + x1) / 2, centerY: line.centerY, width: x1 - x0, height: line.height)
        return TextBoxPostprocess.orientedAlongText(part)
    }

    @Test func aLineFirstSeenAsASliverAtTheEdgeIsMirroredAlongItsLength() {
        var tracker = BoxTracker()
        var line = Self.sign
        line.centerX = 1280 - 60 + line.width / 2  // 60 px in view
        let sliver = Self.inView(line)
        #expect(abs(sliver.angle) == 90 && sliver.width == 127, "the detector's view: a short line turned 90°")
        for f in 0..<80 {
            let time = UInt64(f) * Self.frame
            tracker.advance(time: time, motion: f == 0 ? nil : FrameMotion(global: .translation(-8, 0), regions: [nil]))
            incorporate(&tracker, [Self.text(Self.inView(line))], at: time, now: time)
            #expect(tracker.boxes.count == 1)
            let box = tracker.boxes[0].text.box
            #expect(box.angle == 0, "frame \(f): mirrored left to right, never upside down (\(box))")
            line.centerX -= 8
        }
        let box = tracker.boxes[0].text.box
        #expect(abs(box.width - 627) < 1e-6 && abs(box.height - 127) < 1e-6, "\(box)")
    }

    @Test func aTrackTurnedTheWrongWayTakesTheWayItsWholeLineRuns() {
        // A track that started turned (as before the edge rule, or from a detection that was
        // wrong once) is set right by the first detection that clearly runs the other way.
        var tracker = BoxTracker()
        var turned = Self.sign
        swap(&turned.width, &turned.height)
        turned.angle = 90
        tracker.advance(time: 0, motion: nil)
        incorporate(&tracker, [Self.text(turned)], at: 0, now: 0)
        tracker.advance(time: Self.frame, motion: nil)
        incorporate(&tracker, [Self.text(Self.sign)], at: Self.frame, now: Self.frame)
        #expect(tracker.boxes.map(\.text.box) == [Self.sign])
    }

    @Test func aLineLeavingTheFrameKeepsItsWay() {
        var tracker = BoxTracker()
        var line = Self.sign
        for f in 0..<3 {
            tracker.advance(time: UInt64(f) * Self.frame, motion: nil)
            incorporate(&tracker, [Self.text(line)], at: UInt64(f) * Self.frame, now: UInt64(f) * Self.frame)
        }
        // Only 50 px of it are left at the left edge: the detector sees a line turned 90°.
        line.centerX = 50 - line.width / 2
        tracker.advance(
            time: 3 * Self.frame, motion: FrameMotion(global: .translation(line.centerX - 640, 0), regions: [nil]))
        let sliver = TextBoxPostprocess.orientedAlongText(PixelBox(centerX: 25, centerY: 300, width: 50, height: 127))
        #expect(abs(sliver.angle) == 90)
        incorporate(&tracker, [Self.text(sliver)], at: 3 * Self.frame, now: 3 * Self.frame)
        #expect(tracker.boxes.count == 1)
        let box = tracker.boxes[0].text.box
        #expect(box.angle == 0 && box.height == 127, "\(box)")
    }

    @Test func aNearlySquareBoxKeepsItsTracksWay() {
        // 40 x 32: the detector may describe it either way from one detection to the next.
        var tracker = BoxTracker()
        let word = PixelBox(centerX: 400, centerY: 300, width: 40, height: 32)
        var other = word
        swap(&other.width, &other.height)
        other.angle = 90
        for (f, box) in [word, other, word, other].enumerated() {
            tracker.advance(time: UInt64(f) * Self.frame, motion: nil)
            incorporate(&tracker, [Self.text(box)], at: UInt64(f) * Self.frame, now: UInt64(f) * Self.frame)
            #expect(tracker.boxes.map(\.text.box) == [word])
        }
    }
}

/// Lines cut by the frame edge: the part coming into view belongs in the box at once, not
/// after the next detection (it would show unmirrored beside its mirror image).
extension BoxTrackerTests {
    /// The visible part, x 1000...1280, of a line running on past the right edge.
    static let enteringPart = PixelBox(centerX: 1140, centerY: 300, width: 280, height: 40)

    @Test func aBoxCutByTheFrameEdgeReachesItAsItsLineComesIn() {
        var tracker = BoxTracker()
        tracker.advance(time: 0, motion: nil, frameWidth: 1280, frameHeight: 720)
        incorporate(&tracker, [Self.text(Self.enteringPart)], at: 0, now: 0)
        for f in 1...5 {
            tracker.advance(
                time: UInt64(f) * Self.frame, motion: FrameMotion(global: .translation(-8, 0), regions: [nil]),
                frameWidth: 1280, frameHeight: 720)
        }
        // The line's start moved 40 px left; its box still runs to the edge.
        #expect(tracker.boxes.map(\.text.box) == [PixelBox(centerX: 1120, centerY: 300, width: 320, height: 40)])
    }

    @Test func aLateDetectionOfALineComingInReachesTheFrameEdge() {
        var tracker = BoxTracker()
        for f in 0...3 {
            tracker.advance(
                time: UInt64(f) * Self.frame, motion: FrameMotion(global: .translation(-8, 0), regions: []),
                frameWidth: 1280, frameHeight: 720)
        }
        // Detected on frame 0, delivered at frame 3: its start is now 24 px further left.
        incorporate(&tracker, [Self.text(Self.enteringPart)], at: 0, now: 3 * Self.frame)
        #expect(tracker.boxes.map(\.text.box) == [PixelBox(centerX: 1128, centerY: 300, width: 304, height: 40)])
    }

    @Test func boxesAwayFromTheEdgeOrLeavingItOnlyMove() {
        let pan = Motion.translation(-8, 0)
        let inside = Self.line
        #expect(BoxTracker.carry(inside, by: pan, frameWidth: 1280, frameHeight: 720) == pan.apply(inside))
        let leaving = PixelBox(centerX: 100, centerY: 300, width: 200, height: 40)
        #expect(
            BoxTracker.carry(leaving, by: pan, frameWidth: 1280, frameHeight: 720) == pan.apply(leaving),
            "moving out of view: nothing comes in")
        var tilted = Self.enteringPart
        tilted.angle = 5
        #expect(
            BoxTracker.carry(tilted, by: pan, frameWidth: 1280, frameHeight: 720) == pan.apply(tilted),
            "only boxes with sides along the frame's")
        #expect(
            BoxTracker.carry(Self.enteringPart, by: pan, frameWidth: nil, frameHeight: nil)
                == pan.apply(Self.enteringPart))
    }

    @Test func aTurnedLineCutByTheTopEdgeReachesIt() {
        // A line running up the frame (90°), cut by the top edge, as the camera tilts up.
        let part = PixelBox(centerX: 400, centerY: 100, width: 200, height: 30, angle: 90)
        let carried = BoxTracker.carry(part, by: .translation(0, 10), frameWidth: 1280, frameHeight: 720)
        #expect(abs(carried.centerY - 105) < 1e-9 && abs(carried.width - 210) < 1e-9 && abs(carried.height - 30) < 1e-9)
        #expect(carried.angle == 90 && carried.centerX == 400)
    }
}

extension BoxTrackerTests {
    @Test func aBoxFittedAFewPixelsShortOfTheEdgeReachesIt() {
        // The cut letter at the edge ends the fitted ink 6 px short of it: within a tenth of
        // the 127 px line height, so the line still runs on past the edge.
        let fitted = PixelBox(centerX: 1137, centerY: 300, width: 274, height: 127)
        let carried = BoxTracker.carry(fitted, by: .translation(-8, 0), frameWidth: 1280, frameHeight: 720)
        #expect(carried == PixelBox(centerX: 1136, centerY: 300, width: 288, height: 127))
        // 20 px short: the line ends there.
        let ended = PixelBox(centerX: 1130, centerY: 300, width: 260, height: 127)
        #expect(
            BoxTracker.carry(ended, by: .translation(-8, 0), frameWidth: 1280, frameHeight: 720)
                == Motion.translation(-8, 0).apply(ended))
    }
}

/// A line the detector split at a word gap into two overlapping boxes is one line: mirrored
/// as two, their overlap would be reversed twice (doubled letters).
extension BoxTrackerTests {
    /// "Private | Hire" on the real-photo pan: 404 and 144 px pieces, 106 px high, overlapping by 56 px.
    static let private_ = PixelBox(centerX: 982, centerY: 416, width: 404, height: 106)
    static let hire = PixelBox(centerX: 1200, centerY: 414, width: 144, height: 104)

    @Test func overlappingPiecesOfOneLineAreJoined() {
        var tracker = BoxTracker()
        tracker.advance(time: 0, motion: nil)
        incorporate(&tracker, [Self.text(Self.private_, 0.8), Self.text(Self.hire, 0.9)], at: 0, now: 0)
        let boxes = tracker.boxes.map(\.text)
        #expect(boxes.count == 1)
        #expect(boxes.first?.box == PixelBox(centerX: 1026, centerY: 415.5, width: 492, height: 107))
        #expect(boxes.first?.score == 0.9)
    }

    @Test func piecesJoinWithTheirReadingsInReadingOrder() throws {
        let left = TextBox(
            box: Self.private_, score: 0.8, fitted: true,
            reading: TextReading(text: "Private", score: 0.9, mirrored: false))
        let right = TextBox(
            box: Self.hire, score: 0.9, fitted: true, reading: TextReading(text: "Hire", score: 0.8, mirrored: false))
        let line = try #require(BoxTracker.join(right, left, levelWithin: 3))
        #expect(line.reading == TextReading(text: "Private Hire", score: 0.8, mirrored: false) && line.fitted)
        // Mirror-written, the right piece is read first.
        var p = left, q = right
        p.reading?.mirrored = true
        q.reading?.mirrored = true
        #expect(BoxTracker.join(p, q, levelWithin: 3)?.reading?.text == "Hire Private")
        q.reading?.mirrored = false
        #expect(BoxTracker.join(p, q, levelWithin: 3) == nil, "one reads mirrored, the other not: different text")
    }

    /// Words of one line the detector boxed apart, and the line they make (centre and width).
    /// "Private" and "Hire", as the detector at 960 boxed them on a real sign: a gap of 0.44
    /// of their height. "Bus stop" and "42" in a monospaced font, as on the motion bench's
    /// pan: the digits' box lacks the descender of "p" and is 33 px high to the line's 40, and
    /// the space is 26.5 px, two thirds of the line's height.
    static let splitLines: [(words: [PixelBox], centerX: Double, width: Double)] = [
        (
            [
                PixelBox(centerX: 434, centerY: 416, width: 391, height: 106),
                PixelBox(centerX: 799, centerY: 416.5, width: 243, height: 109)
            ], 579.5, 682
        ),
        (
            [
                PixelBox(centerX: 132.5, centerY: 135, width: 187, height: 40),
                PixelBox(centerX: 274.25, centerY: 130, width: 43.5, height: 33)
            ], 167.5, 257
        )
    ]

    /// Joined, the line is mirrored whole, not word by word.
    @Test(arguments: splitLines)
    func wordsAWordSpaceApartAreOneLine(_ words: [PixelBox], centerX: Double, width: Double) throws {
        let joined = BoxTracker.joiningSplitLines(words.map { Self.text($0) }, levelWithin: 3)
        #expect(joined.count == 1)
        let line = try #require(joined.first)
        #expect(line.box.centerX == centerX && line.box.width == width, "\(line.box)")
    }

    @Test func boxesOfDifferentLinesStayApart() {
        // Stacked lines whose boxes touch, a short piece beside a tall one, pieces at an
        // angle to each other, and two columns a gutter (more than a word space) apart.
        let line = Self.text(PixelBox(centerX: 400, centerY: 300, width: 300, height: 40))
        let below = Self.text(PixelBox(centerX: 400, centerY: 338, width: 300, height: 40))
        let small = Self.text(PixelBox(centerX: 560, centerY: 300, width: 60, height: 20))
        let tilted = Self.text(PixelBox(centerX: 560, centerY: 300, width: 60, height: 40, angle: 8))
        let apart = Self.text(PixelBox(centerX: 640, centerY: 300, width: 80, height: 40))
        for other in [below, small, tilted, apart] {
            #expect(BoxTracker.joiningSplitLines([line, other], levelWithin: 3).count == 2, "\(other.box)")
        }
    }
}
