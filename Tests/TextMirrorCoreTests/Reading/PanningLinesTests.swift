import Testing
@testable import TextMirrorCore

/// What keeps reading cheap while the camera moves: lines found again after they all moved
/// together (`LineMemory.commonShift`), and a sure reading taken without the other
/// orientations (`LineReader.readsSurely`).
@Suite struct PanningLinesTests {
    /// Three lines, one of them a word narrower than the pan's step.
    static let lines = [
        PixelBox(centerX: 200, centerY: 50, width: 200, height: 40),
        PixelBox(centerX: 200, centerY: 150, width: 20, height: 30),
        PixelBox(centerX: 400, centerY: 150, width: 120, height: 30),
    ]

    static func panned(by step: SIMD2<Double>) -> [PixelBox] {
        lines.map { var box = $0; box.centerX += step.x; box.centerY += step.y; return box }
    }

    @Test func linesThatMovedTogetherAreFoundAgain() {
        #expect(LineMemory<Int>.commonShift(from: Self.lines, to: Self.panned(by: SIMD2(24, -6))) == SIMD2(24, -6))
        #expect(LineMemory<Int>.commonShift(from: Self.lines, to: Self.lines) == .zero)
        // Nothing of about the same size near: no shift.
        #expect(LineMemory<Int>.commonShift(from: Self.lines, to: Self.panned(by: SIMD2(500, 0))) == .zero)

        let memory = LineMemory<Int>()
        var learnt = 0
        for n in 0..<3 {
            _ = memory.values(for: Self.panned(by: SIMD2(24 * Double(n), 0)), renewAfter: 10) { _, _ in
                learnt += 1
                return 1
            }
        }
        // The 20 px word moved 24 px a detection, past its own width, and was still found.
        #expect(learnt == 3)
    }

    @Test func aSureLatinReadingIsTakenAlone() {
        #expect(LineReader.readsSurely(TextReading(text: "Gate B12", score: 0.95, mirrored: false)))
        #expect(!LineReader.readsSurely(TextReading(text: "Gate B12", score: 0.85, mirrored: false)))
        #expect(!LineReader.readsSurely(TextReading(text: "B 1", score: 0.99, mirrored: false)), "two characters")
        #expect(!LineReader.readsSurely(TextReading(text: "元00.e4:代宝", score: 0.99, mirrored: false)))
    }

    /// The fake reads "aba" surely when the crop starts red: a line that reads so as it is is
    /// read once, not mirrored too.
    @Test func aSureReadingIsReadOnce() {
        let recognizer = FakeRecognizer { crop in
            let start = (crop.height / 2 * crop.width + 2) * 3
            return crop.rgb[start] > 200
                ? RecognizedSteps(classes: [1, 0, 2, 0, 1], probabilities: [0.95, 0.9, 0.95, 0.9, 0.95])
                : FakeRecognizer.nothing
        }
        let read = LineReaderTests.Scene().read(LineReader(recognizer: recognizer), [LineReaderTests.Scene.normal], LineReader.Policy())
        #expect(read.map { $0.reading?.text } == ["aba"])
        #expect(recognizer.reads.load(ordering: .relaxed) == 1)
    }
}
