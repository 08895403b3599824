import Synchronization

/// What was learnt about each line of recent detections (what it reads, how it is tilted),
/// found again in the next detection by where its box lies, so that work done on a line is not
/// redone on every detection of it. A box that overlaps a remembered line's box by
/// `sameLineOverlap` (intersection over union) at about the same size (`sameLineSizeChange`)
/// is that line.
///
/// A remembered value serves `renewAfter` detections of its line, then is learnt again, with
/// the old value to go by. A line a detection misses is kept as long, so one missed detection
/// costs no new learning.
///
/// Locking: `entries` is held only to look up and to store, never while learning.
public final class LineMemory<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var box: PixelBox
        var value: Value
        /// Detections since the value was learnt.
        var age: Int
    }

    /// Same line: boxes overlapping by this intersection over union, ...
    static var sameLineOverlap: Double { 0.5 }
    /// ... whose widths and heights each differ by at most this fraction.
    static var sameLineSizeChange: Double { 0.25 }

    private let entries = Mutex<[Entry]>([])

    public init() {}

    /// Forgets every line (caps change, flush).
    public func reset() {
        entries.withLock { $0.removeAll() }
    }

    /// For each of `boxes` (one detection's), its line's value: the remembered one when it was
    /// learnt fewer than `renewAfter` detections ago, else `learn(index, old value)`. A nil
    /// from `learn` (it failed) is remembered as nothing, so the line is learnt again next time.
    public func values(for boxes: [PixelBox], renewAfter: Int, learn: (Int, Value?) -> Value?) -> [Value?] {
        let remembered = entries.withLock { $0 }
        var next: [Entry] = [], values: [Value?] = []
        var used = Set<Int>()
        for (i, box) in boxes.enumerated() {
            let match = Self.bestMatch(for: box, in: remembered, excluding: used)
            if let match { used.insert(match) }
            if let match, remembered[match].age + 1 < renewAfter {
                let line = remembered[match]
                next.append(Entry(box: box, value: line.value, age: line.age + 1))
                values.append(line.value)
            } else {
                let value = learn(i, match.map { remembered[$0].value })
                if let value { next.append(Entry(box: box, value: value, age: 0)) }
                values.append(value)
            }
        }
        for (i, line) in remembered.enumerated() where !used.contains(i) && line.age + 1 < renewAfter {
            next.append(Entry(box: line.box, value: line.value, age: line.age + 1))
        }
        entries.withLock { $0 = next }
        return values
    }

    private static func bestMatch(for box: PixelBox, in lines: [Entry], excluding used: Set<Int>) -> Int? {
        var best: (index: Int, overlap: Double)?
        for (i, line) in lines.enumerated() where !used.contains(i) {
            func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= sameLineSizeChange * max(a, b) }
            guard close(line.box.width, box.width), close(line.box.height, box.height) else { continue }
            let overlap = line.box.iou(box)
            if overlap >= sameLineOverlap, overlap > (best?.overlap ?? 0) { best = (i, overlap) }
        }
        return best?.index
    }
}
