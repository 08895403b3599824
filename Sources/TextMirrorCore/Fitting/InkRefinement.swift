import Foundation

/// Fits a detected box to the ink inside it: its centre, and by default its size and tilt.
///
/// Why: the mirror reverses a line about its box's centre, so a centre off by half a pixel
/// already shifts the reversed strokes by a pixel, and the detector's centres are off by one to
/// three frame pixels: its probability map is at half the frame's resolution (or less), and a
/// line's kernel ends where its first and last glyphs' shapes end it (an "O" reaches less far
/// than an "l"). Text is printed on something: inside a detected box, the columns (rows) where
/// the brightness changes are the ink's, so the first and last such column bound the ink to
/// within a pixel. With `fitsSize` (the default) the box also takes the ink's size plus a small
/// margin, from the line's first letter to its last, and turns to the line's measured tilt;
/// without, it keeps its size and only moves its centre to the ink's.
///
/// Where the ink cannot be told apart (text on texture, a box with no contrast, ink reaching
/// the box's edges), the box is left as it is. Turned boxes are measured in their own axes
/// (InkRefinement+Turned.swift), tilts by how sharp the line's rows are along them
/// (InkRefinement+Tilt.swift).
public struct InkRefinement: Sendable, Equatable {
    /// A column counts as ink when its gradient energy rises above the box's background level
    /// (its quietest tenth of columns) by at least `minStep / 2` levels per pixel and this
    /// fraction of the strongest column. Deliberately low: the last column of a line is often
    /// the thin diagonal of a "y" or "v", a tenth of a vertical stem's energy.
    public var relativeThreshold = 0.02
    /// ... but never more than this many strokes' contrast (`LineRows.stroke`): a column
    /// through a letter's horizontal bar steps only at the bar's edges, however tall the line
    /// (a bar along the line's top row only at its lower edge: the step into that row belongs
    /// to the row above), while a stem's edge steps on every row. (On a caption 140 px high,
    /// 2% of a stem's edge was more than a bar's edges: the bars of its "T"s were no ink, and
    /// their ends were left unmirrored beside the line.)
    public var barShare = 1.0
    /// The strongest column must step by this many levels per pixel on average, or the box has
    /// no contrast to go by and is left alone.
    public var minStep = 3.0
    /// Line heights read beyond each end of a box whose line runs on past the usual half line
    /// height (`fit`), at most: four times further each time, up to this. 32 rather than 8:
    /// the detector sometimes boxes only a line's first words, and the newspaper of the
    /// real-photo dev set had a line running on 13 heights past its box.
    public var maxReach = 32.0
    /// Ink spanning less than this fraction of the box is not trusted (a stray mark).
    public var minExtent = 0.3
    /// Gaps in the ink up to this fraction of the line height are inside a word (between
    /// letters); wider ones end it.
    public var maxGap = 0.15
    /// Inside the detected box, an end of the ink beyond a gap wider than this many times the
    /// height of the line's letters is not part of the line: the space between words is a
    /// third to a half of it. (The detector's box sometimes reaches over a gap to a mark
    /// beside the line.)
    public var maxWordGap = 1.5
    /// A space inside a line parts two phrases (`phrases`) when it is wider than this many
    /// letter heights ...
    public var minPhraseGap = 1.0
    /// ... and this many times the median of the line's other word spaces, and each phrase
    /// is at least this many letter heights long (`minPhraseLength`).
    public var minPhraseSpaceRatio = 2.5
    public var minPhraseLength = 2.0
    /// Something at an end of the line whose ink reaches beyond the line's letters (the rows
    /// found with `lineThreshold`) by more than this fraction of their height, above or below,
    /// is not part of the line: an arrow, a frame, a logo. Letters reach less far: a
    /// descender, about 0.45 of the x-height.
    public var maxProtrusion = 0.6
    /// ... or beyond both edges by more than this fraction each ("j" rises 0.35 above the
    /// x-height and descends 0.45 below it; a sign's arrow beside its line does both).
    public var maxBothSidesProtrusion = 0.45
    /// A run of ink at an end of the line, inside the detected box, this many times as long as
    /// the letters' rows are high is a word and stays in the line (`lineEnds`), however far it
    /// protrudes: an arrow or a logo beside a line measures up to about two.
    public var minWordPiece = 3.0
    /// A piece at an end of the line whose steps across go one way by more than this share of
    /// their size (their sum against the sum of their sizes) is the edge between two surfaces,
    /// not a letter (`lineEnds`): a letter's ink is entered and left again, and its steps add
    /// up to a few hundredths; the rim of a sign's disc beside the word "the" on it, to two
    /// thirds. Taken into the line, such an edge moved its end to the rim, and the mirror
    /// carried the disc's colour across the line's end.
    public var minEdgeImbalance = 0.5
    /// A line ends on a run of inky columns only if one of its steps has this share of a
    /// stroke's contrast (`lineEnds`). Why: on a photograph the paper beside a line is not
    /// smooth, and its JPEG ringing and grain pass the summed threshold in a column or two
    /// here and there. Joined to the line across a letter's gap, they moved its end by up to
    /// 3 px from frame to frame as the threshold moved with the detector's box (a sign's line
    /// whose axis jumped by a pixel, doubling every mirrored stroke's move). Their steps are a
    /// sixth of a stroke's; a full stop's edge, a half or more.
    public var minStrokeShare = 0.25
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
    /// Why: the detector's angles are off by up to 2.5° on long lines and by more than 10° on
    /// short words, and a line mirrored about a box tilted by 0.2° from it already comes out
    /// with its ends a pixel or two from where they belong (WholeLineTests).
    public var measuresTilt = true
    /// Tilts are searched up to this many degrees from the detector's angle (and no further
    /// than the detector's box allows: a box that holds the line cannot be turned from it by
    /// much more than its height over its length).
    public var maxTilt = 50.0
    /// Boxes shorter than this many times their height are not measured for tilt (a letter or
    /// two has no line to go by). Squarish boxes are: the detector boxes a short word at 45°
    /// as squarish pieces.
    public var minTiltLength = 1.0
    /// A measured tilt stands only if the ink fitted along it is this many times longer than
    /// high; else the box keeps the detector's angle.
    public var minLineElongation = 1.5
    /// A tilt measured this many degrees or more from the detector's angle stands only if the
    /// line fitted along it is thinner than fitted at the detector's angle, by more than a
    /// pixel (fits are whole rows plus their rim). Why: the rows of a line are sharpest along
    /// its tilt, but a sign's edge or the next line beside a steep line can be sharper along
    /// their own; the line itself is thinnest along its tilt. (A line at 6° on a sign of the
    /// generated set was measured at 9.7°, along which its fit, 24 px tall against 22, ran on
    /// 25 px past the line's end and took in letters of the line below.)
    public var minTiltDisagreement = 2.0
    /// The line's rows must be this much sharper (summed squares of the row profile) at the
    /// measured tilt than on average over the tilts tried, or the tilt cannot be told.
    public var minTiltContrast = 1.2

    /// A fit taller than this many times the detector's box, plus `growthSlack` pixels, has
    /// taken the ground for ink: the box is left as it is. So has one longer than that at the
    /// detector's angle after nothing could be fitted along the measured tilt (`refine`).
    public var maxGrowth = 1.15
    /// 3 px, not 2: on small blurred print the detector's box can be lower than the ink (a
    /// headline: 9.2 px over 10.6 px of ink, fitted 13 px with its rim).
    public var growthSlack = 3.0

    public init() {}

    /// How a line lies, as its fit found it: what `refine` can be told instead of measuring
    /// again (`InkFitting` remembers it per line).
    public enum LineTilt: Sendable, Equatable {
        /// The ink could not be told: the box stays as detected.
        case unfit
        /// The tilt could not be measured: fitted at the detector's angle.
        case asDetected
        /// The line runs at this angle (degrees, as `PixelBox.angle`).
        case measured(Double)
    }

    /// `box` re-centred on the ink inside it in `frame` (format `format`), and with
    /// `fitsSize` fitted to the ink plus a margin and turned to its measured tilt; nil when
    /// the ink cannot be told. `horizontally`/`vertically` name the axes the mirror reverses:
    /// without `fitsSize` only those are measured, which halves the work.
    ///
    /// When the tilt cannot be measured the box keeps its angle; a measured one is levelled
    /// by the one rule for nearly level boxes (`PixelBox.levelled`).
    public func refine(
        _ box: PixelBox, in frame: FrameBuffer, format: PixelFormat,
        horizontally: Bool = true, vertically: Bool = true
    ) -> PixelBox? {
        refine(box, in: frame, format: format, horizontally: horizontally, vertically: vertically, tilt: nil).box
    }

    /// `refine`, and how the line lies. Given `tilt` (what a fit of the same line found
    /// before), the box is fitted at that tilt without measuring it (a tenth of the work).
    public func refine(
        _ box: PixelBox, in frame: FrameBuffer, format: PixelFormat,
        horizontally: Bool = true, vertically: Bool = true, tilt known: LineTilt?
    )
        -> (box: PixelBox?, tilt: LineTilt)
    {
        guard box.width.isFinite, box.height.isFinite, box.centerX.isFinite, box.centerY.isFinite, box.angle.isFinite,
            box.height >= 6, box.width >= 6, !frame.planes.isEmpty, known != .unfit
        else { return (nil, .unfit) }
        guard fitsSize else {
            let moved: PixelBox? = upright(box, reach: AtEnds(both: BoxWindow.reach), in: frame, format: format) {
                picture, format, level, placement in
                centred(level, in: picture, format: format, horizontally: horizontally, vertically: vertically)
                    .map(placement.frameBox)
            }
            return (moved, moved == nil ? .unfit : .asDetected)
        }
        var turned = box
        var measured = false
        // The tilt was measured now, along the detector's box (not across it).
        var alongDetected = false
        if case .measured(let angle) = known {
            turned = Self.side(of: box, along: angle)
            turned.angle = angle
            measured = true
        } else if known == nil, measuresTilt {
            // The tilt from the detector's box first: a tilted line's rows smear into each other
            // (and into its neighbours') across a box at the wrong angle.
            var found = tilt(of: box, in: frame, format: format, search: firstSearch(box)).map { (box, $0) }
            // A box not clearly longer than high may hold a line along either of its sides (a
            // short word at 45°, which the detector boxes level and upright alike): the one
            // whose rows are sharper. A side shorter than `minTiltLength` box heights is not
            // measured (`tilt(in:)`), so across is measured only on boxes at least as tall as
            // wide; measuring it on wider ones too changed no picture of the real-photo set.
            if box.width < TextBoxPostprocess.steepLineElongation * box.height {
                let across = Self.across(box)
                if let other = tilt(of: across, in: frame, format: format, search: firstSearch(across)),
                    other.contrast > found?.1.contrast ?? 0
                {
                    found = (across, other)
                }
            }
            if let (side, tilt) = found {
                alongDetected = side == box
                turned = side
                turned.angle = PixelBox.normalizedAngle(side.angle + tilt.degrees)
                turned = turned.levelled()
                measured = true
            }
        }
        // A tilt is a line's only if the ink along it is a line (a round blot's rows are
        // sharpest level, however it lies), if the line can be fitted along it, and if it is
        // not thinner along the detector's angle (`minTiltDisagreement`): else the detector's
        // angle stands.
        func isLine(_ fit: PixelBox) -> Bool { fit.width >= minLineElongation * fit.height }
        var fitted = fit(turned, in: frame, format: format)
        if measured, let along = fitted, !isLine(along) {
            measured = false
            fitted = fit(box, in: frame, format: format)
        } else if measured, fitted == nil {
            // Nothing could be fitted along the tilt: the detector's box is then no clean
            // line, and a fit at its angle that runs on far beyond it (a small word's box
            // followed out over a logo and a lamp beside it, 20 px to 77) has found the
            // ground, as a fit much taller than the box has (`maxGrowth`).
            measured = false
            fitted = fit(box, in: frame, format: format).flatMap {
                $0.width <= maxGrowth * box.width + growthSlack ? $0 : nil
            }
        } else if let along = fitted, alongDetected,
            abs(PixelBox.normalizedAngle(turned.angle - box.angle)) >= minTiltDisagreement,
            let asDetected = fit(box, in: frame, format: format), isLine(asDetected),
            asDetected.height + 1 < along.height
        {
            measured = false
            fitted = asDetected
        }
        guard var fitted else { return (nil, .unfit) }
        // Then once more on the fitted line alone, in its own axes: the first measurement
        // was made with the detector's box, which may hold other ink and misses some of the
        // line's. (A tilt told is one measured so before.)
        var rounds = 0
        while known == nil, measured, rounds < 2,
            let residual = tilt(of: fitted, in: frame, format: format, search: fineSearch(fitted), fine: true)?.degrees
        {
            rounds += 1
            var again = fitted
            again.angle += residual
            again = again.levelled()
            guard again.angle != fitted.angle, let refitted = fit(again, in: frame, format: format) else { break }
            fitted = refitted
            if abs(residual) < 0.01 { break }
        }
        // Rows of the ground taken for the line's (a textured poster behind a title: 58 px
        // detected, 78 fitted, the mountains above and below mirrored with it): the
        // detector's box holds a line's ink with room to spare, and the fit follows a glyph
        // the box cuts by a few pixels, not by a third of the line.
        let detectedHeight = measured ? turned.height : box.height
        guard fitted.height <= maxGrowth * detectedHeight + growthSlack else { return (nil, .unfit) }
        if measured { fitted = fitted.levelled() }
        // A turned box whose side leaves the frame holds a line near its top or bottom edge,
        // which the frame may cut: the line is taken only if all of it lies in the frame. Cut,
        // its part in view was fitted, and the rest stayed unmirrored beside it (">>>" of the
        // real-photo set's skimage_page); whole, as "Car Parks" at the bottom of a sign, the
        // detector's box, a third taller than the letters, mirrored the sign's edge with them.
        if !fitted.isAxisAligned, !Self.sidesInFrame(box, frameWidth: frame.width, frameHeight: frame.height),
            !Self.sidesInFrame(fitted, frameWidth: frame.width, frameHeight: frame.height)
        {
            return (nil, .unfit)
        }
        return (fitted, measured ? .measured(fitted.angle) : .asDetected)
    }

    /// `box` with its sides swapped: the same rectangle, as a line running along its height.
    static func across(_ box: PixelBox) -> PixelBox {
        PixelBox(
            centerX: box.centerX, centerY: box.centerY, width: box.height, height: box.width,
            angle: PixelBox.normalizedAngle(box.angle + 90))
    }

    /// `box` or `across(box)`, whichever runs nearer to `angle`.
    static func side(of box: PixelBox, along angle: Double) -> PixelBox {
        abs(PixelBox.normalizedAngle(box.angle - angle)) <= 45 ? box : across(box)
    }

    /// `box` fitted to its ink at its angle (no tilt measured); nil as `refine`. When the
    /// line's ink runs on to an end of the window read around the box (the detector's box
    /// stops short of the line, or something runs on from it), it is read again reaching four
    /// times further beyond that end (up to `maxReach` line heights), to see where the line or
    /// the other thing ends. Not where the frame stopped the window (a turned box near the
    /// frame's edge): reading further there sees nothing more.
    func fit(_ box: PixelBox, in frame: FrameBuffer, format: PixelFormat) -> PixelBox? {
        func attempt(_ reach: AtEnds<Double>) -> Fitted? {
            upright(box, reach: reach, in: frame, format: format) { picture, format, level, placement in
                fitLevel(level, reach: reach, in: picture, format: format, isFrame: placement.isFrame).map {
                    Fitted(box: placement.frameBox($0.box), runsOff: $0.runsOff, clipped: placement.clipped)
                }
            }
        }
        var reach = AtEnds(both: BoxWindow.reach)
        guard let first = attempt(reach) else { return nil }
        var latest = first
        while latest.runsOff.either,
            !(latest.runsOff.start && latest.clipped.start), !(latest.runsOff.end && latest.clipped.end)
        {
            if latest.runsOff.start { reach.start *= 4 }
            if latest.runsOff.end { reach.end *= 4 }
            guard max(reach.start, reach.end) <= maxReach, let wider = attempt(reach) else { break }
            if !wider.runsOff.either { return wider.box }
            latest = wider
        }
        return Self.reaching(first, endsOf: box)
    }

    /// `fitted` reaching along its line at least to the ends of `box` (the same line, at the same
    /// angle) where its ink ran on into the frame's edge: a turned line read only up to the
    /// frame (`shortenedIntoFrame`) goes on to the detector's end, and is mirrored up to there.
    static func reaching(_ fitted: Fitted, endsOf box: PixelBox) -> PixelBox {
        let goesOn = AtEnds(
            start: fitted.runsOff.start && fitted.clipped.start, end: fitted.runsOff.end && fitted.clipped.end)
        guard goesOn.either else { return fitted.box }
        let u = box.axes.along, f = fitted.box
        let offset = (f.centerX - box.centerX) * u.x + (f.centerY - box.centerY) * u.y
        let start = goesOn.start ? min(offset - f.width / 2, -box.width / 2) : offset - f.width / 2
        let end = goesOn.end ? max(offset + f.width / 2, box.width / 2) : offset + f.width / 2
        return f.withEnds(at: start - offset, end - offset)
    }

    /// A fitted box, the ends at which the line's ink ran on to the end of the window (not
    /// measured then), and those at which the frame stopped the window short of its reach.
    struct Fitted {
        var box: PixelBox
        var runsOff: AtEnds<Bool>
        var clipped = AtEnds(both: false)
    }

    /// The tilt of the line in `box` (degrees from the box's angle) and its contrast; nil as
    /// `tilt(in:)`. Only a first measurement (`fine` false) needs `minTiltContrast`: a fine
    /// one looks so close to the line's tilt that its rows are sharp at every slope tried.
    func tilt(of box: PixelBox, in frame: FrameBuffer, format: PixelFormat, search: Double, fine: Bool = false)
        -> (degrees: Double, contrast: Double)?
    {
        upright(box, reach: AtEnds(both: BoxWindow.reach), in: frame, format: format) { picture, format, level, _ in
            guard
                let g = BoxWindow(
                    level, reach: BoxWindow.reach, frameWidth: picture.width, frameHeight: picture.height),
                let window = InkWindow(picture, format: format, columns: g.x0..<g.x1, rows: g.y0..<g.y1)
            else { return nil }
            return tilt(
                in: window, columns: g.boxColumns, boxHeight: level.height, search: search,
                minContrast: fine ? 1 : minTiltContrast)
        }
    }

    /// How far from the detector's angle a tilt is looked for: as far as its box allows (a
    /// line turned by e from a box w long needs w tan e of its height; a quarter more for
    /// good measure), at most `maxTilt`.
    func firstSearch(_ box: PixelBox) -> Double {
        min(maxTilt, atan(1.25 * box.height / max(box.width, 1)) * 180 / .pi)
    }

    /// ... and from a fitted box's angle: the ends drifting by a pixel and a half.
    func fineSearch(_ box: PixelBox) -> Double {
        atan(1.5 / max(box.width / 2, 1)) * 180 / .pi
    }

    /// A level box fitted to its line's ink in `frame`, read `reach` line heights beyond its
    /// ends: the line's rows, then its first and last letters over those rows, leaving out what
    /// lies beyond its ends but is not text (and measuring the rows again without it). Nil when
    /// the rows cannot be told. `isFrame`: `frame` is the whole frame (not a picture resampled
    /// around a turned box), so its edges are where the camera's view ends.
    func fitLevel(_ box: PixelBox, reach: AtEnds<Double>, in frame: FrameBuffer, format: PixelFormat, isFrame: Bool)
        -> Fitted?
    {
        guard let g = BoxWindow(box, reach: reach, frameWidth: frame.width, frameHeight: frame.height),
            let window = InkWindow(frame, format: format, columns: g.x0..<g.x1, rows: g.y0..<g.y1)
        else { return nil }
        let inside = g.boxRows
        let rowGap = max(Int((maxRowGap * box.height).rounded()), 1)
        func rows(over columns: Range<Int>) -> LineRows? {
            lineRows(window.rowInk(columns: columns), inside: inside, pixels: columns.count, maxGap: rowGap)
        }
        guard var line = rows(over: g.boxColumns) else { return nil }
        // The letters' rows as the middle of the box has them: something big beside the line
        // (a sign's arrow) adds rows of its own to the rows over the whole box.
        let quarter = g.boxColumns.count / 4
        let letters =
            rows(over: (g.boxColumns.lowerBound + quarter)..<(g.boxColumns.upperBound - quarter))?.core ?? line.core
        let frameEdges = AtEnds(start: isFrame && g.x0 == 0, end: isFrame && g.x1 == frame.width)
        var ends = lineEnds(window, rows: line, letters: letters, inside: g.boxColumns, frameEdges: frameEdges)
        if let first = ends, first.trimmed, !first.runsOff.either {
            // What was left out (an arrow's point) may have widened the rows: again without it.
            let kept = max(Int(first.start.rounded(.down)) - 1, 0)..<min(Int(first.end.rounded(.up)), window.columns)
            if kept.count >= 4, let again = rows(over: kept) {
                line = again
                ends = lineEnds(window, rows: line, letters: letters, inside: kept, frameEdges: frameEdges)
            }
        }
        let rim = self.rim(of: line)
        var refined = fitted(box, to: line, windowTop: g.y0)
        if let ends, !ends.runsOff.either, ends.end - ends.start >= minExtent * box.width {
            // No rim past the frame's edge: the line goes on out of view, and the box stops
            // where the picture does.
            let left = ends.cutByFrame.start ? 0 : ends.start - rim
            let right = ends.cutByFrame.end ? Double(g.x1 - g.x0) : ends.end + rim
            refined.centerX = Double(g.x0) + (left + right) / 2
            refined.width = right - left
        }
        return Fitted(box: refined, runsOff: ends?.runsOff ?? AtEnds(both: false))
    }

    /// The margin a fitted box leaves around its line's ink, above, below and at its ends.
    func rim(of line: LineRows) -> Double {
        max(minMargin, margin * (line.bottom - line.top))
    }

    /// Level `box` spanning `line`'s rows (in the rows of a window whose top is at
    /// `windowTop`) with its rim (`rim(of:)`) above and below.
    func fitted(_ box: PixelBox, to line: LineRows, windowTop: Int) -> PixelBox {
        var fitted = box
        fitted.centerY = Double(windowTop) + (line.top + line.bottom) / 2
        fitted.height = line.bottom - line.top + 2 * rim(of: line)
        return fitted
    }

    /// Only the centre of a level `box` moved to its ink's, along the axes the mirror
    /// reverses (`fitsSize` off); nil when the ink's ends cannot be told along either.
    func centred(
        _ box: PixelBox, in frame: FrameBuffer, format: PixelFormat, horizontally: Bool,
        vertically: Bool
    ) -> PixelBox? {
        guard let g = BoxWindow(box, reach: BoxWindow.reach, frameWidth: frame.width, frameHeight: frame.height)
        else { return nil }
        let box2D = (
            g.x0 + g.boxColumns.lowerBound..<g.x0 + g.boxColumns.upperBound + 1,
            g.y0 + g.boxRows.lowerBound..<g.y0 + g.boxRows.upperBound
        )
        let profiles = Steps.profiles(
            frame, format: format, window: (g.x0..<g.x1, g.y0..<g.y1), box: box2D,
            columns: horizontally, rows: vertically)
        let gap = max(Int((maxGap * box.height).rounded()), 1)
        var refined = box
        var found = false
        if vertically,
            let (top, bottom) = inkSpan(
                profiles.rows, inside: g.boxRows.lowerBound..<(g.boxRows.upperBound - 1),
                pixels: box2D.0.count, maxGap: gap),
            bottom - top >= minExtent * box.height
        {
            refined.centerY = Double(g.y0) + (top + bottom) / 2
            found = true
        }
        if horizontally,
            let (left, right) = inkSpan(
                profiles.columns, inside: g.boxColumns, pixels: box2D.1.count,
                maxGap: gap),
            right - left >= minExtent * box.width
        {
            refined.centerX = Double(g.x0) + (left + right) / 2
            found = true
        }
        return found ? refined : nil
    }

    /// A line's rows in a window: `core`, the rows of its letters (`lineThreshold`), and
    /// `top`..<`bottom` (continuous), those plus the rows of the few letters that rise or
    /// descend beyond them.
    struct LineRows {
        var core: ClosedRange<Int>
        var top: Double
        var bottom: Double
        /// The typical strongest step of a row of the line: a stroke's contrast.
        var stroke: Int32
    }

    /// The rows of the line in the box, in window rows, or nil: from the inkiest row in the
    /// box's middle half outwards while rows carry ink (`lineThreshold`), across gaps of up to
    /// `maxGap` rows. `ink.sums[i]` is row i's summed step between neighbouring columns: rows
    /// through letters step at every stroke, rows between lines hardly at all. Nil when the
    /// ink runs on to the window's end (text on texture, or lines too close to tell apart).
    func lineRows(_ rows: RowInk, inside box: Range<Int>, pixels: Int, maxGap: Int) -> LineRows? {
        let ink = rows.sums
        guard box.count >= 4, box.lowerBound >= 0, box.upperBound <= ink.count else { return nil }
        let middle = (box.lowerBound + box.count / 4)..<(box.upperBound - box.count / 4)
        guard let peak = middle.max(by: { ink[$0] < ink[$1] }),
            Double(ink[peak]) >= minStep * Double(pixels) / 4
        else { return nil }
        let background = Double(ink.sorted()[ink.count / 10])
        let threshold = background + lineThreshold * (Double(ink[peak]) - background)
        func inky(_ i: Int) -> Bool { Double(ink[i]) >= threshold }
        // Across a gap only to something as small as an "i"'s dot: a band of ink beyond the
        // gap that runs on is something else (a carved frame under a sign's letters, which
        // held the line's rows to the window's end and left the sign's box unfitted).
        func dotBeyond(_ j: Int, by step: Int) -> Bool {
            var n = 0, i = j
            while i >= 0, i < ink.count, inky(i) {
                n += 1
                if n > 2 * maxGap + 1 { return false }
                i += step
            }
            return i >= 0 && i < ink.count
        }
        var first = peak, last = peak
        while let j = (max(first - maxGap - 1, 0)..<first).last(where: inky), j == first - 1 || dotBeyond(j, by: -1) {
            first = j
        }
        while let j = ((last + 1)..<min(last + maxGap + 2, ink.count)).first(where: inky),
            j == last + 1 || dotBeyond(j, by: 1)
        {
            last = j
        }
        let core = first...last
        // Then the sparse rows of the few letters that rise or descend beyond the rest.
        // And with a stroke's contrast in it: at least half the typical strongest step of
        // the line's rows. Rows of noise, or the anti-aliased rim below a baseline, step
        // often but weakly.
        // A row crossed by one stroke counts, however long the line: at least a stroke's
        // contrast more than the quietest row, if that is less than `tailThreshold`.
        let strokes = rows.strongest[first...last].sorted()
        let stroke = Double(strokes[strokes.count / 2])
        let tail = background + min(tailThreshold * (Double(ink[peak]) - background), stroke)
        let reach = Int((maxTail * Double(last - first + 1)).rounded())
        func tailed(_ i: Int) -> Bool { Double(ink[i]) >= tail && Double(rows.strongest[i]) >= 0.5 * stroke }
        // Row by row, with no gap (a descender hangs from the line), and no further once the
        // ink doubles again: that is the next line's ascenders, not this line's descenders.
        let top = max(first - reach, 0), bottom = min(last + reach, ink.count - 1)
        while first - 1 >= top, tailed(first - 1), ink[first - 1] <= 2 * ink[first] || inky(first) { first -= 1 }
        while last + 1 <= bottom, tailed(last + 1), ink[last + 1] <= 2 * ink[last] || inky(last) { last += 1 }
        guard first > 0, last < ink.count - 1 else { return nil }
        return LineRows(core: core, top: Double(first), bottom: Double(last + 1), stroke: Int32(stroke))
    }

    /// Where the ink begins and ends along one axis of the window, in window pixels
    /// (continuous), or nil when it cannot be told: no contrast in the box, or ink running on
    /// to the window's end (a busy background, or a line longer than the box by more than the
    /// window's margin).
    ///
    /// The summed step a column (or row) of `energy` needs to count as ink: the picture's
    /// background level (its tenth percentile) plus a share of the strongest step inside `box`,
    /// and given the line's `stroke`, no more than `barShare` strokes' contrast.
    /// Nil when `box` is empty, out of range, or holds no step strong enough to be ink.
    func inkThreshold(_ energy: [Int32], inside box: Range<Int>, pixels: Int, stroke: Int32? = nil) -> Double? {
        guard !box.isEmpty, box.lowerBound >= 0, box.upperBound <= energy.count,
            let strongest = energy[box].max(), Double(strongest) >= minStep * Double(pixels)
        else { return nil }
        let background = Double(energy.sorted()[energy.count / 10])
        var relative = relativeThreshold * Double(strongest)
        if let stroke { relative = min(relative, barShare * Double(stroke)) }
        return background + max(relative, minStep * Double(pixels) / 2)
    }

    /// `steps.energy[i]` is the summed absolute step between pixels i and i+1 across `pixels`
    /// pixels. The ink found inside the box is followed outwards across gaps of up to `maxGap`
    /// (the space between letters, not between words).
    private func inkSpan(_ steps: Steps, inside box: Range<Int>, pixels: Int, maxGap: Int) -> (Double, Double)? {
        let energy = steps.energy
        guard let threshold = inkThreshold(energy, inside: box, pixels: pixels) else { return nil }
        func strong(_ i: Int) -> Bool { Double(energy[i]) >= threshold }
        guard var first = box.first(where: strong), var last = box.last(where: strong) else { return nil }
        while let j = (max(first - maxGap - 1, 0)..<first).last(where: strong) { first = j }
        while let j = ((last + 1)..<min(last + maxGap + 2, energy.count)).first(where: strong) { last = j }
        guard first > 0, last < energy.count - 1 else { return nil }
        return Self.subpixelEnds(steps, first: first, last: last)
    }

    /// The ink's ends to a fraction of a pixel, from its first and last strong steps: an edge
    /// that covers a pixel partly steps partly into it and partly out of it, in the same
    /// direction. (A step the other way right after is the far side of a one-pixel stroke, not
    /// part of the edge.)
    static func subpixelEnds(_ steps: Steps, first: Int, last: Int) -> (Double, Double)? {
        guard first >= 0, last >= 1, first + 1 < steps.count else { return nil }
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
