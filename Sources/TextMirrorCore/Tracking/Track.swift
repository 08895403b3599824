/// One line of text followed from frame to frame.
struct Track: Sendable, Equatable {
    var id: UInt64
    /// Where the line is in the current frame (smoothed, moved by the motion).
    var box: PixelBox
    var score: Double
    /// The latest reading of the line (`LineReader`), if it was read.
    var reading: TextReading?
    /// The latest detection folded in was fitted to its ink (`TextBox.fitted`).
    var fitted = false
    /// Detections matched to this track, the one that created it included.
    var hits: Int
    /// Time of the frame the last matching detection ran on: hold time counts from there.
    var lastDetected: UInt64
    /// A detection was folded in during the current frame.
    var fresh: Bool
    /// Time of the first frame, since a detection last found this line, on which the optical
    /// flow could not follow the box: its features went different ways or vanished (the
    /// picture cut, or something covered the text).
    var lostSince: UInt64?
    /// The motion applied to this track in each recent frame, so a late detection that matches
    /// it is brought forward by the track's own motion (text can move differently from the
    /// rest of the picture).
    var motions: MotionHistory

    init(id: UInt64, box: PixelBox, score: Double, reading: TextReading?, detectedAt time: UInt64, now: UInt64) {
        self.id = id
        self.box = box
        self.score = score
        self.reading = reading
        hits = 1
        lastDetected = time
        fresh = true
        motions = MotionHistory(capacity: Self.historyCapacity)
        motions.append(time: now, motion: .identity)
    }

    /// A second at 60 fps: enough for the detection latency this element sees; older
    /// detections fall back to the whole picture's motion.
    static let historyCapacity = 60
}
