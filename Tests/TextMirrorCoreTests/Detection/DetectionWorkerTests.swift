import Foundation
import Testing
import TextMirrorCore

/// The worker's lanes, with a detector whose every job waits until the test releases it: jobs
/// run side by side up to the detector's `concurrentDetections`, and a job on an older frame
/// that finishes after one on a newer frame is never reported.
@Suite struct DetectionWorkerTests {
    /// Each job is named by its input's first byte and runs until `release(job)`.
    final class GatedDetector: TextDetecting, @unchecked Sendable {
        let concurrentDetections: Int
        private let lock = NSCondition()
        private var released = Set<UInt8>()
        private(set) var running = Set<UInt8>()
        private(set) var mostAtOnce = 0

        init(lanes: Int) { concurrentDetections = lanes }

        func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> DetectionInput {
            fatalError("the tests hand inputs to the worker directly")
        }

        func detect(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox] {
            let job = input.makeRGB()[0]
            lock.withLock {
                running.insert(job)
                mostAtOnce = max(mostAtOnce, running.count)
                lock.broadcast()
                while !released.contains(job) { lock.wait() }
                running.remove(job)
                lock.broadcast()
            }
            return [TextBox(box: PixelBox(centerX: Double(job), centerY: 0, width: 1, height: 1), score: 1)]
        }

        func release(_ job: UInt8) {
            lock.withLock {
                released.insert(job)
                lock.broadcast()
            }
        }

        /// Waits until exactly `jobs` are running; false after 10 s.
        func waitUntilRunning(_ jobs: Set<UInt8>) -> Bool {
            lock.withLock {
                let deadline = Date(timeIntervalSinceNow: 10)
                while running != jobs { if !lock.wait(until: deadline) { return false } }
                return true
            }
        }
    }

    static func input(_ job: UInt8) -> DetectionInput {
        DetectionInput(width: 1, height: 1, rgb: [job, 0, 0], frameWidth: 1, frameHeight: 1)
    }

    static func submit(_ job: UInt8, to worker: DetectionWorker) {
        worker.submit(input(job), thresholds: DetectionThresholds(), stamp: FrameStamp(pts: UInt64(job)))
    }

    @Test(
        "Threads split into lanes, never more lanes than threads",
        arguments: [
            (threads: 0, parallel: 1, cores: 2, lanes: 1, each: 2),
            (threads: 0, parallel: 2, cores: 2, lanes: 2, each: 1),
            (threads: 0, parallel: 2, cores: 1, lanes: 1, each: 1),
            (threads: 1, parallel: 2, cores: 8, lanes: 1, each: 1),
            (threads: 0, parallel: 2, cores: 8, lanes: 2, each: 4),
            (threads: 3, parallel: 2, cores: 2, lanes: 2, each: 1),
            (threads: 0, parallel: 4, cores: 8, lanes: 4, each: 2),
            (threads: 2, parallel: 3, cores: 8, lanes: 2, each: 1),
            (threads: 0, parallel: 0, cores: 2, lanes: 1, each: 2)
        ])
    func lanes(_ c: (threads: Int, parallel: Int, cores: Int, lanes: Int, each: Int)) {
        let lanes = DetectorLanes(threads: c.threads, parallel: c.parallel, cores: c.cores)
        #expect(lanes.count == c.lanes && lanes.threadsPerLane == c.each)
    }

    @Test("Two lanes run two jobs at once; a third waits, and the newest waiting frame wins")
    func twoJobsRunAtOnce() {
        let detector = GatedDetector(lanes: 2)
        let worker = DetectionWorker(detector: detector)
        #expect(worker.wantsInput)
        Self.submit(1, to: worker)
        Self.submit(2, to: worker)
        #expect(detector.waitUntilRunning([1, 2]))
        Self.submit(3, to: worker)
        Self.submit(4, to: worker)  // replaces 3, which never runs
        detector.release(2)
        #expect(detector.waitUntilRunning([1, 4]))
        detector.release(1)
        detector.release(4)
        #expect(worker.waitUntilIdle(timeout: 10))
        #expect(detector.mostAtOnce == 2)
        #expect(worker.takeLatest()?.stamp.pts == 4)
    }

    @Test("A job on an older frame that finishes last is dropped")
    func olderFrameFinishingLastIsDropped() {
        let detector = GatedDetector(lanes: 2)
        let worker = DetectionWorker(detector: detector)
        Self.submit(1, to: worker)
        Self.submit(2, to: worker)
        #expect(detector.waitUntilRunning([1, 2]))
        detector.release(2)
        #expect(detector.waitUntilRunning([1]))
        // Job 2's result is published by the time its lane has left the detector and locked
        // the state; poll briefly for it.
        var latest: Detection?
        for _ in 0..<1000 where latest == nil {
            latest = worker.takeLatest()
            if latest == nil { Thread.sleep(forTimeInterval: 0.001) }
        }
        #expect(latest?.stamp.pts == 2)
        detector.release(1)
        #expect(worker.waitUntilIdle(timeout: 10))
        #expect(worker.takeLatest() == nil, "job 1 (an older frame) finished after job 2 and must not replace it")
    }

    @Test("One lane runs one job at a time")
    func oneLane() {
        let detector = GatedDetector(lanes: 1)
        let worker = DetectionWorker(detector: detector)
        Self.submit(1, to: worker)
        #expect(detector.waitUntilRunning([1]))
        Self.submit(2, to: worker)
        detector.release(1)
        detector.release(2)
        #expect(worker.waitUntilIdle(timeout: 10))
        #expect(detector.mostAtOnce == 1)
        #expect(worker.takeLatest()?.stamp.pts == 2)
    }
}
