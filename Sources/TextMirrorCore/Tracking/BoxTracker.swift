/// Keeps mirrored boxes on their text between detections and across missed detections.
///
/// Per frame, in this order (see `MirrorEngine.process`):
/// 1. `advance`: every track moves by the motion into this frame (its own where the flow
///    measured it, else the whole picture's) and the motion is remembered;
/// 2. `incorporate`, when a detection has arrived: each detected box is first carried from the
///    frame the detector saw to this one (latency compensation), then matched one-to-one with
///    the tracks; a match blends into its track (`BoxSmoothing`), a detection without a match
///    starts a track, and a missed track seen only once, or one the flow has also lost, ends
///    (so neither a one-off false detection nor the old view after a cut lingers for the
///    whole hold time);
/// 3. `expire`: tracks not re-detected for `holdTime` (counted from the frame they were last
///    detected on, once a later detection has missed them), or moved wholly out of the frame,
///    end.
///
/// Pure value type, no clocks: times are frame times in nanoseconds, so the same frames give
/// the same boxes (sync mode is reproducible).
public struct BoxTracker: Sendable, Equatable {
    public struct Parameters: Sendable, Equatable {
        /// Weight of a new detection in the box (the element's `smoothing`); 1 = no smoothing.
        public var smoothing: Double
        /// A track not re-detected for this many milliseconds of frame time ends (`hold-time`).
        public var holdTime: Double
        public var association: BoxAssociation.Criteria
        /// Tracks covering each other more than this (intersection over the smaller box) are
        /// one line tracked twice; the one detected most recently stays.
        public var maxOverlap: Double
        /// A track needs this many detections before a missed detection is forgiven.
        public var confirmHits: Int
        /// The detector's noise, as a fraction of line height (at least 2 px): detections that
        /// differ from their track by more are blended in faster (`BoxSmoothing.weight`).
        public var noise: Double
        /// The same for detections re-centred on their ink (at least 1 px), which are accurate
        /// to a fraction of a pixel: a larger difference is the track's error, corrected at once
        /// rather than crept towards (which would turn a small bias in the measured motion into
        /// a lag of twice as much).
        public var preciseNoise: Double
        /// Detected lines within this many degrees of horizontal are taken as horizontal: the
        /// detector's minimum-area rectangles tilt level lines by up to 2.5° (ascenders,
        /// descenders; measured by textmirror-motion-bench), which over a 300-pixel line skews
        /// the mirrored ends by ±6 px; axis-aligned boxes also take the exact, cheaper mirror
        /// path. A line really turned by less than this is mirrored as if level, unless it was
        /// fitted to its ink, which measures its tilt (`InkFitting` levels with the same rule,
        /// `PixelBox.levelled`, before fitting).
        public var levelWithin: Double
        public static let defaultLevelWithin = PixelBox.detectorAngleNoise

        public init(
            smoothing: Double = MirrorEngine.Settings.defaults.smoothing,
            holdTime: Double = MirrorEngine.Settings.defaults.holdTime,
            association: BoxAssociation.Criteria = .init(), maxOverlap: Double = 0.5,
            confirmHits: Int = 2, noise: Double = 0.15, preciseNoise: Double = 0.04,
            levelWithin: Double = Parameters.defaultLevelWithin
        ) {
            self.smoothing = smoothing
            self.holdTime = holdTime
            self.association = association
            self.maxOverlap = maxOverlap
            self.confirmHits = confirmHits
            self.noise = noise
            self.preciseNoise = preciseNoise
            self.levelWithin = levelWithin
        }

        /// `holdTime` in frame-time nanoseconds, within the property's range (0 when not finite).
        var holdTimeNanoseconds: UInt64 {
            holdTime.isFinite ? UInt64(MirrorEngine.Settings.defaults.$holdTime.clamped(holdTime) * 1e6) : 0
        }
    }

    private(set) var tracks: [Track] = []
    /// The whole picture's motion per frame, for detections that match no track.
    public private(set) var globalMotion = MotionHistory()
    private var nextID: UInt64 = 1
    /// Time of the frame the newest detection ran on: a track is only ended by a detection
    /// that ran after the track was last seen (a slow detector must not end boxes by being
    /// slow).
    private var newestDetection: UInt64?

    public init() {}

    /// The boxes to mirror in the current frame, oldest track first, cut apart where boxes of
    /// neighbouring lines overlap (`PixelBox.separated`: no pixel is mirrored twice).
    public var boxes: [TrackedBox] {
        let separated = PixelBox.separated(tracks.map(\.box), fitted: tracks.map(\.fitted))
        return zip(tracks, separated).map { track, box in
            TrackedBox(
                text: TextBox(box: box, score: track.score, fitted: track.fitted, reading: track.reading),
                fresh: track.fresh, track: track.id)
        }
    }

    /// The tracked boxes as they are now (before `advance`): the regions to measure motion in.
    public var regions: [PixelBox] { tracks.map(\.box) }

    public var isEmpty: Bool { tracks.isEmpty }

    /// Moves the tracks into the frame at `time`. `motion` is nil when none was measured (the
    /// first frame, tracking off): boxes then stay where they are. With the frame's size, a box
    /// cut by the frame edge stays at the edge as its line comes into view (`carry`).
    public mutating func advance(time: UInt64, motion: FrameMotion?, frameWidth: Int? = nil, frameHeight: Int? = nil) {
        let global = motion?.global ?? .identity
        globalMotion.append(time: time, motion: global)
        for i in tracks.indices {
            var own = global
            let region = motion.flatMap { i < $0.regions.count ? $0.regions[i] : nil }
            if let region { own = region }
            // Lost stays lost until a detection of a later frame finds the line again: after a
            // cut, the flow soon follows whatever the box now covers, which says nothing about
            // the old text, and a detection of a frame before the cut still "finds" it.
            if let motion, i < motion.lost.count, motion.lost[i], tracks[i].lostSince == nil {
                tracks[i].lostSince = time
            }
            tracks[i].box = Self.carry(tracks[i].box, by: own, frameWidth: frameWidth, frameHeight: frameHeight)
            tracks[i].motions.append(time: time, motion: own)
            tracks[i].fresh = false
        }
    }

    /// Folds in a detection that ran on the frame at `detectedAt` (nil: this frame), now that
    /// the current frame is at `now`. Overlapping pieces of one line are joined first
    /// (`joiningSplitLines`). Detections older than the remembered motion are dropped:
    /// there is no telling where their boxes are now. A box fitted to its ink (`TextBox.fitted`,
    /// by `InkFitting` on its own frame) is trusted to `preciseNoise`, any other to `noise`.
    /// Boxes at the edge of the `frameWidth` x `frameHeight` frame are not
    /// smoothed: a line partly out of view changes size for real as it moves.
    public mutating func incorporate(
        _ detected: [TextBox], detectedAt: UInt64?, now: UInt64,
        frameWidth: Int, frameHeight: Int, parameters: Parameters
    ) {
        let detected = Self.joiningSplitLines(detected, levelWithin: parameters.levelWithin)
        let source = detectedAt ?? now
        guard let sinceDetection = source == now ? .identity : globalMotion.accumulated(since: source) else {
            return
        }
        newestDetection = max(newestDetection ?? source, source)
        func atEdge(_ box: PixelBox) -> Bool { Edges(box, frameWidth: frameWidth, frameHeight: frameHeight).any }
        // Which detections say which way their line runs (see `Orientation`), judged on the
        // frame they were detected on, where the frame edge cut them.
        let orientations = detected.map { Orientation($0.box, frameWidth: frameWidth, frameHeight: frameHeight) }
        func place(_ d: Int, by motion: Motion) -> (box: PixelBox, precise: Bool) {
            let text = detected[d]
            var box = text.box
            if orientations[d] == .cut {
                // Most likely a horizontal line coming into or leaving view (a track it
                // matches keeps its own way; this is for the track it may start).
                box = BoxSmoothing.sameRectangle(box, nearestAngleTo: 0)
            }
            // A box fitted to its ink on its own frame keeps its measured tilt.
            if text.fitted {
                return (Self.carry(box, by: motion, frameWidth: frameWidth, frameHeight: frameHeight), true)
            }
            return (
                Self.carry(
                    box.levelled(within: parameters.levelWithin), by: motion,
                    frameWidth: frameWidth, frameHeight: frameHeight), false
            )
        }
        let placed = detected.indices.map { place($0, by: sinceDetection) }
        let carried = placed.map(\.box)
        let pairs = BoxAssociation.match(
            detections: carried, tracks: tracks.map(\.box),
            criteria: parameters.association)
        var matchedTrack = [Int?](repeating: nil, count: detected.count)
        for pair in pairs { matchedTrack[pair.detection] = pair.track }

        var keep = [Bool](repeating: true, count: tracks.count)
        for (d, text) in detected.enumerated() {
            guard let t = matchedTrack[d] else { continue }
            var track = tracks[t]
            // The track's own motion since the detection, where it remembers it, is better than
            // the whole picture's for text that moves by itself.
            let own: Motion? = source == now ? .identity : track.motions.accumulated(since: source)
            let (box, precise) =
                own.map { own in own == sinceDetection ? placed[d] : place(d, by: own) }
                ?? placed[d]
            // The way the line runs: the detection's where it is clear, else the track's (which
            // `BoxSmoothing` keeps). A track started on a sliver at the frame edge is turned
            // the right way once its line is seen whole.
            var previous = track.box
            if orientations[d] == .clear {
                previous = BoxSmoothing.sameRectangle(previous, nearestAngleTo: box.angle)
            }
            let noise =
                precise
                ? max(1, parameters.preciseNoise * min(previous.height, box.height))
                : max(2, parameters.noise * min(previous.height, box.height))
            let alpha =
                atEdge(box) || atEdge(previous)
                ? 1
                : BoxSmoothing.weight(previous: previous, detection: box, alpha: parameters.smoothing, noise: noise)
            var blended = BoxSmoothing.blend(previous: previous, detection: box, alpha: alpha)
            // A blended box still lagging over a neighbour this same detection found separately
            // (a line the detector now splits in two) takes its detection as it is.
            let coversAnother = carried.indices.contains { other in
                other != d && blended.overlapOfSmaller(carried[other]) > parameters.maxOverlap
            }
            if coversAnother { blended = BoxSmoothing.blend(previous: previous, detection: box, alpha: 1) }
            track.box = blended
            track.score = text.score
            track.fitted = text.fitted
            track.reading = text.reading ?? track.reading
            track.hits += 1
            track.lastDetected = max(track.lastDetected, source)
            track.fresh = true
            if let lost = track.lostSince, source >= lost { track.lostSince = nil }
            tracks[t] = track
        }
        // A track this detection misses ends now, without waiting for the hold time, when it
        // was seen only once (a one-off false detection) or when the flow has lost it too (the
        // picture cut away from it): two independent signs that the text is gone.
        let matched = Set(pairs.map(\.track))
        for t in tracks.indices
        where !matched.contains(t) && (tracks[t].hits < parameters.confirmHits || tracks[t].lostSince != nil) {
            keep[t] = false
        }
        var updated = tracks.indices.filter { keep[$0] }.map { tracks[$0] }
        for (d, text) in detected.enumerated() where matchedTrack[d] == nil {
            var track = Track(
                id: nextID, box: carried[d], score: text.score, reading: text.reading,
                detectedAt: source, now: now)
            track.fitted = text.fitted
            updated.append(track)
            nextID &+= 1  // wrapping: ids only need to differ among live tracks
        }
        tracks = Self.withoutDuplicates(updated, maxOverlap: parameters.maxOverlap)
    }

    /// Ends tracks not re-detected within the hold time, and tracks wholly outside the frame.
    public mutating func expire(now: UInt64, frameWidth: Int, frameHeight: Int, parameters: Parameters) {
        let w = Double(frameWidth), h = Double(frameHeight)
        tracks.removeAll { track in
            // A time before the last detection (timestamps restarted without a flush) is no
            // reason to end a track.
            let missed = newestDetection.map { $0 > track.lastDetected } ?? false
            let stale = missed && now > track.lastDetected && now - track.lastDetected > parameters.holdTimeNanoseconds
            let e = track.box.halfExtent
            let outside =
                track.box.centerX + e.x <= 0 || track.box.centerX - e.x >= w
                || track.box.centerY + e.y <= 0 || track.box.centerY - e.y >= h
            let broken =
                !(track.box.centerX.isFinite && track.box.centerY.isFinite
                && track.box.width.isFinite && track.box.height.isFinite)
            return stale || outside || broken
        }
    }

    /// `box` moved by `motion`, with each side that reached an edge of the
    /// `frameWidth` x `frameHeight` frame (`Edges`) kept at that edge when the motion takes it
    /// inwards.
    ///
    /// A line cut by the frame edge continues past it, out of view; as the camera turns
    /// towards it, the part coming into view belongs in its box. Moved as it was, the box
    /// would leave that part out until a detection of a later frame saw it (three to ten
    /// frames of detection latency, 8 px each in a 240 px/s pan), and the letters coming in
    /// would sit unmirrored beside their mirror images: the doubled letters of a live pan over
    /// a sign (textmirror-motion-bench --dump showed every line coming into view that way).
    /// The price: once the line's end has come into view, the box runs past it to the edge
    /// until a detection of a frame that saw the end arrives, where it used to fall short by
    /// about as much (mean q of the live pans unchanged within their noise).
    /// Only boxes with sides along the frame's (angles of 0 or 90°) are kept at the edge;
    /// without a frame size the box is only moved.
    static func carry(_ box: PixelBox, by motion: Motion, frameWidth: Int?, frameHeight: Int?) -> PixelBox {
        let moved = motion.apply(box)
        guard let frameWidth, let frameHeight, motion != .identity else { return moved }
        let quarterTurns = (box.angle / 90).rounded()
        guard box.angle == quarterTurns * 90, moved.angle == box.angle else { return moved }
        let w = Double(frameWidth), h = Double(frameHeight)
        let edges = Edges(box, frameWidth: frameWidth, frameHeight: frameHeight), after = moved.halfExtent
        var x0 = moved.centerX - after.x, x1 = moved.centerX + after.x
        var y0 = moved.centerY - after.y, y1 = moved.centerY + after.y
        let kept = (
            left: edges.left && x0 > 0, right: edges.right && x1 < w, top: edges.top && y0 > 0,
            bottom: edges.bottom && y1 < h
        )
        guard kept.left || kept.right || kept.top || kept.bottom else { return moved }
        if kept.left { x0 = 0 }
        if kept.right { x1 = w }
        if kept.top { y0 = 0 }
        if kept.bottom { y1 = h }
        let sideways = Int(quarterTurns) % 2 != 0  // `width` runs up the frame
        return PixelBox(
            centerX: (x0 + x1) / 2, centerY: (y0 + y1) / 2,
            width: sideways ? y1 - y0 : x1 - x0, height: sideways ? x1 - x0 : y1 - y0, angle: box.angle)
    }

    /// Forgets every track and all remembered motion.
    public mutating func removeAll() {
        tracks.removeAll()
        globalMotion.removeAll()
        newestDetection = nil
    }

    /// Keeps, of tracks covering the same text, the one detected most recently (then the one
    /// with more detections, then the older one), in the original order.
    static func withoutDuplicates(_ tracks: [Track], maxOverlap: Double) -> [Track] {
        let priority = tracks.indices.sorted { i, j in
            let a = tracks[i], b = tracks[j]
            if a.lastDetected != b.lastDetected { return a.lastDetected > b.lastDetected }
            if a.hits != b.hits { return a.hits > b.hits }
            return a.id < b.id
        }
        var kept: [Int] = []
        for i in priority where !kept.contains(where: { tracks[$0].box.overlapOfSmaller(tracks[i].box) > maxOverlap }) {
            kept.append(i)
        }
        return kept.sorted().map { tracks[$0] }
    }
}

extension BoxTracker {
    /// The edges of the frame a box reaches: those it comes within a tenth of its height of
    /// (at least 1 px). A line the frame edge cuts is fitted to the ink in view, whose last,
    /// cut letter often ends a few pixels short of the edge (measured on the real-photo pan:
    /// 1-9 px for lines 48-127 px high).
    struct Edges: Equatable {
        var left: Bool, right: Bool, top: Bool, bottom: Bool

        var any: Bool { left || right || top || bottom }

        init(_ box: PixelBox, frameWidth: Int, frameHeight: Int) {
            let e = box.halfExtent
            let reach = max(1, 0.1 * min(box.width, box.height))
            left = box.centerX - e.x <= reach
            right = box.centerX + e.x >= Double(frameWidth) - reach
            top = box.centerY - e.y <= reach
            bottom = box.centerY + e.y >= Double(frameHeight) - reach
        }
    }

    /// What a detected box says about which way its line runs, which decides the axis it is
    /// mirrored about (`width` runs along the line, `TextBoxPostprocess.orientedAlongText`).
    ///
    /// A track keeps the description it has (`BoxSmoothing.sameRectangle`) so that a box
    /// nearly as high as it is long does not swap its sides from one detection to the next.
    /// But a track must not keep a wrong one: a line that comes into view during a pan is
    /// first detected as a sliver at the frame edge, higher than wide, which the detector
    /// takes for a line turned 90°; kept, that turn flips the whole line upside down once it
    /// is in view (textmirror-motion-bench's photo-pan: "Freephone" and "Service" on a real
    /// sign, in every frame after they came in).
    enum Orientation: Equatable {
        /// Clearly longer than high, and not cut across the line by the frame edge: the line
        /// runs along `width`.
        case clear
        /// Nearly as high as long: either way.
        case unclear
        /// Cut by the frame edge across the line (its height is only the part in view): the
        /// box says nothing about the way the line runs.
        case cut

        init(_ box: PixelBox, frameWidth: Int, frameHeight: Int) {
            let edges = Edges(box, frameWidth: frameWidth, frameHeight: frameHeight)
            // The direction across the line is nearer horizontal for a line nearer vertical.
            let steep = box.isSteep
            if (steep && (edges.left || edges.right)) || (!steep && (edges.top || edges.bottom)) {
                self = .cut
            } else if box.width >= TextBoxPostprocess.steepLineElongation * box.height {
                self = .clear
            } else {
                self = .unclear
            }
        }
    }
}
