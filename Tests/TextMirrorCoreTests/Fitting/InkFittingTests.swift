import Foundation
import Testing
@testable import TextMirrorCore

/// Fitting detected boxes on the frame they came from (a detection input's snapshot).
@Suite struct InkFittingTests {
    static let width = 500, height = 100

    /// A detection input holding a GRAY8 frame with `pixels`.
    static func input(_ pixels: [UInt8]) -> DetectionInput {
        var bytes = pixels
        return bytes.withUnsafeMutableBytes { raw in
            let frame = FrameBuffer(width: width, height: height, planes: [raw.baseAddress!], strides: [width])
            let snapshot = FrameSnapshot(frame, layout: FrameLayout(.gray8))
            let downscaler = RGBDownscaler(
                format: .gray8, frameWidth: width, frameHeight: height,
                outputWidth: 64, outputHeight: 32)
            return DetectionInput(snapshot: snapshot, downscaler: downscaler)
        }
    }

    @Test func fitsATiltedLineTheDetectorCalledLevelish() throws {
        let pixels = InkRefinementTests.turnedLine(degrees: 3, width: Self.width, height: Self.height, length: 304)
        // The detector's angle is off by 2 degrees; fitting levels it, then measures 3.
        let detected = TextBox(box: PixelBox(centerX: 253, centerY: 52, width: 314, height: 40, angle: 1), score: 0.8)
        let fitted = try #require(
            InkFitting().fit(
                [detected], on: Self.input(pixels), horizontally: true,
                vertically: false
            ).first)
        #expect(fitted.fitted && fitted.score == 0.8)
        #expect(abs(fitted.box.angle - 3) < 0.5, "\(fitted.box.angle)")
        #expect(abs(fitted.box.centerX - 250) < 0.75 && abs(fitted.box.centerY - 50) < 0.75, "\(fitted.box)")
    }

    @Test func dropsAPieceTheFittedLineReachedAcrossButNotOneThatRunsOn() {
        // A fitted line at 6 degrees, x 100-400 along it; a detected piece of its first word,
        // inside it; and a second piece that overlaps its last 200 px by more than half and
        // runs on 150 px past its end (the words the first box left out).
        let line = TextBox(
            box: PixelBox(centerX: 250, centerY: 50, width: 300, height: 20, angle: 6), score: 0.8, fitted: true)
        let along = SIMD2(cos(6 * Double.pi / 180), sin(6 * Double.pi / 180))
        let first = line.box.center - 120 * along, rest = line.box.center + 125 * along
        let inside = TextBox(
            box: PixelBox(centerX: first.x, centerY: first.y, width: 50, height: 30, angle: 6), score: 0.7)
        let runningOn = TextBox(
            box: PixelBox(centerX: rest.x, centerY: rest.y, width: 250, height: 22, angle: 6), score: 0.7, fitted: true)
        #expect(runningOn.box.intersectionArea(line.box) > InkFitting.maxPieceOverlap * runningOn.box.area)
        #expect(InkFitting.withoutPieces([line, inside, runningOn]) == [line, runningOn])
    }

    @Test func aLevelFitOverLinesRunningAcrossItIsABlockAndLeftOut() {
        // A newspaper column of turned headlines (90°, 60 x 9 px, 12 px apart), which the
        // detector also boxed as one squarish box, fitted level 130 x 60 over them.
        let block = TextBox(box: PixelBox(centerX: 100, centerY: 50, width: 130, height: 60), score: 0.6, fitted: true)
        let headlines = [70.0, 82, 94].map {
            TextBox(
                box: PixelBox(centerX: $0, centerY: 50, width: 60, height: 9, angle: 90), score: 0.8, fitted: true)
        }
        #expect(InkFitting.withoutPieces([block] + headlines) == headlines)
        // One box across a level line is a stroke boxed on its own, not a block: it is a piece.
        #expect(InkFitting.withoutPieces([block, headlines[0]]) == [block])
        // Pieces running along the fitted box do not make it a block.
        let words = [70.0, 130].map {
            TextBox(box: PixelBox(centerX: $0, centerY: 50, width: 40, height: 20), score: 0.7)
        }
        #expect(InkFitting.withoutPieces([block] + words) == [block])
    }

    @Test func leavesBoxesWithoutInkAsDetected() {
        let flat = [UInt8](repeating: 128, count: Self.width * Self.height)
        let detected = TextBox(box: PixelBox(centerX: 250, centerY: 50, width: 300, height: 30, angle: 1), score: 0.6)
        #expect(InkFitting().fit([detected], on: Self.input(flat), horizontally: true, vertically: false) == [detected])
    }

    @Test func anInputWithoutAFrameIsLeftAlone() {
        let rgbOnly = DetectionInput(width: 2, height: 1, rgb: [0, 0, 0, 255, 255, 255], frameWidth: 2, frameHeight: 1)
        let detected = TextBox(box: PixelBox(centerX: 1, centerY: 0.5, width: 2, height: 1), score: 0.9)
        #expect(InkFitting().fit([detected], on: rgbOnly, horizontally: true, vertically: false) == [detected])
    }
}

extension InkFittingTests {
    /// A remembered line is fitted at its remembered tilt without measuring it again, until its
    /// time is up: the line turned from 3° to -1° keeps 3° for one detection, then (its box
    /// moved by 2 px, as a moving line's does) gets -1°.
    @Test func aRememberedLineIsFittedAtItsKnownTiltUntilRenewed() throws {
        let detected = TextBox(box: PixelBox(centerX: 253, centerY: 52, width: 314, height: 40, angle: 1), score: 0.8)
        let memory = LineMemory<InkFitting.LineFit>()
        func fit(_ degrees: Double, moved: Double = 0) throws -> PixelBox {
            var detected = detected
            detected.box.centerX += moved
            let input = Self.input(
                InkRefinementTests.turnedLine(
                    degrees: degrees, width: Self.width,
                    height: Self.height, length: 304))
            let fitted = InkFitting().fit(
                [detected], on: input, horizontally: true, vertically: false,
                memory: memory, renewAfter: 2)
            #expect(
                fitted == InkFitting().fit([detected], on: input, horizontally: true, vertically: false)
                    || (degrees == -1 && moved == 0))
            return try #require(fitted.first).box
        }
        let measured = try fit(3)
        #expect(abs(measured.angle - 3) < 0.5, "\(measured)")
        let remembered = try fit(-1)
        #expect(remembered.angle == measured.angle, "\(remembered)")
        let renewed = try fit(-1, moved: 2)
        #expect(abs(renewed.angle + 1) < 0.5, "\(renewed)")
    }

    /// A line whose detected box has not moved since it was fitted takes that fit again
    /// without reading the frame (here its ink is gone, and it still keeps its fit); once its
    /// box moves, the frame is read again.
    @Test func aLineWhoseBoxHasNotMovedTakesItsLastFit() throws {
        let detected = TextBox(box: PixelBox(centerX: 253, centerY: 52, width: 314, height: 40, angle: 1), score: 0.8)
        let memory = LineMemory<InkFitting.LineFit>()
        let line = Self.input(
            InkRefinementTests.turnedLine(degrees: 3, width: Self.width, height: Self.height, length: 304))
        let flat = Self.input([UInt8](repeating: 128, count: Self.width * Self.height))
        func fit(_ input: DetectionInput, moved: Double = 0) -> [TextBox] {
            var detected = detected
            detected.box.centerX += moved
            return InkFitting().fit([detected], on: input, horizontally: true, vertically: false, memory: memory, renewAfter: 2)
        }
        let fitted = fit(line)
        #expect(fitted.first?.fitted == true)
        #expect(fit(flat, moved: 0.5) == fitted)
        #expect(fit(flat, moved: 2).first?.fitted == false)
    }

    /// That a line's ink could not be told is remembered too (it is not measured again until
    /// renewed), except near the frame edge, where a line panned into view cannot be fitted
    /// until the rest of it comes in: the first detection after it can be is fitted.
    @Test("Near the frame edge, a line that could not be fitted is fitted next time", arguments: [10, 140])
    func anUnfitLineNearTheEdgeIsNotRemembered(inkStart: Int) throws {
        let flat = [UInt8](repeating: 230, count: Self.width * Self.height)
        var line = flat
        for stroke in 0..<34 {
            for y in 40..<60 {
                for x in (inkStart + 6 * stroke)..<(inkStart + 4 + 6 * stroke) { line[y * Self.width + x] = 20 }
            }
        }
        let inkCentre = Double(inkStart) + 101
        let detected = TextBox(box: PixelBox(centerX: inkCentre, centerY: 50, width: 214, height: 34), score: 0.8)
        let memory = LineMemory<InkFitting.LineFit>()
        func fit(_ pixels: [UInt8]) throws -> TextBox {
            try #require(
                InkFitting().fit(
                    [detected], on: Self.input(pixels), horizontally: true, vertically: false,
                    memory: memory, renewAfter: 30
                ).first)
        }
        #expect(try fit(flat) == detected)
        let next = try fit(line)
        let nearEdge = inkStart < 20
        #expect(next.fitted == nearEdge, "\(next)")
        if nearEdge { #expect(abs(next.box.centerX - inkCentre) < 0.5 && abs(next.box.width - 204) < 3, "\(next)") }
    }
}
