import Synchronization

/// A detector made the first time it is needed: the file detector of `detector=auto`, which a
/// live source never uses and so should not load. A failure to make it is kept and handed to
/// the caller once; it is not retried every frame.
public final class DeferredDetector: Sendable {
    public typealias Make = @Sendable () throws -> any TextDetecting

    private let make: Make
    /// nil until first asked; the lock is held while making, so only one is made.
    private let made = Mutex<Result<any TextDetecting, any Error>?>(nil)

    public init(_ make: @escaping Make) {
        self.make = make
    }

    /// The detector, made now if it was not yet; nil when making it failed, and then `failure`
    /// is told why, the first time only.
    public func detector(failure: (any Error) -> Void) -> (any TextDetecting)? {
        let (result, isNew) = made.withLock { made -> (Result<any TextDetecting, any Error>, Bool) in
            if let made { return (made, false) }
            let result = Result { try make() }
            made = result
            return (result, true)
        }
        switch result {
        case .success(let detector): return detector
        case .failure(let error):
            if isNew { failure(error) }
            return nil
        }
    }
}
