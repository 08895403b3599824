import Synchronization

/// What was learnt about each line of recent detections (what it reads, how it is tilted),
/// found again in the next detection by where its box lies, so that work done on a line is not
/// redone on every detection of it. A box that overlaps a remembered line's box by
/// `sameLineOverlap` (intersection over union) at about the same size (`sameLineSizeChange`)
/// is that line.
///
/// A remembered value serves `renewAfter` detections of its line, then is learnt again, with
/// the old value to go by; a line whose box has not moved since (`unmoved`) keeps it
/// `unmovedRenewFactor` times as long, since its pixels are those already learnt from. A line
/// a detection misses is kept for up to `renewAfter` detections, so one missed detection costs
/// no new learning; not for longer, so another line in the same place is learnt anew.
///
/// Locking: `entries` is held only to look up and to store, never while learning.
public final class LineMemory<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        /// Where the line was last detected.
        var box: PixelBox
        /// Where it was when its value was learnt.
        var learntAt: PixelBox
        var value: Value
        /// Detections since the value was learnt.
        var age: Int
        /// Detections in a row that missed the line.
        var missed = 0

        /// Whether a detection at `box` still takes the remembered value.
        func serves(at box: PixelBox, renewAfter: Int) -> Bool {
            age + 1 < renewAfter * (LineMemory.unmoved(learntAt, box) ? LineMemory.unmovedRenewFactor : 1)
        }
    }

    /// Same line: boxes overlapping by this intersection over union, ...
    static var sameLineOverlap: Double { 0.5 }
    /// ... whose widths and heights each differ by at most this fraction.
    static var sameLineSizeChange: Double { 0.25 }
    /// A line's box has not moved when its centre, width and height are each within this many
    /// pixels of where its value was learnt, and its angle within `unmovedDegrees`: a still
    /// camera on still text gives the same box detection after detection.
    static var unmovedPixels: Double { 1 }
    static var unmovedDegrees: Double { 0.5 }
    /// How many times `renewAfter` an unmoved line keeps its value: text that changes in place
    /// (a display) is read again within ten seconds or so.
    static var unmovedRenewFactor: Int { 10 }

    /// Whether `a` and `b` are about the same size (`sameLineSizeChange`).
    static func sameSize(_ a: PixelBox, _ b: PixelBox) -> Bool {
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= sameLineSizeChange * max(a, b) }
        return close(a.width, b.width) && close(a.height, b.height)
    }

    static func unmoved(_ a: PixelBox, _ b: PixelBox) -> Bool {
        abs(a.centerX - b.centerX) <= unmovedPixels && abs(a.centerY - b.centerY) <= unmovedPixels
            && abs(a.width - b.width) <= unmovedPixels && abs(a.height - b.height) <= unmovedPixels
            && abs(a.angle - b.angle) <= unmovedDegrees
    }

    private let entries = Mutex<[Entry]>([])

    public init() {}

    /// Forgets every line (caps change, flush).
    public func reset() {
        entries.withLock { $0.removeAll() }
    }

    /// For each of `boxes` (one detection's), its line's value: the remembered one when it was
    /// learnt fewer than `renewAfter` detections ago, else `learn(index, old value)`. A nil
    /// from `learn` (it failed) is remembered as nothing, so the line is learnt again next time.
    ///
    /// Lines never seen are learnt first, then those whose value is not `settled` (learnt in
    /// part, to be completed: a line read one way round only), then those due to be learnt
    /// again; after the first, only while `mayLearn()` says so: once it says no, a line due
    /// again or unsettled keeps its old value (it is learnt at the next detection), and a new
    /// line gets nil and is not remembered (it is learnt at the next detection). Why: a live
    /// detection waits for its lines to be read, and a view full of new lines (a pan, a cut)
    /// took 20 reads of 10-50 ms each before any line of it was mirrored (`MirrorEngine`'s
    /// reading allowance).
    public func values(
        for boxes: [PixelBox], renewAfter: Int, while mayLearn: () -> Bool = { true },
        settled: (Value) -> Bool = { _ in true }, learn: (Int, Value?) -> Value?
    ) -> [Value?] {
        let remembered = entries.withLock { $0 }
        // The lines as they moved together, unless they are found better where they were: the
        // median of a few boxes' nearest lines can pair two lines (a new line a line-spacing
        // from one that stayed).
        let shift = Self.commonShift(from: remembered.map(\.box), to: boxes)
        let shifted = Self.matches(for: boxes, in: remembered, shift: shift)
        let unshifted = Self.matches(for: boxes, in: remembered, shift: .zero)
        let matches = shifted.count { $0 != nil } > unshifted.count { $0 != nil } ? shifted : unshifted
        var kept = [Entry?](repeating: nil, count: boxes.count)
        var due: [Int] = [], new: [Int] = []
        for (i, match) in matches.enumerated() {
            guard let match else {
                new.append(i)
                continue
            }
            let line = remembered[match]
            // A line due again keeps its old value unless it is learnt anew below.
            kept[i] = Entry(box: boxes[i], learntAt: line.learntAt, value: line.value, age: line.age + 1)
            if !line.serves(at: boxes[i], renewAfter: renewAfter) { due.append(i) }
        }
        var learnt = 0
        func learnEach(_ lines: [Int]) {
            for i in lines where learnt == 0 || mayLearn() {
                learnt += 1
                let value = learn(i, kept[i]?.value)
                kept[i] = value.map { Entry(box: boxes[i], learntAt: boxes[i], value: $0, age: 0) }
            }
        }
        learnEach(new)
        let unsettled = kept.indices.filter { i in kept[i].map { !settled($0.value) } ?? false }
        learnEach(unsettled)
        learnEach(due.filter { !unsettled.contains($0) })
        var next = kept.compactMap { $0 }
        let used = Set(matches.compactMap { $0 })
        for (i, var line) in remembered.enumerated() where !used.contains(i) {
            guard line.missed + 1 < renewAfter, line.serves(at: line.box, renewAfter: renewAfter) else { continue }
            line.age += 1
            line.missed += 1
            next.append(line)
        }
        entries.withLock { $0 = next }
        return kept.map { $0?.value }
    }

    /// How far the lines moved together since the last detection: the median, over `boxes`,
    /// of the way from the nearest of `lines` of about the same size (`sameLineSizeChange`)
    /// within `maxShift` of its heights; zero with no such pairs. Why: a panning camera moves
    /// every line between detections, a narrow one (a word, a line running up the picture)
    /// further than its width at ten detections a second, and unmatched, each was read again
    /// at every detection (textmirror-motion-bench's rendered pan: 1240 reads in 180 frames,
    /// 15-40 ms each, and two detections a second live).
    static func commonShift(from lines: [PixelBox], to boxes: [PixelBox]) -> SIMD2<Double> {
        var xs: [Double] = [], ys: [Double] = []
        for box in boxes {
            let reach = maxShift * box.height
            var nearest: SIMD2<Double>?
            for line in lines where sameSize(line, box) {
                let way: SIMD2<Double> = box.center - line.center
                let distance = (way * way).sum()
                if distance <= reach * reach, distance < (nearest.map { ($0 * $0).sum() } ?? .infinity) { nearest = way }
            }
            if let nearest {
                xs.append(nearest.x)
                ys.append(nearest.y)
            }
        }
        guard !xs.isEmpty else { return .zero }
        return SIMD2(xs.sorted()[xs.count / 2], ys.sorted()[ys.count / 2])
    }

    /// Furthest a line is looked for from where it was, in its heights (`commonShift`).
    static var maxShift: Double { 3 }

    /// For each of `boxes`, moved back by `shift`, the remembered line it is (each line at
    /// most once), if any.
    private static func matches(for boxes: [PixelBox], in lines: [Entry], shift: SIMD2<Double>) -> [Int?] {
        var used = Set<Int>()
        return boxes.map { box in
            var unshifted = box
            unshifted.centerX -= shift.x
            unshifted.centerY -= shift.y
            let match = bestMatch(for: unshifted, in: lines, excluding: used)
            if let match { used.insert(match) }
            return match
        }
    }

    private static func bestMatch(for box: PixelBox, in lines: [Entry], excluding used: Set<Int>) -> Int? {
        var best: (index: Int, overlap: Double)?
        for (i, line) in lines.enumerated() where !used.contains(i) {
            guard sameSize(line.box, box) else { continue }
            let overlap = line.box.iou(box)
            if overlap >= sameLineOverlap, overlap > (best?.overlap ?? 0) { best = (i, overlap) }
        }
        return best?.index
    }
}
