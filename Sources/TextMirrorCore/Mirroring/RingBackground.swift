/// Seamless mirroring: mirror the text, not the light it lies in.
///
/// A photographed page is rarely evenly lit. Mirroring a line about its own centre also
/// mirrors the light on it: under light falling off from left to right, the mirrored line's
/// bright end lands where the page is dark and its dark end where the page is bright, so every
/// line shows as a hard-edged rectangle. So, for each detected box and each channel of each
/// sample grid, the background B under the box is estimated from a thin ring just outside it,
/// and the mirror moves only the difference from it:
///
///     out(p) = clamp(B(p) + in(m(p)) − B(m(p))) = clamp(plain(p) + D(p)),  D(p) = B(p) − B(m(p))
///
/// where m is the box's mirror map and plain(p) = in(m(p)) the plain mirror. D depends only on
/// what the mirror does to B (for a horizontal mirror, B's odd part along the line), so on a
/// flat background D is 0 and the result is the plain mirror, byte for byte. B is measured in
/// 8-bit levels: a sample of 10 to 16 bits is read as its 8 most significant bits, and D is
/// scaled back to its depth when it is added (`SampleCoding`).
///
/// The model of B (`RingBackground`): each of the four sides of the ring (`depth` pixels deep,
/// `gap` pixels out from the box) gives a profile: at each position along the side the median
/// of the ring's depth there, then the median of each 16-sample segment of those, linearly
/// interpolated between segment centres. The four profiles are joined into a surface by the
/// Coons patch (the bilinearly blended surface through four boundary curves). Why this model:
/// - A low-order surface (a plane, a bilinear or quadratic fit to the whole ring) cannot follow
///   a shadow's edge across a line, nor a vignette's curve along a line as wide as the page:
///   their remainder shows as an edge at both ends of the box. The Coons patch reproduces each
///   side's profile exactly at that side, which is what makes the box's border continuous:
///   at the left edge out = in(right end) + L − R, at the top edge out(x) = in(x̄) + T(x) − T(x̄).
/// - Medians ignore text strokes crossing the ring (ascenders of the line below, descenders of
///   the line above, cut anti-aliasing) as long as they cover less than half a segment,
///   whatever the polarity of the text (dark on light or light on dark), where a least-squares
///   fit would be pulled towards every stroke. 16-sample segments are short enough to follow a
///   soft shadow edge and long enough to hold several strokes' gaps.
/// - What medians cannot see through is guarded against one by one: the other detected boxes
///   are left out of the ring (in a paragraph the ring of a line runs through the lines above
///   and below; such a line reads its background between its own strokes instead, see
///   `interior`), a knot unlike both neighbours is replaced by their median (`despiked`), and
///   a left or right side that disagrees with the ends of top and bottom is replaced by the
///   line between them (`init`).
/// - Additive, not multiplicative (a gain B(p)/B(m(p))): the issue asks to mirror the
///   difference from the background; a gain would also scale the sensor noise and saturates on
///   dark backgrounds, and chroma (centred on 128) is not a gain at all.
struct RingBackground {
    /// A side's background: robust values at knots along it, linear between them and extended
    /// along the end segments' slopes beyond them (so a ramp is followed right into the
    /// corners). Positions are fractions of the ring's rectangle (see `init`).
    struct Profile {
        /// Increasing positions of the knots.
        var positions: [Float]
        var knots: [Float]
        /// A line added to the knots' values: a side filled in from its opposite side.
        var offset: Float = 0
        var slope: Float = 0
        /// False: constant beyond the first and last knots (a profile read inside the box,
        /// whose end knots are too noisy to carry a slope past them).
        var extrapolates = true

        /// The knots of a measured side (`RingBackground.measure`), on a side `length` long
        /// (in the unit of its `centres`) of the ring's rectangle, which reaches `inset`
        /// beyond it at each end.
        init(_ side: Side, length: Double, inset: Double) {
            positions = side.centres.map { Float(($0 + inset) / (length + 2 * inset)) }
            knots = Self.despiked(side.knots, at: positions)
        }

        /// The background read inside the box (`RingBackground.interior`) as a profile of the
        /// same side: constant beyond its end knots (`extrapolates` false).
        static func interior(_ side: Side, length: Double, inset: Double) -> Profile {
            var profile = Profile(side, length: length, inset: inset)
            profile.extrapolates = false
            return profile
        }

        /// Each knot replaced by the median of itself and its neighbours (at the ends, the
        /// neighbour and the line through the next two, at the end knot's position): a segment
        /// whose median still read ink (a run of bold letters sticking out of the box) drops
        /// out, while ramps and steps (a shadow's edge) stay as they are.
        static func despiked(_ k: [Float], at p: [Float]) -> [Float] {
            let n = k.count
            guard n >= 3 else { return k }
            func median(_ a: Float, _ b: Float, _ c: Float) -> Float { max(min(a, b), min(max(a, b), c)) }
            func line(_ i: Int, _ j: Int, at x: Float) -> Float { k[i] + (k[j] - k[i]) * (x - p[i]) / (p[j] - p[i]) }
            var out = k
            out[0] = median(k[0], k[1], line(1, 2, at: p[0]))
            for q in 1..<(n - 1) { out[q] = median(k[q - 1], k[q], k[q + 1]) }
            out[n - 1] = median(k[n - 1], k[n - 2], line(n - 2, n - 3, at: p[n - 1]))
            return out
        }

        /// A straight line from `a` at 0 to `b` at 1.
        init(from a: Float, to b: Float) {
            positions = [0, 1]
            knots = [a, b]
        }

        @inline(__always)
        func value(at s: Float) -> Float {
            let n = knots.count
            guard n > 1 else { return knots[0] + (offset + s * slope) }
            if !extrapolates, s <= positions[0] || s >= positions[n - 1] {
                return knots[s <= positions[0] ? 0 : n - 1] + (offset + s * slope)
            }
            // The segments are nearly equal: guess from the mean spacing, then step to the right
            // one. Written so that a NaN or infinite guess cannot reach Int(_:).
            let f = (s - positions[0]) / (positions[n - 1] - positions[0]) * Float(n - 1)
            var q = f >= Float(n - 2) ? n - 2 : (f >= 1 ? Int(f) : 0)
            while q > 0 && s < positions[q] { q -= 1 }
            while q < n - 2 && s >= positions[q + 1] { q += 1 }
            let w = (s - positions[q]) / (positions[q + 1] - positions[q])
            // Equal knots give exactly their value, whatever w is.
            return knots[q] + w * (knots[q + 1] - knots[q]) + (offset + s * slope)
        }

        /// The profile at first, first + step, ... (`count` increasing positions) into `out`:
        /// one straight piece per pair of knots, each a ramp the compiler vectorizes, instead
        /// of a search and a division per position.
        func fill(_ out: UnsafeMutablePointer<Float>, count: Int, first: Float, step: Float) {
            let n = knots.count
            guard extrapolates || n == 1 else {
                for i in 0..<count { out[i] = value(at: first + Float(i) * step) }
                return
            }
            var i = 0
            for q in 0..<max(n - 1, 1) {
                // Value and slope (per unit of position) of this piece, the added line included.
                let (p0, v0, perUnit): (Float, Float, Float) =
                    n > 1
                    ? (positions[q], knots[q], (knots[q + 1] - knots[q]) / (positions[q + 1] - positions[q]))
                    : (0, knots[0], 0)
                // Positions before the next knot are this piece's (the last piece takes the rest).
                var end = count
                if q + 1 < n - 1 {
                    let next = (positions[q + 1] - first) / step
                    end = next <= Float(i) ? i : (next >= Float(count) ? count : Int(next.rounded(.up)))
                }
                // v(s) = v0 + (s − p0) · perUnit + offset + s · slope, with s = first + k · step.
                let base = v0 + (first - p0) * perUnit + offset + first * slope
                let increment = step * (perUnit + slope)
                while i < end {
                    out[i] = base + Float(i) * increment
                    i += 1
                }
            }
        }

        /// This profile moved by a line from `a` at 0 to `b` at 1.
        func shifted(from a: Float, to b: Float) -> Profile {
            var moved = self
            moved.offset += a
            moved.slope += b - a
            return moved
        }
    }

    /// Top and bottom run along the box's width axis (left to right), left and right along its
    /// height axis (top to bottom); `s` and `t` are positions across the rectangle through the
    /// ring's middle (0 and 1 on the ring, so the box's own samples lie strictly inside).
    let top: Profile, bottom: Profile, left: Profile, right: Profile
    /// The surface's values at the four corners: top-left, top-right, bottom-left, bottom-right.
    let c00: Float, c10: Float, c01: Float, c11: Float

    /// Luma pixels along a side per median.
    static let segmentLength = 16
    /// Luma pixels of the ring's depth.
    static let depth = 3
    /// Luma pixels between the box and its ring. Detected boxes hug their ink and often cut the
    /// tops of capitals or a bold letter's end by a pixel or two; right against the box the ring
    /// then holds ink wherever such letters are, and a bold line's medians (sign_000 of the
    /// generated set) read ink for background. Two pixels out, they read the background.
    static let gap = 2

    /// Levels by which a left or right side may stray from the line between the ends of top and
    /// bottom before it is taken for text: a few pixels apart, the light differs by far less.
    static let cornerTolerance: Float = 8

    /// Builds the surface from the sides' profiles; a nil side had no background sample (outside
    /// the frame, or inside other boxes). Missing sides are filled so that the corners stay
    /// consistent, a ramp across the box staying a ramp:
    /// - Top or bottom missing because the ring ran through other boxes (a line inside a
    ///   paragraph, or under or over a close line): `interior()`, the background along the box
    ///   read between its own strokes, when there is one. (Filled in from the other side
    ///   instead, as below, the missing side took that side's shape along the line, which need
    ///   not be its own: on the double-decker bus of the real-photo set, whose poster has two
    ///   lines one pixel apart by its edge, background edges were +4.5%, against +0.6% read
    ///   inside.)
    /// - Else, top and bottom both missing: lines between the ends of left and right.
    /// - Else, one of them missing: the other, moved by the step the left and right sides agree
    ///   on from one to the other.
    /// - Left or right missing, or straying more than `cornerTolerance` from the line between
    ///   the ends of top and bottom (text beside the box that no box covers: the rest of a line
    ///   the detector cut in two): that line.
    /// Nil when nothing is known.
    init?(top: Profile?, bottom: Profile?, left: Profile?, right: Profile?, interior: () -> Profile? = { nil }) {
        let t: Profile, b: Profile
        let inside = top == nil || bottom == nil ? interior() : nil
        switch (top ?? inside, bottom ?? inside) {
        case (let top?, let bottom?):
            (t, b) = (top, bottom)
        case (nil, nil):
            guard let l = left ?? right, let r = right ?? left else { return nil }
            t = Profile(from: l.value(at: 0), to: r.value(at: 0))
            b = Profile(from: l.value(at: 1), to: r.value(at: 1))
        case (let known?, nil), (nil, let known?):
            // The step from the known side to the missing one (left and right run from top, 0,
            // to bottom, 1), where left and right agree on it: the smaller of their steps when
            // they go the same way, else none. One side alone is not trusted: read a few rows
            // apart and carried across the whole ring, one inked segment of it gave steps of
            // a hundred levels (white patches in page_001 of the generated set).
            let sign: Float = top == nil ? -1 : 1
            func step(_ side: Profile?) -> Float? { side.map { sign * ($0.value(at: 1) - $0.value(at: 0)) } }
            var agreed: Float = 0
            if let l = step(left), let r = step(right), l * r > 0 { agreed = abs(l) < abs(r) ? l : r }
            let filled = known.shifted(from: agreed, to: agreed)
            (t, b) = top == nil ? (filled, known) : (known, filled)
        }
        /// `side` if it meets top and bottom at `s` within the tolerance, else the line between them.
        func end(_ side: Profile?, at s: Float) -> Profile {
            let line = Profile(from: t.value(at: s), to: b.value(at: s))
            guard let side else { return line }
            let tolerance = Self.cornerTolerance
            let straying =
                abs(side.value(at: 0) - line.knots[0]) > tolerance
                || abs(side.value(at: 1) - line.knots[1]) > tolerance
            return straying ? line : side
        }
        let l = end(left, at: 0), r = end(right, at: 1)
        self.top = t
        self.bottom = b
        self.left = l
        self.right = r
        // Each corner is seen by two sides; their mean keeps the surface within half their
        // difference of both.
        c00 = (t.value(at: 0) + l.value(at: 0)) / 2
        c10 = (t.value(at: 1) + r.value(at: 0)) / 2
        c01 = (b.value(at: 0) + l.value(at: 1)) / 2
        c11 = (b.value(at: 1) + r.value(at: 1)) / 2
    }

    /// True when the four sides hold one value (to a hundredth of a level): the background is
    /// flat, D is 0 and there is nothing to add. Checked before any work on the box's samples.
    var isFlat: Bool {
        let reference = top.knots[0] + top.offset
        func flat(_ side: Profile) -> Bool {
            // A side filled in from another carries a line; otherwise its knots are its values.
            guard side.slope == 0 else { return false }
            for knot in side.knots where abs(knot + side.offset - reference) >= 0.01 { return false }
            return true
        }
        return flat(top) && flat(bottom) && flat(left) && flat(right)
    }

    /// The Coons patch at (s, t): (1−s)L(t) + sR(t) + (1−t)T(s) + tB(s) − the bilinear surface
    /// of the corners, written so that equal sides give exactly their common value.
    func value(s: Float, t: Float) -> Float {
        let a = top.value(at: s) - (c00 + s * (c10 - c00))
        let b = bottom.value(at: s) - (c01 + s * (c11 - c01))
        let l = left.value(at: t), r = right.value(at: t)
        return a + t * (b - a) + l + s * (r - l)
    }

    /// Samples of the ring's depth for a grid whose samples span `pixelsPerSample` luma pixels:
    /// 3 in full-resolution grids, 2 in subsampled chroma (3 to 4 luma pixels).
    static func depth(samplesOf pixelsPerSample: Int) -> Int {
        max(2, (depth + pixelsPerSample - 1) / pixelsPerSample)
    }

    /// Samples between the box and the ring, in a grid whose samples span `pixelsPerSample`.
    static func gap(samplesOf pixelsPerSample: Int) -> Int {
        (gap + pixelsPerSample - 1) / pixelsPerSample
    }

    /// Samples from the box's edge to the middle of its ring: how far the ring's rectangle, which
    /// the surface's s and t span, reaches beyond the box.
    static func inset(samplesOf pixelsPerSample: Int) -> Double {
        Double(gap(samplesOf: pixelsPerSample)) + Double(depth(samplesOf: pixelsPerSample)) / 2
    }

    /// Segments along a side of `samples` samples, each spanning `pixelsPerSample` luma pixels:
    /// at least two, so even a short side gives its slope.
    static func segments(alongSamples samples: Int, pixelsPerSample: Int) -> Int {
        let pixels = samples * pixelsPerSample
        return min(max(2, (pixels + segmentLength / 2) / segmentLength), max(samples, 1))
    }

    /// The samples (0..<samples along the side) of segment q of k: as equal as whole samples
    /// allow, together covering the side.
    @inline(__always)
    static func segment(_ q: Int, of k: Int, samples: Int) -> Range<Int> {
        (q * samples / k)..<((q + 1) * samples / k)
    }

    /// A side whose robust values along it are `values[0..<count]` (reordered): the median of
    /// each segment. Sides of 32 values or more are cut into segments of exactly
    /// `SegmentMedians.length` from the start, the last one ending at the side's end (so it may
    /// overlap the one before), and their medians taken sixteen at a time; shorter sides (the
    /// box's ends, a narrow box) into `segments(alongSamples:)` segments by selection.
    /// `covered` (nonzero: inside another box) leaves out segments more than a quarter covered
    /// (their knots are filled from their neighbours, following the shape of `guide` when it
    /// gives one, see `fillGaps`); nil when every segment is left out.
    static func segmentMedians(
        _ values: UnsafeMutablePointer<UInt8>, count: Int, pixelsPerSample: Int,
        covered: UnsafePointer<UInt8>? = nil, guide: () -> Side? = { nil }
    ) -> Side? {
        let length = SegmentMedians.length
        /// Whether more than a quarter of `range` is covered.
        func leftOut(_ range: Range<Int>) -> Bool {
            guard let covered else { return false }
            var n = 0
            for i in range { n += Int(covered[i]) }
            return 4 * n > range.count
        }
        var side: Side
        if count < 2 * length {
            let k = segments(alongSamples: count, pixelsPerSample: pixelsPerSample)
            side = Side(knots: [Float](repeating: 0, count: k), centres: [Double](repeating: 0, count: k))
            for q in 0..<k {
                let range = segment(q, of: k, samples: count)
                side.centres[q] = Double(range.lowerBound + range.upperBound) / 2
                guard !leftOut(range) else {
                    side.knots[q] = .nan
                    continue
                }
                // Segments do not overlap, so each may be reordered in place.
                side.knots[q] = median(values + range.lowerBound, count: range.count)
            }
        } else {
            // Segment q starts at q·16, the last at count − 16.
            let k = (count + length - 1) / length
            func start(_ q: Int) -> Int { min(q * length, count - length) }
            side = Side(knots: [Float](repeating: 0, count: k), centres: [Double](repeating: 0, count: k))
            for q in 0..<k { side.centres[q] = Double(start(q)) + Double(length) / 2 }
            side.knots.withUnsafeMutableBufferPointer { knots in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: length) { batch in
                    var q = 0
                    while q < k {
                        let size = min(length, k - q)
                        for b in 0..<size { batch[b] = start(q + b) }
                        SegmentMedians.medians(
                            of: values, starts: batch.baseAddress!, count: size,
                            into: knots.baseAddress! + q)
                        q += size
                    }
                }
            }
            if covered != nil {
                for q in 0..<k where leftOut(start(q)..<(start(q) + length)) { side.knots[q] = .nan }
            }
        }
        // A side that is mostly other boxes (a line inside a paragraph) is left to its
        // neighbours: filled in from the ends of the sides next to it.
        guard 2 * side.knots.count(where: { !$0.isNaN }) >= side.knots.count else { return nil }
        fillGaps(&side, following: side.knots.contains(where: \.isNaN) ? guide() : nil)
        return side
    }

    /// The background along a box between its own strokes: `read(i, r)` is the box's sample at
    /// position i along it on row r of `rows`. Text inks fewer than half of a line's samples,
    /// so it pulls their mean away from their median, towards its own side (judged on three
    /// rows, at an eighth, half and seven eighths of the height): dark text takes, at each
    /// position, the brightest sample of the column across the box, light text the darkest.
    /// That is background wherever some row of the column misses the strokes, which only a
    /// stem as tall as the box does not; then each segment takes its median, which the stems
    /// do not reach. (Rows through the letters' bodies gave ink along a run of dense letters, a
    /// grey patch behind "people" in page_013 of the generated set; rows near the top and
    /// bottom, ink along "NO ENTRY", whose capitals fill the box, in sign_020.) Nil when there
    /// is no sample.
    ///
    /// `extremes(darkText, v)`, when given, writes each position's extreme over all rows into
    /// `v` as `read` would give it, from the rows themselves: a caller whose bytes lie side by
    /// side in memory saves a call per sample (other callers leave it out and `read` is used).
    static func interior(
        count: Int, rows: Int, pixelsPerSample: Int, into v: UnsafeMutablePointer<UInt8>,
        read: (Int, Int) -> UInt8, extremes: ((Bool, UnsafeMutablePointer<UInt8>) -> Void)? = nil
    ) -> Side? {
        guard count > 0, rows > 0 else { return nil }
        var histogram = [Int](repeating: 0, count: 256)
        var sum = 0
        let judged = [rows / 8, rows / 2, rows - 1 - rows / 8]
        for i in 0..<count {
            for r in judged {
                let x = read(i, r)
                histogram[Int(x)] += 1
                sum += Int(x)
            }
        }
        var below = 0, median = 0
        while median < 255 && 2 * (below + histogram[median]) < 3 * count {
            below += histogram[median]
            median += 1
        }
        let darkText = sum < median * 3 * count
        if let extremes {
            extremes(darkText, v)
            return segmentMedians(v, count: count, pixelsPerSample: pixelsPerSample)
        }
        for i in 0..<count {
            var extreme = read(i, 0)
            for r in 1..<rows {
                let x = read(i, r)
                extreme = darkText ? max(extreme, x) : min(extreme, x)
            }
            v[i] = extreme
        }
        return segmentMedians(v, count: count, pixelsPerSample: pixelsPerSample)
    }

    /// A side of the ring, measured: one robust value per segment, and where along the side
    /// the segment's samples lie (their mean position).
    struct Side {
        var knots: [Float]
        var centres: [Double]
    }

    /// Measures one side cut into `segments`: `gather(q, scratch)` writes the ring's values in
    /// segment q to `scratch` (at most `capacity`) and returns how many and their mean position
    /// along the side, or (0, its nominal centre) when it has none. Each knot is its segment's
    /// median. Segments without a value (outside the frame, which only a turned box's ring
    /// reaches, or inside other boxes) are filled by `fillGaps`, along `guide` when it gives
    /// one; nil when no segment has one.
    static func measure(
        segments: Int, capacity: Int, guide: () -> Side? = { nil },
        gather: (Int, UnsafeMutablePointer<UInt8>) -> (count: Int, centre: Double)
    ) -> Side? {
        precondition(segments > 0)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, 1)) { scratch in
            var side = Side(
                knots: [Float](repeating: .nan, count: segments),
                centres: [Double](repeating: 0, count: segments))
            var found = false
            for q in 0..<segments {
                let (count, centre) = gather(q, scratch.baseAddress!)
                assert(count <= capacity, "a ring segment overflowed its scratch")
                side.centres[q] = centre
                guard count > 0 else { continue }
                side.knots[q] = median(scratch.baseAddress!, count: count)
                found = true
            }
            // A side that is mostly other boxes is left to its neighbours (as in segmentMedians).
            guard found, 2 * side.knots.count(where: { !$0.isNaN }) >= segments else { return nil }
            fillGaps(&side, following: side.knots.contains(where: \.isNaN) ? guide() : nil)
            return side
        }
    }

    /// Replaces NaN knots: linearly between the measured knots around a gap, and with the
    /// nearest measured knot beyond the first and last (a line through two knots, carried far,
    /// would multiply their noise). At least one knot must be measured.
    ///
    /// With a `guide`, a profile of the same side measured elsewhere (the box's interior,
    /// `interior`), the same is done to the measured knots' offsets from the guide, and each
    /// filled knot is the guide there plus its offset: the gap follows the guide's shape. Why:
    /// in a paragraph the ring above or below a line runs partly through the next line's box;
    /// filled flat from the last measured knot, the background lost the light's ramp along that
    /// stretch, and the mirrored line showed as a band (skimage_page of the real-photo set).
    static func fillGaps(_ side: inout Side, following guide: Side? = nil) {
        let measured = side.knots.indices.filter { !side.knots[$0].isNaN }
        precondition(!measured.isEmpty)
        guard measured.count < side.knots.count else { return }
        /// The guide at position c: linear between its knots, constant beyond its ends; 0
        /// without one.
        func along(_ c: Double) -> Float {
            guard let guide, let last = guide.knots.last else { return 0 }
            let n = guide.knots.count
            guard n > 1, c > guide.centres[0] else { return guide.knots[0] }
            guard c < guide.centres[n - 1] else { return last }
            var q = 0
            while q < n - 2 && c >= guide.centres[q + 1] { q += 1 }
            let w = Float((c - guide.centres[q]) / (guide.centres[q + 1] - guide.centres[q]))
            return guide.knots[q] + w * (guide.knots[q + 1] - guide.knots[q])
        }
        func offset(_ q: Int) -> Float { side.knots[q] - along(side.centres[q]) }
        var k = 0
        for q in side.knots.indices where side.knots[q].isNaN {
            while k + 1 < measured.count && measured[k + 1] < q { k += 1 }
            let a = measured[k]
            let shift: Float
            if q < a || k + 1 == measured.count {
                shift = offset(a)
            } else {
                let b = measured[k + 1]
                let w = Float((side.centres[q] - side.centres[a]) / (side.centres[b] - side.centres[a]))
                shift = offset(a) + w * (offset(b) - offset(a))
            }
            side.knots[q] = along(side.centres[q]) + shift
        }
    }

    /// The median of `count` bytes, reordering them: of an even count the mean of the middle
    /// two, so that a ramp's median is its middle value (the upper one alone was half a step
    /// off, 2.5 levels in subsampled chroma under a steep gradient).
    static func median(_ v: UnsafeMutablePointer<UInt8>, count: Int) -> Float {
        let upper = select(v, count: count, k: count / 2)
        guard count % 2 == 0 else { return Float(upper) }
        // Selection left the count / 2 smaller values before the upper middle one.
        var lower = v[0]
        for i in 1..<(count / 2) where v[i] > lower { lower = v[i] }
        return (Float(lower) + Float(upper)) / 2
    }

    /// The k-th smallest of `count` bytes, reordering them so that the k before it are not
    /// larger: Hoare's selection as Wirth wrote it, linear on average; the segments hold a few
    /// dozen values.
    static func select(_ v: UnsafeMutablePointer<UInt8>, count: Int, k: Int) -> UInt8 {
        precondition(count > 0 && k >= 0 && k < count)
        var lo = 0, hi = count - 1
        while lo < hi {
            let pivot = v[k]
            var i = lo, j = hi
            repeat {
                while v[i] < pivot { i += 1 }
                while pivot < v[j] { j -= 1 }
                if i <= j {
                    let swap = v[i]
                    v[i] = v[j]
                    v[j] = swap
                    i += 1
                    j -= 1
                }
            } while i <= j
            if j < k { lo = i }
            if k < i { hi = j }
        }
        return v[k]
    }
}
