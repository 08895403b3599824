import CShim

/// Why the flow could not run, in words.
struct FlowFailure: Error, CustomStringConvertible {
    let description: String
}

/// Owns one `TextMirrorFlow *` (textmirror.h). Only used inside `FlowMotionEstimator`'s lock,
/// which is what makes the unchecked `Sendable` true.
final class FlowHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ c: FlowMotionEstimator.Configuration) throws(FlowFailure) {
        var params = TextMirrorFlowParams(window: Int32(c.window), levels: Int32(c.levels),
                                          iterations: Int32(c.iterations), epsilon: c.epsilon)
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

    func check(_ status: TextMirrorFlowStatus) throws(FlowFailure) {
        guard status == TEXTMIRROR_FLOW_OK else {
            throw FlowFailure(description: "optical flow failed (status \(status.rawValue)): "
                              + String(cString: textmirror_flow_last_error(pointer)))
        }
    }

    /// Corners in the previous picture and the index of the area each came from.
    func features(_ areas: [TextMirrorFlowArea], capacity: Int) throws(FlowFailure)
        -> (points: [TextMirrorFlowPoint], areas: [Int32])
    {
        var points = [TextMirrorFlowPoint](repeating: TextMirrorFlowPoint(), count: capacity)
        var owners = [Int32](repeating: 0, count: capacity)
        var count: Int32 = 0
        let status = areas.withUnsafeBufferPointer { a in
            points.withUnsafeMutableBufferPointer { p in
                owners.withUnsafeMutableBufferPointer { o in
                    textmirror_flow_find_features(pointer, a.baseAddress, Int32(a.count), p.baseAddress,
                                                  o.baseAddress, Int32(clamping: capacity), &count)
                }
            }
        }
        try check(status)
        let n = min(max(Int(count), 0), capacity)
        return (Array(points.prefix(n)), Array(owners.prefix(n)))
    }

    /// Where each point went in the newest picture, and whether it was found.
    func track(_ points: [TextMirrorFlowPoint], guesses: [TextMirrorFlowPoint]) throws(FlowFailure)
        -> (found: [Bool], to: [TextMirrorFlowPoint])
    {
        precondition(points.count == guesses.count, "one guess per point")
        var to = guesses
        var found = [UInt8](repeating: 0, count: points.count)
        let status = points.withUnsafeBufferPointer { from in
            to.withUnsafeMutableBufferPointer { t in
                found.withUnsafeMutableBufferPointer { f in
                    textmirror_flow_track(pointer, from.baseAddress, t.baseAddress, f.baseAddress, Int32(from.count))
                }
            }
        }
        try check(status)
        return (found.map { $0 != 0 }, to)
    }
}
