import Testing
import TextMirrorCore

/// Where a line's characters lie (`TextReading.characterSpan`), and whether a line's text lies
/// only in part of its box (`LineReader.reads(_:onlyIn:notIn:frame:format:)`).
@Suite struct LineReaderTextSpanTests {
    static let width = 400, height = 100

    /// An RGBA frame, mid-gray, with red over `red` and blue over `blue` (columns), rows 30..<70.
    static func frame(red: Range<Int>, blue: Range<Int> = 0..<0) -> [UInt8] {
        var bytes = [UInt8](repeating: 128, count: width * height * 4)
        for y in 30..<70 {
            for x in red { bytes[(y * width + x) * 4] = 255; bytes[(y * width + x) * 4 + 1] = 0; bytes[(y * width + x) * 4 + 2] = 0 }
            for x in blue { bytes[(y * width + x) * 4] = 0; bytes[(y * width + x) * 4 + 1] = 0; bytes[(y * width + x) * 4 + 2] = 255 }
        }
        return bytes
    }

    static func withFrame<R>(_ bytes: [UInt8], _ body: (FrameBuffer) -> R) -> R {
        var bytes = bytes
        return bytes.withUnsafeMutableBytes { raw in
            body(FrameBuffer(width: width, height: height, planes: [raw.baseAddress!], strides: [width * 4]))
        }
    }

    /// Reads "a", at the crop's first of four steps, when the crop starts red.
    static let redStartReadsA = FakeRecognizer { crop in
        let start = (crop.height / 2 * crop.width + 2) * 3
        let red = crop.rgb[start] > 200 && crop.rgb[start + 2] < 50
        return RecognizedSteps(classes: red ? [1, 0, 0, 0] : [0, 0, 0, 0], probabilities: [0.95, 0.9, 0.9, 0.9])
    }

    /// The first step's middle is an eighth of the crop from its start, which the crop's margin
    /// puts before the box's start; read mirrored, the crop starts at the box's end.
    @Test func aSpanLiesWhereItsStepsLieAlongTheBox() throws {
        let box = PixelBox(centerX: 200, centerY: 50, width: 200, height: 40)
        let sourceWidth = LineCrop.source(of: box).width
        let fromStart = (0.125 - 0.5) * sourceWidth
        for (bytes, mirrored, expected) in [
            (Self.frame(red: 0..<200, blue: 200..<400), false, fromStart),
            (Self.frame(red: 200..<400, blue: 0..<200), true, -fromStart),
        ] {
            let read = Self.withFrame(bytes) { frame in
                LineReader(recognizer: Self.redStartReadsA).read(
                    [TextBox(box: box, score: 0.9)], in: frame, format: .rgba, policy: LineReader.Policy())
            }
            let reading = try #require(read.first?.reading)
            #expect(reading.mirrored == mirrored && reading.text == "a")
            let span = try #require(reading.characterSpan)
            #expect(abs(span.lowerBound - expected) < 1e-9 && abs(span.upperBound - expected) < 1e-9, "\(span)")
        }
    }

    /// Reads "ab" when the crop's middle row holds red anywhere; nothing otherwise.
    static let anyRedReadsAB = FakeRecognizer { crop in
        let row = crop.height / 2 * crop.width * 3
        let red = (0..<crop.width).contains { crop.rgb[row + 3 * $0] > 200 && crop.rgb[row + 3 * $0 + 2] < 50 }
        return red ? FakeRecognizer.surelyAB : FakeRecognizer.nothing
    }

    /// Text (red, 100..<200) and a shape beside it (blue, 210..<260): the text lies in the box
    /// up to the gap, not in the rest; nor does it lie beside a cut through the text. The margin
    /// of each crop is left out: read with it, the part beyond the gap would reach back to the
    /// red and read as text.
    @Test func theTextLiesOnlyWhereItIsRead() {
        let reader = LineReader(recognizer: Self.anyRedReadsAB)
        let reading = TextReading(text: "ab", score: 0.925, mirrored: false)
        func part(_ x0: Double, _ x1: Double) -> PixelBox {
            PixelBox(centerX: (x0 + x1) / 2, centerY: 50, width: x1 - x0, height: 40)
        }
        Self.withFrame(Self.frame(red: 100..<200, blue: 210..<260)) { frame in
            #expect(reader.reads(reading, onlyIn: part(99, 205), notIn: [part(205, 261)], frame: frame, format: .rgba))
            #expect(!reader.reads(reading, onlyIn: part(99, 150), notIn: [part(150, 261)], frame: frame, format: .rgba))
            #expect(!reader.reads(reading, onlyIn: part(205, 261), notIn: [part(99, 205)], frame: frame, format: .rgba))
        }
    }
}
