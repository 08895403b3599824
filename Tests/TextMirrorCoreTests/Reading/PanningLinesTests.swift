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
        // A new line a line-spacing below a line that stayed: the line did not move onto it.
        let stayed = Self.lines[0], below = PixelBox(centerX: 200, centerY: 150, width: 200, height: 40)
        #expect(LineMemory<Int>.commonShift(from: [stayed], to: [stayed, below]) == .zero)
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
}
