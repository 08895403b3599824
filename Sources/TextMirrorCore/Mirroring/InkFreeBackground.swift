/// The ground under a line's letters, read from inside its box: the box's samples with the
/// strokes taken out by a grey closing (dark ink) or opening (light ink) a little wider than the
/// strokes, then smoothed over 3 × 3 samples.
///
/// Why, beside the ring's surface (RingBackground.swift): the ring sees only the box's outline,
/// so what the ground holds inside (the sheen on a bus's paint, a badge's chrome, the dot grid
/// of an LED panel) is mirrored with the letters, and a viewer sees the box. Taken from inside,
/// the ground keeps its texture where it is and only the strokes move, measured against it
/// (FrameMirror+GroundKeeping.swift). A stroke wider than the window stays in the ground and is
/// not moved, so the window is sized from the strokes measured (`strokeWidth`).
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
    /// A ground whose `roughness` is below this many levels has no texture of its own: on the
    /// generated pages, paper under even or sloping light measures 0.3 to 2 levels; the bus's
    /// paint and LED panel, a brick wall, and lines crossing a shadow's edge 4 to 35.
    static let texturedGround = 3.0

    /// `mayBeTextured`'s bar, in levels of `roughness` measured at half resolution, where a
    /// ground's texture is partly averaged away: on the real and generated eval sets, every
    /// ground at or above `texturedGround` measured at least 1.31 there, and half of those below
    /// it (141 of 277, paper) under 1.0. Set below the least with a margin, so that the look at
    /// half resolution never turns away a ground the full measure keeps.
    static let texturedWhenHalved = 1.0

    /// Ink told from ground among the values `inside`: Otsu's threshold splits them in two, and
    /// the smaller class is the ink (letters cover less of a box than their ground does).
    struct InkSplit {
        /// Values at or below it are one class, values above it the other.
        let threshold: UInt8
        /// Whether the ink is the class at or below the threshold.
        let darkInk: Bool
        /// Levels from the mean of the class below the threshold to the mean of the class above;
        /// 0 when one class is empty (a flat picture).
        let contrast: Double

        init(_ values: [UInt8], inside: [Bool]) {
            let histogram = InkFreeBackground.histogram(values, inside: inside)
            threshold = otsuThreshold(histogram)
            let below = histogram[0...Int(threshold)].reduce(0, +), total = histogram.reduce(0, +)
            darkInk = 2 * below < total
            let above = total - below
            func mean(_ levels: ClosedRange<Int>, _ count: Int) -> Double {
                Double(levels.reduce(0) { $0 + $1 * histogram[$1] }) / Double(count)
            }
            contrast =
                below > 0 && above > 0
                ? mean((Int(threshold) + 1)...255, above) - mean(0...Int(threshold), below) : 0
        }
    }

    /// The strokes' width in samples: each ink sample's stroke (ink by `split`, among the samples
    /// `inside`) is the shorter of its horizontal and vertical runs of ink (samples outside are
    /// none), and the width is `strokeQuantile` of those. 1 when there is no ink.
    static func strokeWidth(
        _ values: [UInt8], inside: [Bool], width: Int, height: Int, split: InkSplit
    ) -> Int {
        let (threshold, darkInk) = (split.threshold, split.darkInk)
        var ink = [Bool](repeating: false, count: values.count)
        for i in values.indices where inside[i] { ink[i] = darkInk ? values[i] <= threshold : values[i] > threshold }
        // Horizontal run length at each sample, then the vertical one, keeping the shorter.
        var runs = [Int32](repeating: 0, count: width * height)
        for y in 0..<height {
            var x = 0
            while x < width {
                guard ink[y * width + x] else {
                    x += 1
                    continue
                }
                var end = x
                while end < width, ink[y * width + end] { end += 1 }
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

    /// The ground under `picture`'s strokes (ink on the `darkInk` side): `removeInk` with a
    /// `window` sized from the strokes and, under dark ink, each column's dips filled as well.
    ///
    /// Dark print set close (bold, blurred) fills the x-height band between its letters, and a
    /// window a few strokes wide inside that band never reaches the paper: its ground keeps a dip
    /// where the letters were, left behind as a grey ghost (generated page_009). Each column's
    /// dips, filled to the paper above and below them (`fillDips`), reach it. Not a tall closing:
    /// that also lifted a shadow running into the box's top or bottom to the lit paper beside
    /// it, and the shadow moved with the ink as a dark wedge (generated page_057). Light ink
    /// (signs, LED panels) keeps the square window only: there a column window took out the
    /// ground's own horizontal sheen, and the bus went back from +2.5% to +7.0%.
    static func ground(of picture: [UInt8], width: Int, height: Int, window: Int, darkInk: Bool) -> [UInt8] {
        var ground = picture
        ground.withUnsafeMutableBufferPointer { values in
            removeInk(values, width: width, height: height, window: window, darkInk: darkInk)
        }
        guard darkInk else { return ground }
        var filled = picture
        filled.withUnsafeMutableBufferPointer { values in fillDips(values, width: width, height: height) }
        for i in ground.indices { ground[i] = max(ground[i], filled[i]) }
        return ground
    }

    /// Whether the ground under `picture` (ink on the `darkInk` side, strokes that fit `window`)
    /// may have texture of its own, measured as `roughness` over `textureWindow`: the same
    /// measure on the picture `halved` and with both windows halved reaches
    /// `texturedWhenHalved`. A quarter of the work of measuring it in full, which grounds without
    /// texture (paper) then skip.
    static func mayBeTextured(
        _ picture: [UInt8], inside: [Bool], width: Int, height: Int, window: Int, textureWindow: Int, darkInk: Bool
    ) -> Bool {
        let half = halved(picture, inside: inside, width: width, height: height)
        func halfOf(_ window: Int) -> Int { max(minimumWindow, (window / 2) | 1) }
        let ground = ground(
            of: half.values, width: half.width, height: half.height, window: halfOf(window), darkInk: darkInk)
        let roughness = roughness(
            ground, inside: half.inside, width: half.width, height: half.height, window: halfOf(textureWindow))
        return roughness >= texturedWhenHalved
    }

    /// `values` (`height` rows of `width`) at half the resolution each way: each value the
    /// rounded mean of a 2 × 2 block (fewer at an odd edge), inside where any of the block is.
    static func halved(
        _ values: [UInt8], inside: [Bool], width: Int, height: Int
    ) -> (values: [UInt8], inside: [Bool], width: Int, height: Int) {
        let (w, h) = ((width + 1) / 2, (height + 1) / 2)
        guard width > 0, height > 0, values.count >= width * height, inside.count >= width * height else {
            return ([], [], 0, 0)
        }
        var (out, outInside) = ([UInt8](repeating: 0, count: w * h), [Bool](repeating: false, count: w * h))
        values.withUnsafeBufferPointer { values in
            inside.withUnsafeBufferPointer { inside in
                out.withUnsafeMutableBufferPointer { out in
                    outInside.withUnsafeMutableBufferPointer { outInside in
                        // A block cut by an odd edge counts its row or column twice: the rounded
                        // mean of twice the samples is that of the samples.
                        for y in 0..<h {
                            let (top, bottom) = (2 * y * width, min(2 * y + 1, height - 1) * width)
                            for x in 0..<w {
                                let (left, right) = (2 * x, min(2 * x + 1, width - 1))
                                let sum =
                                    UInt16(values[top + left]) + UInt16(values[top + right])
                                    + UInt16(values[bottom + left]) + UInt16(values[bottom + right])
                                out[y * w + x] = UInt8((sum + 2) / 4)
                                outInside[y * w + x] =
                                    inside[top + left] || inside[top + right] || inside[bottom + left]
                                    || inside[bottom + right]
                            }
                        }
                    }
                }
            }
        }
        return (out, outInside, w, h)
    }

    /// Replaces `values` by the ground under them: `removeStrokes`, then a 3 × 3 mean (which
    /// takes the closing's or opening's steps off the ground).
    static func removeInk(
        _ values: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, window: Int, darkInk: Bool
    ) {
        guard width > 0, height > 0, values.count >= width * height else { return }
        removeStrokes(values, width: width, height: height, window: window, darkInk: darkInk)
        let picture = values.baseAddress!
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * max(width, height)) { scratch in
            let line = scratch.baseAddress!
            for y in 0..<height { rowMean3(picture + y * width, count: width, scratch: line) }
            columnMean3(picture, width: width, height: height, scratch: line)
        }
    }

    /// Closing (dark ink) or opening (light ink) of `values` with a square `window` samples
    /// wide, cut at the edges: strokes narrower than the window are gone, ground features wider
    /// than it stay.
    ///
    /// Every pass runs down the columns, a whole row at a time (loops over a row's bytes, which
    /// the compiler vectorizes); the picture is transposed between passes so that its rows are
    /// filtered as columns.
    static func removeStrokes(
        _ values: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, window: Int, darkInk: Bool
    ) {
        guard width > 0, height > 0, values.count >= width * height else { return }
        let picture = values.baseAddress!
        let blocks = max(width, height) + 2 * window
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width * height + 2 * blocks * max(width, height)) {
            scratch in
            let turned = scratch.baseAddress!, runs = turned + width * height
            // Least values as the largest of their complements: closing is the largest, then
            // the least, of each window; opening the other way round.
            if !darkInk { complement(picture, count: width * height) }
            columnExtremes(picture, width: width, height: height, window: window, scratch: runs)
            transpose(picture, width: width, height: height, into: turned)
            columnExtremes(turned, width: height, height: width, window: window, scratch: runs)
            complement(turned, count: width * height)
            columnExtremes(turned, width: height, height: width, window: window, scratch: runs)
            transpose(turned, width: height, height: width, into: picture)
            columnExtremes(picture, width: width, height: height, window: window, scratch: runs)
            if darkInk { complement(picture, count: width * height) }
        }
    }

    /// Each value becomes the lower of the highest value at or above it in its column and the
    /// highest at or below it: a dip with lighter values on both sides is filled up to its lower
    /// rim, however tall, while a darker stretch that runs to the column's end (a shadow across
    /// the box) has no rim there and stays as it is. For dark ink only.
    static func fillDips(_ values: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int) {
        guard width > 0, height > 0, values.count >= width * height else { return }
        let picture = values.baseAddress!
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width * (height + 1)) { scratch in
            // Highest at or above, row by row downwards; then highest at or below, upwards.
            let above = scratch.baseAddress!, below = above + width * height
            above.update(from: picture, count: width)
            for y in 1..<height {
                let row = picture + y * width, out = above + y * width, previous = out - width
                for x in 0..<width { out[x] = max(previous[x], row[x]) }
            }
            below.update(from: picture + (height - 1) * width, count: width)
            for y in stride(from: height - 1, through: 0, by: -1) {
                let row = picture + y * width, highest = above + y * width
                for x in 0..<width {
                    below[x] = max(below[x], row[x])
                    row[x] = min(highest[x], below[x])
                }
            }
        }
    }

    /// How far `values` stray from their own mean over a `window`-wide square around them (cut
    /// at the edges), on average over the samples `inside`: about 0 on a flat or evenly sloping
    /// ground, the depth of its texture where it has one (a panel's dots, a wall's bricks, a
    /// shadow's edge).
    static func roughness(_ values: [UInt8], inside: [Bool], width: Int, height: Int, window: Int) -> Double {
        guard width > 0, height > 0, values.count >= width * height, inside.count >= width * height else { return 0 }
        // Sums over the square from a table of sums over every rectangle from the corner.
        let stride = width + 1
        var (total, count) = (0.0, 0)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: stride * (height + 1)) { scratch in
            let table = scratch.baseAddress!
            table.initialize(repeating: 0, count: stride)
            for y in 0..<height {
                var row: Int32 = 0
                let (above, here, line) = (table + y * stride, table + (y + 1) * stride, y * width)
                here[0] = 0
                for x in 0..<width {
                    row += Int32(values[line + x])
                    here[x + 1] = above[x + 1] + row
                }
            }
            let half = window / 2
            for y in 0..<height {
                let (y0, y1) = (max(y - half, 0), min(y + half + 1, height))
                let (top, bottom) = (table + y0 * stride, table + y1 * stride)
                for x in 0..<width where inside[y * width + x] {
                    let (x0, x1) = (max(x - half, 0), min(x + half + 1, width))
                    let sum = bottom[x1] - top[x1] - bottom[x0] + top[x0]
                    let mean = Double(sum) / Double((y1 - y0) * (x1 - x0))
                    total += abs(Double(values[y * width + x]) - mean)
                    count += 1
                }
            }
        }
        return count > 0 ? total / Double(count) : 0
    }

    /// Each value of `line` becomes the mean of itself and its two neighbours (cut at the
    /// ends), rounded. `scratch` holds `count` bytes.
    private static func rowMean3(
        _ line: UnsafeMutablePointer<UInt8>, count: Int, scratch: UnsafeMutablePointer<UInt8>
    ) {
        guard count > 1 else { return }
        scratch.update(from: line, count: count)
        line[0] = UInt8((UInt16(scratch[0]) + UInt16(scratch[1]) + 1) / 2)
        for i in 1..<(count - 1) {
            line[i] = UInt8((UInt16(scratch[i - 1]) + UInt16(scratch[i]) + UInt16(scratch[i + 1]) + 1) / 3)
        }
        line[count - 1] = UInt8((UInt16(scratch[count - 2]) + UInt16(scratch[count - 1]) + 1) / 2)
    }

    private static func complement(_ values: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count { values[i] = ~values[i] }
    }

    /// Each value becomes the largest of the `window` values centred on it in its column (cut
    /// at the ends): van Herk and Gil and Werman's running extremes, three comparisons a value
    /// whatever the window. `scratch` holds 2 × blocks × width bytes, blocks the column's
    /// length with `window` on either side, rounded up to whole windows.
    private static func columnExtremes(
        _ picture: UnsafeMutablePointer<UInt8>, width: Int, height: Int, window: Int,
        scratch: UnsafeMutablePointer<UInt8>
    ) {
        let half = window / 2
        // Padded row r is picture row r − half, or none (0, which never wins) beyond the ends.
        let blocks = (height + 2 * half + window - 1) / window * window
        let forward = scratch, backward = scratch + blocks * width
        func padded(_ r: Int, into out: UnsafeMutablePointer<UInt8>, from previous: UnsafeMutablePointer<UInt8>?) {
            let y = r - half
            if let previous {
                if y >= 0 && y < height {
                    let row = picture + y * width
                    for x in 0..<width { out[x] = max(previous[x], row[x]) }
                } else {
                    out.update(from: previous, count: width)
                }
            } else if y >= 0 && y < height {
                out.update(from: picture + y * width, count: width)
            } else {
                out.initialize(repeating: 0, count: width)
            }
        }
        for start in stride(from: 0, to: blocks, by: window) {
            for r in start..<(start + window) {
                padded(r, into: forward + r * width, from: r == start ? nil : forward + (r - 1) * width)
            }
            for r in stride(from: start + window - 1, through: start, by: -1) {
                padded(r, into: backward + r * width, from: r == start + window - 1 ? nil : backward + (r + 1) * width)
            }
        }
        // The window of row y covers padded rows y ..< y + window.
        for y in 0..<height {
            let out = picture + y * width, b = backward + y * width, f = forward + (y + window - 1) * width
            for x in 0..<width { out[x] = max(b[x], f[x]) }
        }
    }

    /// Each value becomes the mean of itself and its neighbours above and below (cut at the
    /// ends), rounded. `scratch` holds 2 × width bytes.
    private static func columnMean3(
        _ picture: UnsafeMutablePointer<UInt8>, width: Int, height: Int, scratch: UnsafeMutablePointer<UInt8>
    ) {
        guard height > 1 else { return }
        var above = scratch, here = scratch + width
        above.update(from: picture, count: width)
        for y in 0..<height {
            let row = picture + y * width
            here.update(from: row, count: width)
            if y == 0 {
                let below = picture + width
                for x in 0..<width { row[x] = UInt8((UInt16(here[x]) + UInt16(below[x]) + 1) / 2) }
            } else if y == height - 1 {
                for x in 0..<width { row[x] = UInt8((UInt16(above[x]) + UInt16(here[x]) + 1) / 2) }
            } else {
                let below = row + width
                for x in 0..<width {
                    row[x] = UInt8((UInt16(above[x]) + UInt16(here[x]) + UInt16(below[x]) + 1) / 3)
                }
            }
            swap(&above, &here)
        }
    }

    /// `source` (`height` rows of `width`) turned into `destination` (`width` rows of `height`).
    private static func transpose(
        _ source: UnsafePointer<UInt8>, width: Int, height: Int, into destination: UnsafeMutablePointer<UInt8>
    ) {
        for y in 0..<height {
            for x in 0..<width { destination[x * height + y] = source[y * width + x] }
        }
    }

    /// How many of the values `inside` are at each of the 256 levels.
    private static func histogram(_ values: [UInt8], inside: [Bool]) -> [Int] {
        var counts = [Int](repeating: 0, count: 256)
        for i in values.indices where inside[i] { counts[Int(values[i])] += 1 }
        return counts
    }

    /// Otsu's threshold of the values counted in `histogram` (256 levels): the level that best
    /// splits them into two classes (values at or below it, and above it).
    static func otsuThreshold(_ counts: [Int]) -> UInt8 {
        let histogram = counts.map(Double.init)
        let total = histogram.reduce(0, +)
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
