import Synchronization
import Testing
import TextMirrorCore

/// `DeferredDetector` makes its detector on first use, once, and reports a failure to make it
/// once, not every frame.
struct DeferredDetectorTests {
    final class NoDetector: TextDetecting {
        func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> DetectionInput { fatalError("not used") }
        func detect(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox] { [] }
    }

    struct Missing: Error {}

    @Test func madeOnFirstUseAndOnlyOnce() {
        let made = Mutex(0)
        let deferred = DeferredDetector {
            made.withLock { $0 += 1 }
            return NoDetector()
        }
        #expect(made.withLock { $0 } == 0, "nothing is made before it is asked for")
        let first = deferred.detector { _ in Issue.record("no failure expected") }
        let second = deferred.detector { _ in Issue.record("no failure expected") }
        #expect(first != nil && first === second)
        #expect(made.withLock { $0 } == 1)
    }

    @Test func aFailureIsReportedOnceAndNotRetried() {
        let attempts = Mutex(0), reports = Mutex(0)
        let deferred = DeferredDetector {
            attempts.withLock { $0 += 1 }
            throw Missing()
        }
        for _ in 0..<3 {
            let detector = deferred.detector { error in
                #expect(error is Missing)
                reports.withLock { $0 += 1 }
            }
            #expect(detector == nil)
        }
        #expect(attempts.withLock { $0 } == 1)
        #expect(reports.withLock { $0 } == 1)
    }
}
