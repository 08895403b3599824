import Testing
@testable import TextMirrorCore

/// What keeps reading cheap while the camera moves: lines found again after they all moved
/// together (`LineMemory.commonShift`).
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

    /// Two boxes pair up with one line two ways, and their median way pairs the new line with
    /// the line that stayed: the line is found where it was all the same.
    @Test func aNewLineALineSpacingFromOneThatStayedIsNew() {
        let stayed = Self.lines[0], below = PixelBox(centerX: 200, centerY: 150, width: 200, height: 40)
        #expect(LineMemory<Int>.commonShift(from: [stayed], to: [stayed, below]) == SIMD2(0, 100))
        let memory = LineMemory<Int>()
        _ = memory.values(for: [stayed], renewAfter: 10) { _, _ in 1 }
        var learnt: [Int] = []
        let values = memory.values(for: [stayed, below], renewAfter: 10) { i, _ in
            learnt.append(i)
            return 2
        }
        #expect(values == [1, 2] && learnt == [1])
    }
}
