/// The ground under a line's letters, read from inside its box: the box's samples with the
/// strokes taken out by a grey closing (dark ink) or opening (light ink) a little wider than the
/// strokes, then smoothed over 3 × 3 samples.
///
/// Why, beside the ring's surface (RingBackground.swift): the ring sees only the box's outline,
/// so what the ground holds inside (the sheen on a bus's paint, a badge's chrome, the dot grid
/// of an LED panel) is mirrored with the letters, and a viewer sees the box. Taken from inside,
/// the ground keeps its texture where it is and only the strokes move:
///
///     out(p) = plain(p) + G(p) − G(m(p))
///
/// with G this estimate and m the box's mirror map. A stroke wider than the window stays in G
/// and is not moved, so the window is sized from the strokes measured (`strokeWidth`). On a
/// flat ground G is flat and the result is the plain mirror.
///
/// Values are 8-bit levels, one channel, `width` samples a row.
enum InkFreeBackground {
    /// The window is this many stroke widths wide, and at least `minimumWindow` samples.
    static let windowPerStroke = 2.0
    static let minimumWindow = 3
    /// The strokes' width is this quantile of the ink samples' run lengths: the median, as
    /// larger quantiles took in the blobs (glare, a panel's dot grid) that Otsu's split counts
    /// as ink (on the bus's LED panel: 14 px at 0.9, 4 px at 0.5, the letters' dots 4-6 px).
    static let strokeQuantile = 0.5

    /// Whether the ink is darker than its ground: Otsu's threshold splits the values in two,
    /// and the smaller class is the ink (letters cover less of a box than their ground does).
    static func inkIsDark(_ values: [UInt8]) -> Bool {
        let threshold = otsuThreshold(values)
        let below = values.reduce(0) { $0 + ($1 <= threshold ? 1 : 0) }
        return 2 * below < values.count
    }

    /// The strokes' width in samples: Otsu's threshold over the samples `inside` splits ink
    /// from ground, each ink sample's stroke is the shorter of its horizontal and vertical runs
    /// of ink (samples outside are none), and the width is `strokeQuantile` of those. 1 when
    /// there is no ink.
    static func strokeWidth(
        _ values: [UInt8], inside: [Bool], width: Int, height: Int, darkInk: Bool
    ) -> Int {
        let threshold = otsuThreshold(values.indices.filter { inside[$0] }.map { values[$0] })
        var ink = [Bool](repeating: false, count: values.count)
        for i in values.indices where inside[i] { ink[i] = darkInk ? values[i] <= threshold : values[i] > threshold }
        func isInk(_ i: Int) -> Bool { ink[i] }
        // Horizontal run length at each sample, then the vertical one, keeping the shorter.
        var runs = [Int32](repeating: 0, count: width * height)
        for y in 0..<height {
            var x = 0
            while x < width {
                guard isInk(y * width + x) else {
                    x += 1
                    continue
                }
                var end = x
                while end < width, isInk(y * width + end) { end += 1 }
                for i in x..<end { runs[y * width + i] = Int32(end - x) }
                x = end
            }
        }
        var strokes = [Int](repeating: 0, count: max(width, height) + 1)
        var inkCount = 0
        for x in 0..<width {
            var y = 0
            while y < height {
                guard runs[y * width + x] > 0 else {
                    y += 1
                    continue
                }
                var end = y
                while end < height, runs[end * width + x] > 0 { end += 1 }
                for j in y..<end {
                    strokes[min(Int(runs[j * width + x]), end - y)] += 1
                    inkCount += 1
                }
                y = end
            }
        }
        guard inkCount > 0 else { return 1 }
        let wanted = Int((Double(inkCount) * strokeQuantile).rounded(.up))
        var below = 0
        for (length, count) in strokes.enumerated() {
            below += count
            if below >= wanted { return max(length, 1) }
        }
        return strokes.count - 1
    }

    /// The window (odd, in samples) for strokes `stroke` samples wide.
    static func window(forStroke stroke: Int) -> Int {
        max(minimumWindow, Int((windowPerStroke * Double(stroke)).rounded()) | 1)
    }

    /// Replaces `values` by the ground under them: closing (dark ink) or opening (light ink)
    /// with a square `window` samples wide (cut at the edges), then a 3 × 3 mean.
    static func removeInk(
        _ values: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, window: Int, darkInk: Bool
    ) {
        guard width > 0, height > 0, values.count >= width * height else { return }
        let picture = values.baseAddress!
        let longest = max(width, height) + 2 * window
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width * height + 3 * longest) { scratch in
            let turned = scratch.baseAddress!, lines = turned + width * height
            // Each pass filters rows; the picture is turned (transposed) between them so that
            // columns are rows too. Closing: the largest, then the least; opening the other way.
            for largest in [darkInk, !darkInk] {
                for y in 0..<height { extremes(picture + y * width, count: width, window: window, largest: largest, scratch: lines) }
                transpose(picture, width: width, height: height, into: turned)
                for x in 0..<width { extremes(turned + x * height, count: height, window: window, largest: largest, scratch: lines) }
                transpose(turned, width: height, height: width, into: picture)
            }
            for y in 0..<height { mean3(picture + y * width, count: width, scratch: lines) }
            transpose(picture, width: width, height: height, into: turned)
            for x in 0..<width { mean3(turned + x * height, count: height, scratch: lines) }
            transpose(turned, width: height, height: width, into: picture)
        }
    }

    /// Each value of `line` becomes the largest (or least) of the `window` values centred on
    /// it, cut at the ends: van Herk and Gil and Werman's running extremes, three comparisons a
    /// value whatever the window. `scratch` holds 3 (count + 2 window) bytes.
    private static func extremes(
        _ line: UnsafeMutablePointer<UInt8>, count: Int, window: Int, largest: Bool, scratch: UnsafeMutablePointer<UInt8>
    ) {
        let half = window / 2
        // The line with `half` values on either side that never win, in blocks of `window`.
        let padded = count + 2 * half
        let blocks = (padded + window - 1) / window * window
        let a = scratch, forward = a + blocks, backward = forward + blocks
        let neutral: UInt8 = largest ? 0 : 255
        a.initialize(repeating: neutral, count: blocks)
        (a + half).update(from: line, count: count)
        // Least values as the largest of their complements: one loop for both.
        if !largest { for i in 0..<blocks { a[i] = ~a[i] } }
        for start in stride(from: 0, to: blocks, by: window) {
            forward[start] = a[start]
            for i in (start + 1)..<(start + window) { forward[i] = max(forward[i - 1], a[i]) }
            backward[start + window - 1] = a[start + window - 1]
            for i in stride(from: start + window - 2, through: start, by: -1) { backward[i] = max(backward[i + 1], a[i]) }
        }
        // The window of value i covers padded positions i ..< i + window.
        if largest {
            for i in 0..<count { line[i] = max(backward[i], forward[i + window - 1]) }
        } else {
            for i in 0..<count { line[i] = ~max(backward[i], forward[i + window - 1]) }
        }
    }

    /// Each value of `line` becomes the mean of itself and its two neighbours (cut at the ends),
    /// rounded. `scratch` holds `count` bytes.
    private static func mean3(_ line: UnsafeMutablePointer<UInt8>, count: Int, scratch: UnsafeMutablePointer<UInt8>) {
        guard count > 1 else { return }
        scratch.update(from: line, count: count)
        line[0] = UInt8((Int(scratch[0]) + Int(scratch[1]) + 1) / 2)
        for i in 1..<(count - 1) { line[i] = UInt8((Int(scratch[i - 1]) + Int(scratch[i]) + Int(scratch[i + 1]) + 1) / 3) }
        line[count - 1] = UInt8((Int(scratch[count - 2]) + Int(scratch[count - 1]) + 1) / 2)
    }

    /// `source` (`height` rows of `width`) turned into `destination` (`width` rows of `height`).
    private static func transpose(
        _ source: UnsafePointer<UInt8>, width: Int, height: Int, into destination: UnsafeMutablePointer<UInt8>
    ) {
        for y in 0..<height {
            for x in 0..<width { destination[x * height + y] = source[y * width + x] }
        }
    }

    /// Otsu's threshold of `values`: the level that best splits them into two classes (values
    /// at or below it, and above it).
    static func otsuThreshold(_ values: [UInt8]) -> UInt8 {
        var histogram = [Double](repeating: 0, count: 256)
        for v in values { histogram[Int(v)] += 1 }
        let total = Double(values.count)
        let sum = histogram.enumerated().reduce(0) { $0 + Double($1.offset) * $1.element }
        var (weightBelow, sumBelow, best, bestLevel) = (0.0, 0.0, -1.0, 0)
        for level in 0..<256 {
            weightBelow += histogram[level]
            sumBelow += Double(level) * histogram[level]
            let weightAbove = total - weightBelow
            guard weightBelow > 0, weightAbove > 0 else { continue }
            let difference = sumBelow / weightBelow - (sum - sumBelow) / weightAbove
            let between = weightBelow * weightAbove * difference * difference
            if between > best { (best, bestLevel) = (between, level) }
        }
        return UInt8(bestLevel)
    }
}
