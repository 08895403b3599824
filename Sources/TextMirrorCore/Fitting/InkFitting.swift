/// Fits detected boxes to their ink on the frame they were detected on, where the detector
/// runs: on the detection queue in async mode, so the streaming thread does not pay for it.
///
/// Why here and not when a detection reaches the streaming thread: fitting reads every box's
/// pixels two or three times and resamples tilted ones, which measured up to 14 ms p99 at
/// 1080p with 18 lines (textmirror-motion-bench --cost-only) against the streaming thread's
/// 2 ms budget. Fitted on its own frame, a box is as exact as it would be on the current one;
/// the tracker then moves it by the motion since (latency compensation).
public struct InkFitting: Sendable, Equatable {
    public var refinement = InkRefinement()
    /// Detector angles within this many degrees of level are taken as level before fitting
    /// (`PixelBox.levelled`, the rule the tracker applies to boxes that were not fitted); the
    /// fit then measures the real tilt, and where it cannot, the box stays level.
    public var levelWithin = PixelBox.detectorAngleNoise

    public init() {}

    /// What `fit` learnt about a line (its `memory`): its tilt, and what came of the
    /// detector's box it fitted.
    public struct LineFit: Sendable {
        var tilt: InkRefinement.LineTilt
        /// The detector's box as fitted (levelled), ...
        var detected: PixelBox
        /// ... and the lines fitted in it: more than one where it held phrases, nil where its
        /// ink could not be told.
        var lines: [PixelBox]?
    }

    /// `boxes` with each axis-aligned-or-nearly box fitted to the ink where its ink can be
    /// told (`TextBox.fitted`), the others as they are. `horizontally`/`vertically`: the axes
    /// the mirror reverses.
    ///
    /// With `memory`, how each line lay at its last fit (its tilt, or that its ink could not
    /// be told, unless it lies near the frame edge) is remembered, and a line fitted fewer
    /// than `renewAfter` detections ago is fitted at that tilt without measuring it again.
    /// Why: measuring a tilt is most of a fit's cost (the live bench's eight lines: 10-14 ms a
    /// detection measured, against about 1 ms at a known tilt), and a line's tilt changes far
    /// more slowly than detections come. A line whose detected box has not moved since
    /// (`LineMemory.unmoved`: a still camera on still text) takes the lines fitted then, and
    /// its pixels are not read at all. Why: fitting a page's 27 lines at known tilts still
    /// took 23 ms a detection, longer than the detection itself (textmirror-motion-bench's
    /// dense pages, held still), on lines whose ink had not moved.
    public func fit(
        _ boxes: [TextBox], in frame: FrameBuffer, format: PixelFormat,
        horizontally: Bool, vertically: Bool,
        memory: LineMemory<LineFit>? = nil, renewAfter: Int = 1
    ) -> [TextBox] {
        let levelled = boxes.map { $0.box.levelled(within: levelWithin) }
        // The lines fitted in box `i` (nil: its ink cannot be told). A fitted line whose ink
        // has a gap no line has between its words holds two phrases: each is a line of its
        // own (`InkRefinement.phrases`).
        func lines(_ i: Int, at tilt: InkRefinement.LineTilt?) -> (lines: [PixelBox]?, tilt: InkRefinement.LineTilt) {
            let result = refinement.refine(
                levelled[i], in: frame, format: format, horizontally: horizontally,
                vertically: vertically, tilt: tilt)
            let lines = result.box.map {
                refinement.fitsSize ? refinement.phrases(of: $0, in: frame, format: format) : [$0]
            }
            return (lines, result.tilt)
        }
        var fitted = [[PixelBox]?](repeating: nil, count: boxes.count)
        if let memory {
            var learnt = Set<Int>()
            let known = memory.values(for: levelled, renewAfter: renewAfter) { i, _ in
                learnt.insert(i)
                let result = lines(i, at: nil)
                fitted[i] = result.lines
                // Near the frame edge a line often cannot be fitted: what lies beyond its ends
                // is out of view. Not remembered as unfit, it is fitted once it is in view;
                // remembered, a line panned into view kept its detector's box, 15 px off and
                // cutting its first letter, for `renewAfter` detections (a second at 30 a
                // second, on the real-photo pan).
                let nearEdge = Self.nearFrameEdge(levelled[i], frameWidth: frame.width, frameHeight: frame.height)
                if result.tilt == .unfit && nearEdge { return nil }
                return LineFit(tilt: result.tilt, detected: levelled[i], lines: result.lines)
            }
            for (i, line) in known.enumerated() where !learnt.contains(i) {
                if let line, LineMemory<LineFit>.unmoved(line.detected, levelled[i]) {
                    fitted[i] = line.lines
                } else {
                    fitted[i] = lines(i, at: line?.tilt).lines
                }
            }
        } else {
            for i in boxes.indices { fitted[i] = lines(i, at: nil).lines }
        }
        var result: [TextBox] = []
        for (detected, fitted) in zip(boxes, fitted) {
            guard let fitted else {
                result.append(detected)
                continue
            }
            result += fitted.map {
                TextBox(
                    box: $0, score: detected.score, fitted: true, reading: detected.reading, isPhrase: fitted.count > 1)
            }
        }
        return Self.withoutPieces(result)
    }

    /// `lines` with each fitted line that was read ending where its characters do
    /// (`InkRefinement.endingAtText`), where `confirms` finds the line's characters in the
    /// shorter box and none in the parts cut off (a cut through a letter reads otherwise).
    ///
    /// With `memory`, whether a line's ends were confirmed is remembered for `renewAfter`
    /// detections, as its tilt is in `fit`: confirming takes two to five reads of the line.
    /// Lines are confirmed only while `mayRead()` says so (`LineMemory.values`); a line not
    /// confirmed keeps its fitted ends.
    public func endingAtText(
        _ lines: [TextBox], in frame: FrameBuffer, format: PixelFormat,
        memory: LineMemory<Bool>? = nil, renewAfter: Int = 1, while mayRead: () -> Bool = { true },
        confirms: (_ line: PixelBox, _ cutOff: [PixelBox], TextReading) -> Bool
    ) -> [TextBox] {
        guard refinement.fitsSize else { return lines }
        func ends(_ line: TextBox) -> InkRefinement.TextEnds? {
            guard line.fitted, let span = line.reading?.characterSpan else { return nil }
            return refinement.endingAtText(line.box, characters: span, in: frame, format: format)
        }
        // Ends found while confirming them (nil: not looked for), so as not to look twice. A
        // line remembered as confirmed has its ends found again: its box has moved.
        var found = [InkRefinement.TextEnds??](repeating: nil, count: lines.count)
        func learn(_ i: Int) -> Bool {
            let lineEnds = ends(lines[i])
            found[i] = .some(lineEnds)
            guard let lineEnds, let reading = lines[i].reading else { return false }
            return confirms(lineEnds.line, lineEnds.cutOff, reading)
        }
        let confirmed =
            memory?.values(for: lines.map(\.box), renewAfter: renewAfter, while: mayRead) { i, _ in learn(i) }
            ?? lines.indices.map { Optional(learn($0)) }
        return lines.indices.map { i in
            guard confirmed[i] == true, let ends = found[i] ?? ends(lines[i]) else { return lines[i] }
            var ended = lines[i]
            ended.box = ends.line
            return ended
        }
    }

    /// Whether the window a fit reads around `box` (`BoxWindow.reach` line heights beyond
    /// each side) leaves the frame.
    static func nearFrameEdge(_ box: PixelBox, frameWidth: Int, frameHeight: Int) -> Bool {
        box.comesWithin(BoxWindow.reach * min(box.width, box.height), ofSidesOf: frameWidth, frameHeight)
    }

    /// `boxes` without those lying mostly inside a larger fitted box: pieces of one line that
    /// the detector boxed apart (a short word at 45° comes as its first letter and the rest),
    /// which the fit of the larger piece has reached across. A piece that runs on along the
    /// larger box's line past its end stays: it holds words the larger one does not, and the
    /// tracker joins the two (`BoxTracker.joiningSplitLines`). Dropped, those words stayed
    /// unmirrored ("be said street" after "...river but" on a generated page, whose second
    /// piece overlapped the first by 0.62).
    ///
    /// And without boxes (fitted or not) over `minLinesAcross` or more lines running across
    /// them (`runsAcross`): a block of lines the other way, not a line. Those lines stay.
    /// Why: the detector boxes a newspaper's column of turned (90°) lines as one squarish box,
    /// whose rows read level are sharp enough to fit; mirrored level, the column's lines
    /// changed places and each was reversed across instead of along (ocv_newspaper of the
    /// real-photo set: two such blocks, 222 x 59 and 333 x 64 px).
    static func withoutPieces(_ boxes: [TextBox]) -> [TextBox] {
        func inside(_ piece: Int, _ line: Int) -> Bool {
            piece != line && boxes[line].box.area > boxes[piece].box.area
                && boxes[piece].box.intersectionArea(boxes[line].box) > maxPieceOverlap * boxes[piece].box.area
        }
        // The angle test first: it is cheap, and it rules out most pairs before their
        // intersection is clipped.
        let blocks = Set(
            boxes.indices.filter { j in
                boxes.indices.count { runsAcross(boxes[$0].box, boxes[j].box) && inside($0, j) } >= minLinesAcross
            })
        return boxes.indices.filter { i in
            !blocks.contains(i)
                && !boxes.indices.contains { j in
                    !blocks.contains(j) && boxes[j].fitted && inside(i, j)
                        && !runsOn(boxes[i].box, pastEndOf: boxes[j].box)
                }
        }.map { boxes[$0] }
    }

    /// Lines running across a box that make it a block of lines, not a line: one may be a
    /// stroke the detector boxed on its own (an "l").
    static let minLinesAcross = 2

    /// Whether `piece` is clearly a line (`TextBoxPostprocess.steepLineElongation`) running
    /// more than 45° across `line`.
    static func runsAcross(_ piece: PixelBox, _ line: PixelBox) -> Bool {
        piece.width >= TextBoxPostprocess.steepLineElongation * piece.height
            && abs(PixelBox.normalizedAngle(piece.angle - line.angle)) > 45
    }

    /// Whether `piece` reaches beyond an end of `line`, along it, by more than `line`'s height
    /// (a letter or more).
    static func runsOn(_ piece: PixelBox, pastEndOf line: PixelBox) -> Bool {
        let along = line.axes.along
        let centre = (line.center * along).sum()
        let reach = piece.corners.map { ($0 * along).sum() - centre }
        return (reach.max() ?? 0) > line.width / 2 + line.height || (reach.min() ?? 0) < -line.width / 2 - line.height
    }

    /// A box this much inside a larger fitted one is a piece of its line.
    static let maxPieceOverlap = 0.5

    /// `fit` on the frame `input` was copied from; `boxes` unchanged when it holds no frame.
    public func fit(
        _ boxes: [TextBox], on input: DetectionInput, horizontally: Bool, vertically: Bool,
        memory: LineMemory<LineFit>? = nil, renewAfter: Int = 1
    ) -> [TextBox] {
        input.withFrame { frame, format in
            fit(
                boxes, in: frame, format: format, horizontally: horizontally, vertically: vertically,
                memory: memory, renewAfter: renewAfter)
        } ?? boxes
    }
}
