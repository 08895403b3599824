import Testing
import TextMirrorCore

@Suite struct DetectionCadenceTests {
    /// GStreamer's 30 fps timestamps are whole nanoseconds rounded down.
    private func pts(_ frame: Int) -> UInt64 { UInt64(frame) * 1_000_000_000 / 30 }

    @Test("15 Hz on 30 fps detects every second frame, despite rounded timestamps")
    func halfRateOnRoundedTimestamps() {
        var cadence = DetectionCadence(rate: 15)
        let due = (0..<30).filter { cadence.isDue(at: pts($0)) }
        #expect(due == Array(stride(from: 0, to: 30, by: 2)))
    }

    @Test("the rate is an upper bound: 10 Hz on 30 fps detects every third frame")
    func lowerRate() {
        var cadence = DetectionCadence(rate: 10)
        let due = (0..<30).filter { cadence.isDue(at: pts($0)) }
        #expect(due == Array(stride(from: 0, to: 30, by: 3)))
    }

    @Test("a jump back farther than the interval (a new segment) detects at once")
    func restartsAfterSeek() {
        var cadence = DetectionCadence(rate: 5)
        let answers = [10, 11, 2].map { cadence.isDue(at: pts($0)) }
        #expect(answers == [true, false, true])
    }

    @Test("reverse playback keeps the cadence: 15 Hz on 30 fps backwards detects every second frame")
    func reversePlayback() {
        var cadence = DetectionCadence(rate: 15)
        let due = (0..<30).reversed().filter { cadence.isDue(at: pts($0)) }
        #expect(due == Array(stride(from: 29, through: 0, by: -2)))
    }

    @Test("frames without timestamps are counted at 30 fps")
    func untimestampedFrames() {
        var cadence = DetectionCadence(rate: 15)
        let due = (0..<10).filter { _ in cadence.isDue(at: nil) }
        #expect(due == [0, 2, 4, 6, 8])
    }
}
