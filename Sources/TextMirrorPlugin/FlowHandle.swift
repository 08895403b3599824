import CShim
import TextMirrorCore

/// OpenCV's sparse optical flow for `FlowMotionEstimator`: owns one `TextMirrorFlow *`
/// (textmirror.h). Only used inside the estimator's lock, which is what makes the unchecked
/// `Sendable` true.
final class FlowHandle: SparseFlow, @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ p: FlowParameters) throws(FlowFailure) {
        var params = TextMirrorFlowParams(
            window: Int32(clamping: p.window), levels: Int32(clamping: p.levels),
            iterations: Int32(clamping: p.iterations), epsilon: p.epsilon)
        var message = [CChar](repeating: 0, count: 512)
        let made = message.withUnsafeMutableBufferPointer { buffer in
            textmirror_flow_new(&params, buffer.baseAddress, buffer.count)
        }
        guard let made else {
            throw FlowFailure(description: CString.decode(message, orElse: "could not create the optical flow"))
        }
        pointer = made
    }

    deinit {
        textmirror_flow_free(pointer)
    }

    var minimumSide: Int { Int(TEXTMIRROR_FLOW_MIN_SIDE) }

    private func check(_ status: TextMirrorFlowStatus) throws(FlowFailure) {
        guard status == TEXTMIRROR_FLOW_OK else {
            throw FlowFailure(
                description: "optical flow failed (status \(status.rawValue)): "
                    + String(cString: textmirror_flow_last_error(pointer)))
        }
    }

    func push(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(FlowFailure) {
        try check(
            textmirror_flow_push(
                pointer, pixels.baseAddress, Int32(clamping: width),
                Int32(clamping: height), Int32(clamping: width)))
    }

    func reset() {
        textmirror_flow_reset(pointer)
    }

    func features(_ areas: [FlowArea], capacity: Int) throws(FlowFailure) -> (points: [FlowPoint], areas: [Int]) {
        let requests = areas.map {
            TextMirrorFlowArea(
                x: Int32(clamping: $0.x), y: Int32(clamping: $0.y), width: Int32(clamping: $0.width),
                height: Int32(clamping: $0.height), max_points: Int32(clamping: $0.maxPoints),
                min_distance: $0.minDistance, quality: $0.quality)
        }
        var points = [TextMirrorFlowPoint](repeating: TextMirrorFlowPoint(), count: capacity)
        var owners = [Int32](repeating: 0, count: capacity)
        var count: Int32 = 0
        let status = requests.withUnsafeBufferPointer { a in
            points.withUnsafeMutableBufferPointer { p in
                owners.withUnsafeMutableBufferPointer { o in
                    textmirror_flow_find_features(
                        pointer, a.baseAddress, Int32(a.count), p.baseAddress,
                        o.baseAddress, Int32(clamping: capacity), &count)
                }
            }
        }
        try check(status)
        let n = min(max(Int(count), 0), capacity)
        return (points.prefix(n).map { FlowPoint(x: $0.x, y: $0.y) }, owners.prefix(n).map { Int($0) })
    }

    func track(_ points: [FlowPoint], guesses: [FlowPoint]) throws(FlowFailure) -> (found: [Bool], to: [FlowPoint]) {
        precondition(points.count == guesses.count, "one guess per point")
        let from = points.map { TextMirrorFlowPoint(x: $0.x, y: $0.y) }
        var to = guesses.map { TextMirrorFlowPoint(x: $0.x, y: $0.y) }
        var found = [UInt8](repeating: 0, count: points.count)
        let status = from.withUnsafeBufferPointer { f in
            to.withUnsafeMutableBufferPointer { t in
                found.withUnsafeMutableBufferPointer { ok in
                    textmirror_flow_track(pointer, f.baseAddress, t.baseAddress, ok.baseAddress, Int32(f.count))
                }
            }
        }
        try check(status)
        return (found.map { $0 != 0 }, to.map { FlowPoint(x: $0.x, y: $0.y) })
    }
}

extension FlowMotionEstimator {
    /// An estimator on OpenCV's flow (CShim/textmirror_flow.cpp).
    public convenience init(_ configuration: Configuration = Configuration()) {
        self.init(configuration, makeFlow: { parameters throws(FlowFailure) in try FlowHandle(parameters) })
    }
}
