/// Medians of the 16-value segments of a long side of the ring, sixteen segments at a time.
///
/// A selection (quickselect) costs some 10 ns a value on the 2-core machine the live benchmark
/// runs on: its branches follow the data, and mispredict about every other comparison. Here a
/// sorting network, whose comparisons do not depend on the data, sorts sixteen segments side by
/// side, one segment per byte lane of a 16-byte vector (a comparator is one vector min and one
/// max); the median is the mean of the middle two. About 0.3 ns a value.
enum SegmentMedians {
    static let length = 16

    /// Batcher's odd–even merge sort for 16 inputs (63 comparators), generated rather than
    /// written out so that it cannot be mistyped; `SegmentMediansTests` checks that it sorts.
    static let network: [(Int, Int)] = {
        var pairs: [(Int, Int)] = []
        func merge(_ lo: Int, _ n: Int, _ r: Int) {
            let step = r * 2
            if step < n {
                merge(lo, n, step)
                merge(lo + r, n, step)
                var i = lo + r
                while i + r < lo + n {
                    pairs.append((i, i + r))
                    i += step
                }
            } else {
                pairs.append((lo, lo + r))
            }
        }
        func sort(_ lo: Int, _ n: Int) {
            guard n > 1 else { return }
            sort(lo, n / 2)
            sort(lo + n / 2, n / 2)
            merge(lo, n, 1)
        }
        sort(0, length)
        return pairs
    }()

    /// For each of the `count` (at most 16) `starts`, the median of
    /// `values[start ..< start + 16]`, into `out`.
    static func medians(
        of values: UnsafePointer<UInt8>, starts: UnsafePointer<Int>, count: Int,
        into out: UnsafeMutablePointer<Float>
    ) {
        precondition(count <= length)
        // Transposed: row r holds value r of every segment, one segment per byte lane.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length * length) { lanes in
            let bytes = lanes.baseAddress!
            bytes.initialize(repeating: 0, count: length * length)  // lanes past the last segment
            for r in 0..<length {
                for q in 0..<count { bytes[r * length + q] = values[starts[q] + r] }
            }
            for (a, b) in network {
                // One comparator on all lanes: a plain loop the compiler turns into one vector
                // min and one max (pointwiseMin and pointwiseMax were calls).
                let x = bytes + a * length, y = bytes + b * length
                for lane in 0..<length {
                    let low = min(x[lane], y[lane]), high = max(x[lane], y[lane])
                    x[lane] = low
                    y[lane] = high
                }
            }
            for q in 0..<count {
                out[q] = (Float(bytes[7 * length + q]) + Float(bytes[8 * length + q])) / 2
            }
        }
    }
}
