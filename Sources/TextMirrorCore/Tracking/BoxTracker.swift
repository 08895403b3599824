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
        /// A track not re-detected for this long (frame time, ns) ends (`hold-time`).
        public var holdTime: UInt64
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

        public init(smoothing: Double = 0.35, holdTime: UInt64 = BoxTracker.defaultHoldTime,
                    association: BoxAssociation.Criteria = .init(), maxOverlap: Double = 0.5,
                    confirmHits: Int = 2, noise: Double = 0.15, preciseNoise: Double = 0.04,
                    levelWithin: Double = Parameters.defaultLevelWithin) {
            self.smoothing = smoothing
            self.holdTime = holdTime
            self.association = association
            self.maxOverlap = maxOverlap
            self.confirmHits = confirmHits
            self.noise = noise
            self.preciseNoise = preciseNoise
            self.levelWithin = levelWithin
        }
    }

    /// 500 ms, from textmirror-motion-bench on a 2-core machine: detections come every 100 ms
    /// in sync mode and every 110 ms or so in live async mode, and a line in full view was
    /// missed by at most 1-2 detections in a row, so 500 ms bridges four or more misses. It
    /// bounds how long a box outlives text that vanishes in place; when the picture cuts away,
    /// the flow loses the box and the first detection that misses it ends it (166 ms in the
    /// live benchmark, the detector's latency), whatever the hold time.
    public static let defaultHoldTime: UInt64 = 500_000_000

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
            TrackedBox(text: TextBox(box: box, score: track.score, fitted: track.fitted, reading: track.reading),
                       fresh: track.fresh, track: track.id)
        }
    }

    /// The tracked boxes as they are now (before `advance`): the regions to measure motion in.
    public var regions: [PixelBox] { tracks.map(\.box) }

    public var isEmpty: Bool { tracks.isEmpty }

    /// Moves the tracks into the frame at `time`. `motion` is nil when none was measured (the
    /// first frame, tracking off): boxes then stay where they are.
    public mutating func advance(time: UInt64, motion: FrameMotion?) {
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
            tracks[i].box = own.apply(tracks[i].box)
            tracks[i].motions.append(time: time, motion: own)
            tracks[i].fresh = false
        }
    }

    /// Folds in a detection that ran on the frame at `detectedAt` (nil: this frame), now that
    /// the current frame is at `now`. Detections older than the remembered motion are dropped:
    /// there is no telling where their boxes are now. A box fitted to its ink (`TextBox.fitted`,
    /// by `InkFitting` on its own frame) is trusted to `preciseNoise`, any other to `noise`.
    /// Boxes at the edge of the `frameWidth` x `frameHeight` frame are not
    /// smoothed: a line partly out of view changes size for real as it moves.
    public mutating func incorporate(_ detected: [TextBox], detectedAt: UInt64?, now: UInt64,
                                     frameWidth: Int, frameHeight: Int, parameters: Parameters) {
        let source = detectedAt ?? now
        guard let sinceDetection = source == now ? .identity : globalMotion.accumulated(since: source) else {
            return
        }
        newestDetection = max(newestDetection ?? source, source)
        func atEdge(_ box: PixelBox) -> Bool {
            let e = box.halfExtent
            return box.centerX - e.x <= 1 || box.centerY - e.y <= 1
                || box.centerX + e.x >= Double(frameWidth) - 1 || box.centerY + e.y >= Double(frameHeight) - 1
        }
        func place(_ text: TextBox, by motion: Motion) -> (box: PixelBox, precise: Bool) {
            // A box fitted to its ink on its own frame keeps its measured tilt.
            if text.fitted { return (motion.apply(text.box), true) }
            return (motion.apply(text.box.levelled(within: parameters.levelWithin)), false)
        }
        let placed = detected.map { place($0, by: sinceDetection) }
        let carried = placed.map(\.box)
        let pairs = BoxAssociation.match(detections: carried, tracks: tracks.map(\.box),
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
            let (box, precise) = own.map { own in own == sinceDetection ? placed[d] : place(text, by: own) }
                ?? placed[d]
            let noise = precise ? max(1, parameters.preciseNoise * min(track.box.height, box.height))
                : max(2, parameters.noise * min(track.box.height, box.height))
            let alpha = atEdge(box) || atEdge(track.box) ? 1
                : BoxSmoothing.weight(previous: track.box, detection: box, alpha: parameters.smoothing, noise: noise)
            var blended = BoxSmoothing.blend(previous: track.box, detection: box, alpha: alpha)
            // A blended box still lagging over a neighbour this same detection found separately
            // (a line the detector now splits in two) takes its detection as it is.
            let coversAnother = carried.indices.contains { other in
                other != d && blended.overlapOfSmaller(carried[other]) > parameters.maxOverlap
            }
            if coversAnother { blended = BoxSmoothing.blend(previous: track.box, detection: box, alpha: 1) }
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
            var track = Track(id: nextID, box: carried[d], score: text.score, reading: text.reading,
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
            let stale = missed && now > track.lastDetected && now - track.lastDetected > parameters.holdTime
            let e = track.box.halfExtent
            let outside = track.box.centerX + e.x <= 0 || track.box.centerX - e.x >= w
                || track.box.centerY + e.y <= 0 || track.box.centerY - e.y >= h
            let broken = !(track.box.centerX.isFinite && track.box.centerY.isFinite
                           && track.box.width.isFinite && track.box.height.isFinite)
            return stale || outside || broken
        }
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
