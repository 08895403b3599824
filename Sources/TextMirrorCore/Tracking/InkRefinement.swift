import Foundation

/// Fits a detected box to the ink inside it: its centre, and by default its size and tilt.
///
/// Why: the mirror reverses a line about its box's centre, so a centre off by half a pixel
/// already shifts the reversed strokes by a pixel, and the detector's centres are off by one to
/// three frame pixels: its probability map is at half the frame's resolution (or less), and a
/// line's kernel ends where its first and last glyphs' shapes end it (an "O" reaches less far
/// than an "l"). Text is printed on something: inside a detected box, the columns (rows) where
/// the brightness changes are the ink's, so the first and last such column bound the ink to
/// within a pixel. With `fitsSize` (the default) the box also shrinks to the ink plus a small
/// margin and turns to the line's measured tilt; without, it keeps its size and only moves its
/// centre to the ink's.
///
/// Where the ink cannot be told apart (text on texture, a box with no contrast, ink reaching
/// the box's edges), the box is left as it is. Turned boxes are measured in their own axes
/// (InkRefinement+Turned.swift).
public struct InkRefinement: Sendable, Equatable {
    /// A column counts as ink when its gradient energy rises above the box's background level
    /// (its quietest tenth of columns) by at least `minStep / 2` levels per pixel and this
    /// fraction of the strongest column. Deliberately low: the last column of a line is often
    /// the thin diagonal of a "y" or "v", a tenth of a vertical stem's energy.
    public var relativeThreshold = 0.02
    /// The strongest column must step by this many levels per pixel on average, or the box has
    /// no contrast to go by and is left alone.
    public var minStep = 3.0
    /// Ink spanning less than this fraction of the box is not trusted (a stray mark).
    public var minExtent = 0.3
    /// Gaps in the ink up to this fraction of the line height are inside a word (between
    /// letters); wider ones end it.
    public var maxGap = 0.15
    /// The rows of a line are told from the rows between lines by how much each row steps from
    /// column to column: at least this fraction of the way from the background level to the
    /// line's inkiest row. Rows
    /// crossed only by ascenders or descenders carry a fifth or more of it; rows between
    /// lines, nothing but noise.
    public var lineThreshold = 0.12
    /// Beyond those rows, rows with at least this fraction still belong to the line, up to
    /// `maxTail` of the line's height further: in "mirror reading practice" only the "g" and
    /// the "p" descend, and their rows carry a twentieth of the inkiest row's steps. Cut off,
    /// those descenders stay where they were while the rest of the line turns round.
    public var tailThreshold = 0.03
    public var maxTail = 0.6
    /// Gaps across the line (between an "i" and its dot) up to this fraction of the detected
    /// box's height are inside the line; the gap to the next line of a page is wider.
    public var maxRowGap = 0.08
    /// Ink plus this margin on every side, as a fraction of the ink's height (at least
    /// `minMargin` pixels), is the fitted box: enough for the anti-aliased rim of the glyphs.
    public var margin = 0.02
    public var minMargin = 1.0
    /// Fit the box's size to the ink, not only its centre. Why: the detector's boxes are 1.6 to
    /// 2.3 times taller than the ink on small text (its map has a third of the frame's
    /// resolution, and unclipping adds the rest), and every pixel of paper or wall inside a box
    /// is moved by the mirror; fitting took non-text changes on textmirror-eval's set from
    /// 3.4% to 0.79% (README, Detection quality).
    public var fitsSize = true
    /// With `fitsSize`, also measure the line's tilt from its ink and turn the box to it.
    /// Why: the detector's angles are off by up to 2.5° either way, so the tracker levels
    /// lines within 3° (BoxTracker.Parameters.levelWithin); a page tilted by 2° then gets level
    /// boxes tall enough for the slant, and its mirrored lines slant the other way. The tilt is
    /// the slope between the ink's centre in the line's first and last thirds.
    public var measuresTilt = true
    /// Tilts are measured up to this many degrees; a box the detector turned further is the
    /// detector's to place.
    public var maxTilt = 10.0
    /// The tilt is measured on each third's densest rows (the x-height band: at least this
    /// fraction of the way from background to the inkiest row), which ascenders and descenders
    /// do not move: "Fresh" and "daily" have them in different places, and their whole ink
    /// would tilt a level line by a degree.
    public var tiltBandThreshold = 0.5
    /// Tilts that move the line's ends by less than this many pixels (each end, from the
    /// centre) are taken as level: the exact level mirror beats a resampled turned one there.
    public var minTiltDrift = 1.5
    /// Lines shorter than this many ink heights are not measured for tilt: the ink of a short
    /// word does not give a reliable slope (at 6, textmirror-motion-bench's level words got
    /// tilts of 1-2° and its pan lost 0.12 of q).
    public var minTiltLength = 10.0

    public init() {}

    /// `box` re-centred on the ink inside it in `frame` (format `format`), and with
    /// `fitsSize` shrunk to the ink plus a margin; nil when the ink's ends cannot be told.
    /// `horizontally`/`vertically` name the axes the mirror reverses: the centre must be
    /// right along those; without `fitsSize` only those are measured, which halves the work.
    public func refine(_ box: PixelBox, in frame: FrameBuffer, format: PixelFormat,
                       horizontally: Bool = true, vertically: Bool = true) -> PixelBox? {
        fit(box, in: frame, format: format, horizontally: horizontally, vertically: vertically,
            tilting: fitsSize && measuresTilt)
    }

    /// `refine`, measuring the tilt when `tilting` (once: the turned box is not measured again).
    func fit(_ box: PixelBox, in frame: FrameBuffer, format: PixelFormat,
             horizontally: Bool, vertically: Bool, tilting: Bool) -> PixelBox? {
        guard box.width.isFinite, box.height.isFinite, box.centerX.isFinite, box.centerY.isFinite, box.angle.isFinite,
              box.height >= 6, box.width >= 6, !frame.planes.isEmpty
        else { return nil }
        guard box.isAxisAligned else {
            return refineTurned(box, in: frame, format: format, horizontally: horizontally, vertically: vertically,
                                tilting: tilting)
        }
        // The box, and a window around it: a glyph the box cuts through is followed into the
        // window (the detector's box edges are a few pixels off either way).
        let bx0 = Int((box.centerX - box.width / 2).rounded()), bx1 = Int((box.centerX + box.width / 2).rounded())
        let by0 = Int((box.centerY - box.height / 2).rounded()), by1 = Int((box.centerY + box.height / 2).rounded())
        let ex = Int((0.5 * box.height).rounded()), ey = Int((0.25 * box.height).rounded())
        let x0 = max(bx0 - ex, 0), x1 = min(bx1 + ex, frame.width)
        let y0 = max(by0 - ey, 0), y1 = min(by1 + ey, frame.height)
        let cx0 = max(bx0, 0), cx1 = min(bx1, frame.width), cy0 = max(by0, 0), cy1 = min(by1, frame.height)
        guard x1 - x0 >= 6, y1 - y0 >= 6, cx1 - cx0 >= 4, cy1 - cy0 >= 4 else { return nil }
        let measuresColumns = horizontally || fitsSize, measuresRows = vertically || fitsSize
        var refined = box
        var found = false
        // Rows first: when fitting, the columns are then measured over the line's own rows,
        // so a neighbouring line's ascenders inside a loose box do not widen it.
        var lineRows = cy0..<cy1
        var inkHeight: Double?
        // A tilted line first: across the whole box its rows smear into its neighbours'.
        if tilting, let tilt = tilt(frame, format: format, rows: y0..<y1, inside: (cy0 - y0)..<(cy1 - y0),
                                    columns: cx0..<cx1, boxHeight: box.height) {
            var turned = box
            turned.angle += tilt
            return refineTurned(turned, in: frame, format: format, horizontally: horizontally,
                                vertically: vertically, tilting: false)
        }
        if measuresRows {
            let span: (Double, Double)?
            if fitsSize {
                let ink = Steps.rowInk(frame, format: format, rows: y0..<y1, columns: cx0..<cx1)
                span = lineSpan(ink, inside: (cy0 - y0)..<(cy1 - y0), pixels: cx1 - cx0,
                                maxGap: max(Int((maxRowGap * box.height).rounded()), 1))
            } else {
                let rows = Steps.profiles(frame, format: format, window: (x0..<x1, y0..<y1),
                                          box: (cx0..<cx1, cy0..<cy1), columns: false, rows: true).rows
                span = inkSpan(rows, inside: (cy0 - y0)..<(cy1 - y0 - 1), pixels: cx1 - cx0,
                               maxGap: max(Int((maxGap * box.height).rounded()), 1))
            }
            if let (top, bottom) = span, bottom - top >= minExtent * box.height || fitsSize {
                refined.centerY = Double(y0) + (top + bottom) / 2
                found = true
                if fitsSize {
                    inkHeight = bottom - top
                    lineRows = max(y0 + Int(top.rounded(.down)), cy0 - ey)..<min(y0 + Int(bottom.rounded(.up)), cy1 + ey)
                }
            }
        }
        var inkWidth: Double?
        if measuresColumns, !lineRows.isEmpty {
            let columns = Steps.profiles(frame, format: format, window: (x0..<x1, lineRows),
                                         box: (cx0..<cx1, lineRows), columns: true, rows: false).columns
            let gap = max(Int((maxGap * (inkHeight ?? box.height)).rounded()), 1)
            if let (left, right) = inkSpan(columns, inside: (cx0 - x0)..<(cx1 - x0 - 1), pixels: lineRows.count, maxGap: gap),
               right - left >= minExtent * box.width {
                refined.centerX = Double(x0) + (left + right) / 2
                found = true
                inkWidth = right - left
            }
        }
        guard found else { return nil }
        if fitsSize {
            let rim = max(minMargin, margin * (inkHeight ?? box.height))
            if let inkHeight { refined.height = min(inkHeight + 2 * rim, box.height) }
            if let inkWidth { refined.width = min(inkWidth + 2 * rim, box.width) }
        }
        return refined
    }

    /// The tilt of the line in a level `box` of `frame`, measured as `fit` does; nil as `tilt`.
    func tilt(of box: PixelBox, in frame: FrameBuffer, format: PixelFormat) -> Double? {
        let cx0 = max(Int((box.centerX - box.width / 2).rounded()), 0)
        let cx1 = min(Int((box.centerX + box.width / 2).rounded()), frame.width)
        let by0 = Int((box.centerY - box.height / 2).rounded()), by1 = Int((box.centerY + box.height / 2).rounded())
        let ey = Int((0.25 * box.height).rounded())
        let y0 = max(by0 - ey, 0), y1 = min(by1 + ey, frame.height)
        let cy0 = max(by0, 0), cy1 = min(by1, frame.height)
        guard cx1 - cx0 >= 6, cy1 - cy0 >= 4 else { return nil }
        return tilt(frame, format: format, rows: y0..<y1, inside: (cy0 - y0)..<(cy1 - y0), columns: cx0..<cx1,
                    boxHeight: box.height)
    }

    /// The line's tilt in degrees (positive: clockwise on screen), from where its ink is in
    /// the first and last thirds of `columns`; nil when it is too small to matter (the ink
    /// drifts less than a pixel across half the line), too large to trust, or cannot be
    /// measured (a short line, or a third without a clear line of ink).
    private func tilt(_ frame: FrameBuffer, format: PixelFormat, rows: Range<Int>, inside: Range<Int>,
                      columns: Range<Int>, boxHeight: Double) -> Double? {
        let third = columns.count / 3
        guard third >= 2 else { return nil }
        let gap = max(Int((maxRowGap * boxHeight).rounded()), 1)
        /// A third's x-height band and whole ink, in window rows.
        func spans(_ part: Range<Int>) -> (band: (Double, Double), ink: (Double, Double))? {
            let ink = Steps.rowInk(frame, format: format, rows: rows, columns: part)
            guard let whole = lineSpan(ink, inside: inside, pixels: part.count, maxGap: gap),
                  let band = lineSpan(ink, inside: inside, pixels: part.count, maxGap: gap, threshold: tiltBandThreshold)
            else { return nil }
            return (band, whole)
        }
        let left = columns.lowerBound..<(columns.lowerBound + third)
        let right = (columns.upperBound - third)..<columns.upperBound
        guard let l = spans(left), let r = spans(right) else { return nil }
        let inkHeight = max(l.ink.1 - l.ink.0, r.ink.1 - r.ink.0)
        guard Double(columns.count) >= minTiltLength * inkHeight else { return nil }
        let run = Double(right.lowerBound - left.lowerBound)
        let degrees = atan2((r.band.0 + r.band.1) / 2 - (l.band.0 + l.band.1) / 2, run) * 180 / .pi
        guard abs(degrees) <= maxTilt,
              Double(columns.count) / 2 * tan(abs(degrees) * .pi / 180) >= minTiltDrift else { return nil }
        return degrees
    }

    /// The rows of the line in the box, in window rows (continuous), or nil: from the inkiest
    /// row in the box's middle half outwards while rows carry ink (`lineThreshold`), across
    /// gaps of up to `maxGap` rows. `ink[i]` is row i's summed step between neighbouring
    /// columns: rows through letters step at every stroke, rows between lines hardly at all.
    /// Nil when the ink runs on to the window's end (text on texture, or lines too close to
    /// tell apart).
    private func lineSpan(_ rows: RowInk, inside box: Range<Int>, pixels: Int, maxGap: Int,
                          threshold fraction: Double? = nil) -> (Double, Double)? {
        let ink = rows.sums
        guard box.count >= 4, box.lowerBound >= 0, box.upperBound <= ink.count else { return nil }
        let middle = (box.lowerBound + box.count / 4)..<(box.upperBound - box.count / 4)
        guard let peak = middle.max(by: { ink[$0] < ink[$1] }),
              Double(ink[peak]) >= minStep * Double(pixels) / 4 else { return nil }
        let background = Double(ink.sorted()[ink.count / 10])
        let threshold = background + (fraction ?? lineThreshold) * (Double(ink[peak]) - background)
        func inky(_ i: Int) -> Bool { Double(ink[i]) >= threshold }
        var first = peak, last = peak
        while let j = (max(first - maxGap - 1, 0)..<first).last(where: inky) { first = j }
        while let j = ((last + 1)..<min(last + maxGap + 2, ink.count)).first(where: inky) { last = j }
        if fraction == nil {
            // Then the sparse rows of the few letters that rise or descend beyond the rest.
            // And with a stroke's contrast in it: at least half the typical strongest step of
            // the line's rows. Rows of noise, or the anti-aliased rim below a baseline, step
            // often but weakly.
            let strokes = rows.strongest[first...last].sorted()
            let stroke = Double(strokes[strokes.count / 2])
            let tail = background + tailThreshold * (Double(ink[peak]) - background)
            let reach = Int((maxTail * Double(last - first + 1)).rounded())
            func tailed(_ i: Int) -> Bool { Double(ink[i]) >= tail && Double(rows.strongest[i]) >= 0.5 * stroke }
            // Row by row, with no gap (a descender hangs from the line), and no further once the
            // ink doubles again: that is the next line's ascenders, not this line's descenders.
            let top = max(first - reach, 0), bottom = min(last + reach, ink.count - 1)
            while first - 1 >= top, tailed(first - 1), ink[first - 1] <= 2 * ink[first] || inky(first) { first -= 1 }
            while last + 1 <= bottom, tailed(last + 1), ink[last + 1] <= 2 * ink[last] || inky(last) { last += 1 }
        }
        guard first > 0, last < ink.count - 1 else { return nil }
        return (Double(first), Double(last + 1))
    }

    /// Where the ink begins and ends along one axis of the window, in window pixels
    /// (continuous), or nil when it cannot be told: no contrast in the box, or ink running on
    /// to the window's end (a busy background, or a line longer than the box by more than the
    /// window's margin).
    ///
    /// `steps.energy[i]` is the summed absolute step between pixels i and i+1 across `pixels`
    /// pixels. The ink found inside the box is followed outwards across gaps of up to `maxGap`
    /// (the space between letters, not between words). The ends are placed to a fraction of a
    /// pixel from the two steps at each: an edge that covers a pixel partly steps partly into
    /// it and partly out of it, in the same direction. (A step the other way right after is
    /// the far side of a one-pixel stroke, not part of the edge.)
    private func inkSpan(_ steps: Steps, inside box: Range<Int>, pixels: Int, maxGap: Int) -> (Double, Double)? {
        let energy = steps.energy
        guard !box.isEmpty, box.lowerBound >= 0, box.upperBound <= energy.count,
              let strongest = energy[box].max(), Double(strongest) >= minStep * Double(pixels) else { return nil }
        let background = Double(energy.sorted()[energy.count / 10])
        let threshold = background + max(relativeThreshold * Double(strongest), minStep * Double(pixels) / 2)
        func strong(_ i: Int) -> Bool { Double(energy[i]) >= threshold }
        guard var first = box.first(where: strong), var last = box.last(where: strong) else { return nil }
        while let j = (max(first - maxGap - 1, 0)..<first).last(where: strong) { first = j }
        while let j = ((last + 1)..<min(last + maxGap + 2, energy.count)).first(where: strong) { last = j }
        guard first > 0, last < energy.count - 1 else { return nil }
        // How much of the edge lies in the step after the first strong one (left) or in the
        // last strong one rather than the step before it (right); steps in the other direction
        // belong to the far side of a thin stroke, not to this edge.
        func sameDirection(_ a: Int32, _ b: Int32) -> Bool { a != 0 && b != 0 && (a > 0) == (b > 0) }
        let next = steps.signed[first + 1], firstStep = steps.signed[first]
        let lead = sameDirection(next, firstStep) ? Double(abs(next)) / Double(abs(next) + abs(firstStep)) : 0
        let lastStep = steps.signed[last], before = steps.signed[last - 1]
        let tail = sameDirection(lastStep, before) ? Double(abs(lastStep)) / Double(abs(lastStep) + abs(before)) : 1
        let start = Double(first + 1) + lead
        let end = Double(last) + tail
        return end > start ? (start, end) : nil
    }
}

/// Per row of a window: how much it steps from column to column (`sums`: rows through letters
/// step at every stroke) and its largest single step (`strongest`: a row crossed by one
/// descender still has a stroke's full contrast, a row of noise or anti-aliasing does not).
struct RowInk {
    var sums: [Int32]
    var strongest: [Int32]
}

/// Per position along one axis of a window: the sum of absolute steps between neighbouring
/// pixels, and of signed steps (which tell an edge into the ink from one out of it).
struct Steps {
    var energy: [Int32]
    var signed: [Int32]

    var count: Int { energy.count }

    /// The luma of `columns` of one row (`raw`, plane 0): the row itself where luma is a
    /// plane of its own, else gathered or computed into `scratch` (`columns.count` bytes).
    static func lumaRow(_ raw: UnsafePointer<UInt8>, source: GrayDownscaler.Source, columns: Range<Int>,
                        scratch: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8> {
        if source == .luma(offset: 0, step: 1) { return raw + columns.lowerBound }
        for x in 0..<columns.count { scratch[x] = source.luma(raw, columns.lowerBound + x) }
        return UnsafePointer(scratch)
    }

    /// Per row of `rows`: the summed absolute step between neighbouring pixels across
    /// `columns`, and the largest such step, in the frame's luma.
    static func rowInk(_ frame: FrameBuffer, format: PixelFormat, rows: Range<Int>, columns: Range<Int>) -> RowInk {
        let w = columns.count
        guard w >= 2 else { return RowInk(sums: [Int32](repeating: 0, count: rows.count), strongest: [Int32](repeating: 0, count: rows.count)) }
        let source = GrayDownscaler.source(for: format)
        let plane = UnsafeRawPointer(frame.planes[0]), stride = frame.strides[0]
        var ink = RowInk(sums: [], strongest: [])
        ink.sums.reserveCapacity(rows.count)
        ink.strongest.reserveCapacity(rows.count)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: w) { buffer in
            for y in rows {
                let raw = (plane + y * stride).assumingMemoryBound(to: UInt8.self)
                let row = lumaRow(raw, source: source, columns: columns, scratch: buffer.baseAddress!)
                var energy: Int32 = 0, strongest: Int32 = 0
                for x in 0..<(w - 1) {
                    let step = abs(Int32(row[x + 1]) &- Int32(row[x]))
                    energy &+= step
                    strongest = max(strongest, step)
                }
                ink.sums.append(energy)
                ink.strongest.append(strongest)
            }
        }
        return ink
    }

    /// Steps between neighbouring columns of `window`, summed over the rows of `box`, and
    /// between neighbouring rows, summed over its columns. One pass over the window's rows; a
    /// planar luma row is read in place, other formats' luma is gathered into a row first.
    /// Int32 holds the sums: at most 255 × 8192 pixels.
    static func profiles(_ frame: FrameBuffer, format: PixelFormat, window: (Range<Int>, Range<Int>),
                         box: (Range<Int>, Range<Int>), columns: Bool, rows: Bool) -> (columns: Steps, rows: Steps) {
        let (xs, ys) = window
        let w = xs.count, h = ys.count
        let bx = (box.0.lowerBound - xs.lowerBound)..<(box.0.upperBound - xs.lowerBound)
        var columnEnergy = [Int32](repeating: 0, count: max(w - 1, 0)), columnSigned = columnEnergy
        var rowEnergy = [Int32](repeating: 0, count: max(h - 1, 0)), rowSigned = rowEnergy
        let source = GrayDownscaler.source(for: format)
        let plane = UnsafeRawPointer(frame.planes[0]), stride = frame.strides[0]
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * w) { scratch in
            guard let rowsBase = scratch.baseAddress else { return }
            var previous: UnsafePointer<UInt8>?
            for y in ys {
                let raw = (plane + y * stride).assumingMemoryBound(to: UInt8.self)
                let row = lumaRow(raw, source: source, columns: xs, scratch: rowsBase + (y & 1) * w)
                if columns, box.1.contains(y) {
                    columnEnergy.withUnsafeMutableBufferPointer { e in
                        columnSigned.withUnsafeMutableBufferPointer { s in
                            for x in 0..<(w - 1) {
                                let d = Int32(row[x + 1]) &- Int32(row[x])
                                e[x] &+= abs(d)
                                s[x] &+= d
                            }
                        }
                    }
                }
                if rows, let previous {
                    var energy: Int32 = 0, signed: Int32 = 0
                    for x in bx {
                        let d = Int32(row[x]) &- Int32(previous[x])
                        energy &+= abs(d)
                        signed &+= d
                    }
                    rowEnergy[y - ys.lowerBound - 1] = energy
                    rowSigned[y - ys.lowerBound - 1] = signed
                }
                previous = row
            }
        }
        return (Steps(energy: columnEnergy, signed: columnSigned), Steps(energy: rowEnergy, signed: rowSigned))
    }
}
