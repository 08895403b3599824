import Testing
import TextMirrorCore

@Suite struct LineMemoryTests {
    static let line = PixelBox(centerX: 200, centerY: 50, width: 200, height: 40)
    static let other = PixelBox(centerX: 200, centerY: 150, width: 200, height: 40)

    /// One detection: the values of `boxes`, and the indices learnt (each learnt as `value`).
    static func detect(
        _ memory: LineMemory<Int>, _ boxes: [PixelBox], renewAfter: Int = 3,
        value: Int = 1
    ) -> (values: [Int?], learnt: [Int]) {
        var learnt: [Int] = []
        let values = memory.values(for: boxes, renewAfter: renewAfter) { i, _ in
            learnt.append(i)
            return value
        }
        return (values, learnt)
    }

    /// The line moving by 2 px a detection, more than an unmoved line does.
    static func moving(_ n: Int) -> PixelBox {
        var box = line
        box.centerX += 2 * Double(n)
        return box
    }

    @Test func aLineIsLearntOnceAndRenewedAfterItsTime() {
        let memory = LineMemory<Int>()
        #expect(Self.detect(memory, [Self.moving(0)], value: 7) == ([7], [0]))
        #expect(Self.detect(memory, [Self.moving(1)], value: 8) == ([7], []))
        #expect(Self.detect(memory, [Self.moving(2)], value: 8) == ([7], []))
        #expect(Self.detect(memory, [Self.moving(3)], value: 9) == ([9], [0]))
    }

    @Test func aLineThatHasNotMovedKeepsItsValueTenTimesLonger() {
        let memory = LineMemory<Int>()
        _ = Self.detect(memory, [Self.line])
        for n in 1..<30 {
            var still = Self.line
            still.centerX += n % 2 == 0 ? 0.5 : -0.5
            #expect(Self.detect(memory, [still]).learnt.isEmpty, "detection \(n)")
        }
        #expect(Self.detect(memory, [Self.line]).learnt == [0])
    }

    @Test func aMovedLineIsTheSameLineAndADifferentSizeIsNot() {
        let memory = LineMemory<Int>()
        _ = Self.detect(memory, [Self.line])
        var moved = Self.line
        moved.centerX += 30
        #expect(Self.detect(memory, [moved]).learnt.isEmpty)
        var taller = moved
        taller.height *= 1.5
        #expect(Self.detect(memory, [taller]).learnt == [0])
        #expect(Self.detect(memory, [Self.other]).learnt == [0])
    }

    @Test func aMissedLineIsKeptForAWhileAndResetForgetsAll() {
        let memory = LineMemory<Int>()
        _ = Self.detect(memory, [Self.line, Self.other])
        for _ in 0..<2 { _ = Self.detect(memory, [Self.other]) }
        #expect(Self.detect(memory, [Self.line, Self.other]).learnt.isEmpty)
        // Missed as many times as renewAfter: forgotten (another line may stand there now).
        for _ in 0..<3 { _ = Self.detect(memory, [Self.other]) }
        #expect(Self.detect(memory, [Self.line, Self.other]).learnt == [0])
        memory.reset()
        #expect(Self.detect(memory, [Self.line, Self.other]).learnt == [0, 1])
    }

    @Test func aFailedLearningIsTriedAgainNextTime() {
        let memory = LineMemory<Int>()
        var tries = 0
        for _ in 0..<2 {
            let values = memory.values(for: [Self.line], renewAfter: 3) { _, _ in
                tries += 1
                return nil
            }
            #expect(values == [nil])
        }
        #expect(tries == 2)
    }

    @Test func renewingHandsTheOldValueToLearning() {
        let memory = LineMemory<Int>()
        _ = Self.detect(memory, [Self.line], renewAfter: 1, value: 5)
        var old: Int?
        _ = memory.values(for: [Self.moving(1)], renewAfter: 1) { _, previous in
            old = previous
            return 6
        }
        #expect(old == 5)
    }

    /// One detection allowed to learn `allowance` lines: its values and the indices learnt. A
    /// line that moved is due again at every detection.
    static func detect(
        _ memory: LineMemory<Int>, _ boxes: [PixelBox], allowance: Int, value: Int
    ) -> (values: [Int?], learnt: [Int]) {
        var learnt: [Int] = []
        let values = memory.values(for: boxes, renewAfter: 1, while: { learnt.count < allowance }) { i, _ in
            learnt.append(i)
            return value
        }
        return (values, learnt)
    }

    @Test func withLittleTimeNewLinesComeFirstAndTheRestWaitForTheNextDetection() {
        let memory = LineMemory<Int>()
        let third = PixelBox(centerX: 200, centerY: 250, width: 200, height: 40)
        // Out of time before any line: one is learnt all the same, so every line comes in time.
        #expect(Self.detect(memory, [Self.line, Self.other], allowance: 0, value: 1) == ([1, nil], [0]))
        // The line left out is new and comes before the first, which moved and is due again.
        var lines = [Self.moving(1), Self.other]
        #expect(Self.detect(memory, lines, allowance: 1, value: 2) == ([1, 2], [1]))
        // Learning the line due again would be over time: it keeps its old value, and stays due.
        lines = [Self.moving(2), Self.other, third]
        #expect(Self.detect(memory, lines, allowance: 1, value: 3) == ([1, 2, 3], [2]))
        #expect(Self.detect(memory, [Self.moving(3), Self.other, third], allowance: 1, value: 4) == ([4, 2, 3], [0]))
    }

    /// A value learnt in part (a line read one way round only) is completed after every new
    /// line had its first learning, and before lines merely due again.
    @Test func aLineLearntInPartIsCompletedAfterNewLinesAndBeforeDueOnes() {
        let memory = LineMemory<Int>()
        let third = PixelBox(centerX: 200, centerY: 250, width: 200, height: 40)
        // A new line is learnt in part (a negative value); learning a line again completes it.
        func detect(_ boxes: [PixelBox], allowance: Int) -> (values: [Int?], learnt: [Int]) {
            var learnt: [Int] = []
            let values = memory.values(
                for: boxes, renewAfter: 1, while: { learnt.count < allowance }, settled: { $0 > 0 }
            ) { i, old in
                learnt.append(i)
                return old.map { abs($0) } ?? -(i + 1)
            }
            return (values, learnt)
        }
        // Time for three: both new lines learnt in part, then the first completed.
        #expect(detect([Self.line, Self.other], allowance: 3) == ([1, -2], [0, 1, 0]))
        // Both moved: the first is due again, the second still in part. A new third comes
        // first, then the second is completed; no time is left for the first.
        #expect(detect([Self.moving(1), Self.other, third], allowance: 2) == ([1, 2, -3], [2, 1]))
        // With time for all: the third completed before the first is learnt again.
        #expect(detect([Self.moving(2), Self.other, third], allowance: 9) == ([1, 2, 3], [2, 0]))
    }
}
