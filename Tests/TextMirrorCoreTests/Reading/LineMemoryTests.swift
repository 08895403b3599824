import Testing
import TextMirrorCore

@Suite struct LineMemoryTests {
    static let line = PixelBox(centerX: 200, centerY: 50, width: 200, height: 40)
    static let other = PixelBox(centerX: 200, centerY: 150, width: 200, height: 40)

    /// One detection: the values of `boxes`, and the indices learnt (each learnt as `value`).
    static func detect(_ memory: LineMemory<Int>, _ boxes: [PixelBox], renewAfter: Int = 3,
                       value: Int = 1) -> (values: [Int?], learnt: [Int]) {
        var learnt: [Int] = []
        let values = memory.values(for: boxes, renewAfter: renewAfter) { i, _ in
            learnt.append(i)
            return value
        }
        return (values, learnt)
    }

    @Test func aLineIsLearntOnceAndRenewedAfterItsTime() {
        let memory = LineMemory<Int>()
        #expect(Self.detect(memory, [Self.line], value: 7) == ([7], [0]))
        #expect(Self.detect(memory, [Self.line], value: 8) == ([7], []))
        #expect(Self.detect(memory, [Self.line], value: 8) == ([7], []))
        #expect(Self.detect(memory, [Self.line], value: 9) == ([9], [0]))
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

    @Test func aMissedLineIsKeptAndResetForgetsAll() {
        let memory = LineMemory<Int>()
        _ = Self.detect(memory, [Self.line, Self.other])
        _ = Self.detect(memory, [Self.other])
        #expect(Self.detect(memory, [Self.line, Self.other]).learnt.isEmpty)
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
        _ = memory.values(for: [Self.line], renewAfter: 1) { _, previous in
            old = previous
            return 6
        }
        #expect(old == 5)
    }
}
