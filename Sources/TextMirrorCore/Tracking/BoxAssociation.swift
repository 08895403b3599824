/// One-to-one matching of detected boxes with tracked boxes, by overlap.
///
/// Greedy on the best overlap first, which for text lines (few, mostly apart) gives the same
/// pairs as an optimal assignment at a fraction of the code. Ties go to the lower index, so the
/// result depends only on the input order (sync mode must be reproducible).
public enum BoxAssociation {
    public struct Criteria: Sendable, Equatable {
        /// Pairs overlapping at least this much (intersection over union) may match.
        public var minIoU: Double
        /// ...and so may pairs where one box lies mostly inside the other (intersection over
        /// the smaller box), as when the detector finds a longer or shorter piece of a line.
        public var minContainment: Double

        public init(minIoU: Double = 0.2, minContainment: Double = 0.7) {
            self.minIoU = minIoU
            self.minContainment = minContainment
        }
    }

    /// (detection index, track index) pairs.
    public static func match(
        detections: [PixelBox], tracks: [PixelBox],
        criteria: Criteria = Criteria()
    ) -> [(detection: Int, track: Int)] {
        var candidates: [(score: Double, detection: Int, track: Int)] = []
        for (d, detection) in detections.enumerated() {
            for (t, track) in tracks.enumerated() {
                let inter = detection.intersectionArea(track)
                guard inter > 0 else { continue }
                let union = detection.area + track.area - inter
                let iou = union > 0 ? inter / union : 0
                let containment = inter / min(detection.area, track.area)
                if iou >= criteria.minIoU || containment >= criteria.minContainment {
                    candidates.append((iou, d, t))
                }
            }
        }
        candidates.sort { lhs, rhs in
            if lhs.score != rhs.score { return lhs.score > rhs.score }
            if lhs.detection != rhs.detection { return lhs.detection < rhs.detection }
            return lhs.track < rhs.track
        }
        var usedDetections = Set<Int>(), usedTracks = Set<Int>()
        var pairs: [(detection: Int, track: Int)] = []
        for c in candidates where !usedDetections.contains(c.detection) && !usedTracks.contains(c.track) {
            usedDetections.insert(c.detection)
            usedTracks.insert(c.track)
            pairs.append((c.detection, c.track))
        }
        return pairs.sorted { $0.detection < $1.detection }
    }
}
