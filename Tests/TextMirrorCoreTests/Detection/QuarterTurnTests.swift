import Testing
import TextMirrorCore

@Suite("QuarterTurn: lines running up or down the frame, from a detection of the picture turned a quarter")
struct QuarterTurnTests {
    /// Finds the red pixels of its input as one line when they lie level (wider than high), as
    /// the real detector finds level lines; a vertical bar it does not see.
    final class LevelRedDetector: TextDetecting {
        func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> DetectionInput {
            fatalError("not used")
        }

        func detect(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox] {
            let rgb = input.makeRGB()
            var xs: [Int] = [], ys: [Int] = []
            for y in 0..<input.height {
                for x in 0..<input.width where rgb[(y * input.width + x) * 3] > 200 {
                    xs.append(x)
                    ys.append(y)
                }
            }
            guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(), x1 - x0 > y1 - y0
            else { return [] }
            let sx = Double(input.frameWidth) / Double(input.width),
                sy = Double(input.frameHeight) / Double(input.height)
            return [
                TextBox(
                    box: PixelBox(
                        centerX: Double(x0 + x1 + 1) / 2 * sx, centerY: Double(y0 + y1 + 1) / 2 * sy,
                        width: Double(x1 - x0 + 1) * sx, height: Double(y1 - y0 + 1) * sy),
                    score: 0.9)
            ]
        }
    }

    @Test func turnMovesEachPixelAQuarterClockwise() {
        // 3 wide, 2 high; pixel values are their index.
        let rgb: [UInt8] = (0..<6).flatMap { [UInt8($0), 0, 0] as [UInt8] }
        let turned = QuarterTurn.turn(rgb, width: 3, height: 2)
        // 2 wide, 3 high: the bottom-left pixel (3) comes to the top-left, the top-left (0) to
        // the top-right.
        #expect(stride(from: 0, to: 18, by: 3).map { turned[$0] } == [3, 0, 4, 1, 5, 2])
    }

    @Test func aVerticalLineIsFoundOnlyWithVerticalTextWhereItIs() throws {
        // A 64x32 input of a 128x64 frame with a red bar 4 wide and 24 high at x 10, y 4.
        var rgb = [UInt8](repeating: 128, count: 64 * 32 * 3)
        for y in 4..<28 {
            for x in 10..<14 {
                (rgb[(y * 64 + x) * 3], rgb[(y * 64 + x) * 3 + 1], rgb[(y * 64 + x) * 3 + 2]) = (255, 0, 0)
            }
        }
        var input = DetectionInput(width: 64, height: 32, rgb: rgb, frameWidth: 128, frameHeight: 64)
        let detector = LevelRedDetector()
        #expect(try detector.findLines(input, thresholds: DetectionThresholds()).isEmpty)
        input.verticalText = true
        let lines = try detector.findLines(input, thresholds: DetectionThresholds())
        try #require(lines.count == 1)
        let box = lines[0].box
        // The bar in frame pixels: x 20..28, y 8..56, running down or up the frame.
        #expect(abs(box.centerX - 24) < 1e-9 && abs(box.centerY - 32) < 1e-9)
        #expect(abs(box.width - 48) < 1e-9 && abs(box.height - 8) < 1e-9)
        #expect(box.isSteep && abs(abs(box.angle) - 90) < 1e-9)
    }

    @Test func eachPassIsTrustedWithTheLinesItSeesLevel() {
        func line(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ angle: Double, _ score: Double) -> TextBox {
            TextBox(box: PixelBox(centerX: x, centerY: y, width: w, height: h, angle: angle), score: score)
        }
        let level = line(100, 20, 120, 20, 0, 0.7)
        // The upright pass boxed a vertical line's letters as a level piece (more surely than
        // the line), and the line itself steep; the turned pass found the whole line.
        let piece = line(300, 100, 30, 20, 0, 0.8)
        let steepUpright = line(300, 120, 120, 22, 90, 0.6)
        let vertical = line(300, 120, 130, 20, -90, 0.7)
        // The turned pass also saw the level line on end (level in the frame), a squarish
        // texture, and a steep line crossing nothing.
        let onEnd = line(100, 20, 40, 20, 0, 0.9)
        let squarish = line(500, 300, 60, 50, 90, 0.9)
        let alone = line(600, 300, 90, 20, 88, 0.6)
        let merged = QuarterTurn.merge(
            upright: [level, piece, steepUpright], turned: [vertical, onEnd, squarish, alone])
        #expect(merged == [level, vertical, alone])
        // Without a turned line on it, an upright steep box stays.
        #expect(QuarterTurn.merge(upright: [level, steepUpright], turned: []) == [level, steepUpright])
        // Where a level line and a vertical one cover the same text, the longer stays.
        let long = line(300, 100, 200, 24, 0, 0.6), short = line(300, 100, 44, 20, 90, 0.9)
        #expect(QuarterTurn.merge(upright: [long], turned: [short]) == [long])
    }
}
