/// A window of a frame's luma, read once, as the ink fit measures it: per pixel the step to the
/// next column (signed: an edge into the ink steps the other way from one out of it) and to the
/// next row.
///
/// Why one read: the fit measures the same window several times (the line's rows, its ends,
/// what lies beyond its ends, its tilt), each over different rows or columns; summing steps
/// out of this is cheaper than walking the frame's rows (and gathering their luma) each time.
///
/// Coordinates are the window's: step column x is the step from pixel x to pixel x + 1 (so
/// there is one step column fewer than pixels), row y is pixel row y.
struct InkWindow {
    /// Step columns (pixels − 1) and rows.
    let columns: Int
    let rows: Int
    /// L(x + 1, y) − L(x, y), row after row.
    private var across: [Int16]
    /// L(x, y + 1) − L(x, y) (0 on the last row), same layout.
    private var down: [Int16]

    /// The luma of `columns` x `rows` of `frame`; nil when fewer than two columns or rows.
    init?(_ frame: FrameBuffer, format: PixelFormat, columns xs: Range<Int>, rows ys: Range<Int>) {
        guard xs.count >= 2, ys.count >= 2 else { return nil }
        let w = xs.count
        columns = w - 1
        rows = ys.count
        across = [Int16](repeating: 0, count: columns * rows)
        down = [Int16](repeating: 0, count: columns * rows)
        let source = GrayDownscaler.source(for: format)
        let plane = UnsafeRawPointer(frame.planes[0]), stride = frame.strides[0]
        let columns = self.columns
        across.withUnsafeMutableBufferPointer { across in
            down.withUnsafeMutableBufferPointer { down in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * w) { scratch in
                    guard let base = scratch.baseAddress else { return }
                    var previous: UnsafePointer<UInt8>?
                    for (j, y) in ys.enumerated() {
                        let raw = (plane + y * stride).assumingMemoryBound(to: UInt8.self)
                        let row = Steps.lumaRow(raw, source: source, columns: xs, scratch: base + (j & 1) * w)
                        for x in 0..<columns {
                            across[j * columns + x] = Int16(row[x + 1]) &- Int16(row[x])
                        }
                        if let previous {
                            for x in 0..<columns {
                                down[(j - 1) * columns + x] = Int16(row[x]) &- Int16(previous[x])
                            }
                        }
                        previous = row
                    }
                }
            }
        }
    }

    /// Per row: the summed |step| across `columns` and the largest one (`RowInk`).
    func rowInk(columns xs: Range<Int>) -> RowInk {
        var ink = RowInk(sums: [Int32](repeating: 0, count: rows), strongest: [Int32](repeating: 0, count: rows))
        guard !xs.isEmpty else { return ink }
        // The columns measured, as the runs between those left out: the sums then walk plain
        // ranges, with no lookup per step.
        let through = columnsThrough(xs)
        var runs: [Range<Int>] = []
        var start = xs.lowerBound
        for x in xs where through.contains(x) {
            if x > start { runs.append(start..<x) }
            start = x + 1
        }
        if start < xs.upperBound { runs.append(start..<xs.upperBound) }
        across.withUnsafeBufferPointer { across in
            for y in 0..<rows {
                var sum: Int32 = 0, strongest: Int32 = 0
                for run in runs {
                    for x in run {
                        let step = Int32(abs(across[y * columns + x]))
                        sum &+= step
                        strongest = max(strongest, step)
                    }
                }
                ink.sums[y] = sum
                ink.strongest[y] = strongest
            }
        }
        return ink
    }

    /// Step columns of `xs` (with the one on either side) whose steps run through every row of
    /// the window: a surface's upright edge (a sign's border), which no letter is. Left out of
    /// `rowInk`, as they would give every row beside the letters a stroke's step and sum.
    func columnsThrough(_ xs: Range<Int>) -> Set<Int> {
        // An edge's step, well above a camera's grain (a few levels a pixel).
        let minStep: Int16 = 12
        var found: [Int] = []
        across.withUnsafeBufferPointer { across in
            for x in xs {
                let near = max(x - 1, 0)...min(x + 1, columns - 1)
                let everyRow = (0..<rows).allSatisfy { y in near.contains { abs(across[y * columns + $0]) >= minStep } }
                if everyRow { found.append(x) }
            }
        }
        // Many such columns are a texture's (a grain that steps everywhere), not an edge: its
        // steps under the letters are the letters' as well.
        guard found.count <= max(4, xs.count / 10) else { return [] }
        return Set(found.flatMap { max($0 - 1, 0)...min($0 + 1, columns - 1) })
    }

    /// The largest single step, across or down, in step columns `xs` over `rows`.
    func strongestStep(columns xs: ClosedRange<Int>, rows ys: Range<Int>) -> Int32 {
        var strongest: Int32 = 0
        across.withUnsafeBufferPointer { across in
            down.withUnsafeBufferPointer { down in
                for y in ys {
                    for x in xs {
                        strongest = max(
                            strongest, Int32(abs(across[y * columns + x])), Int32(abs(down[y * columns + x])))
                    }
                }
            }
        }
        return strongest
    }

    /// Per step column, summed over `rows`: the gradient (|step across| + |step down|: a
    /// horizontal bar counts along its whole length, not only at its ends) and the signed
    /// step across (which tells an edge into the ink from one out of it).
    func columnSteps(rows ys: Range<Int>) -> Steps {
        var energy = [Int32](repeating: 0, count: columns), signed = energy
        across.withUnsafeBufferPointer { across in
            down.withUnsafeBufferPointer { down in
                for y in ys {
                    for x in 0..<columns {
                        let a = Int32(across[y * columns + x])
                        energy[x] &+= abs(a) &+ Int32(abs(down[y * columns + x]))
                        signed[x] &+= a
                    }
                }
            }
        }
        return Steps(energy: energy, signed: signed)
    }

    /// In each of `rows`, where the ink begins within two steps of step column `first` and
    /// ends within two of `last` (continuous pixels): the outermost edge there whose steps add
    /// up to at least `threshold`. An edge is a run of steps in one direction (a pixel the edge
    /// covers partly steps partly into it and partly out of it; a blurred edge takes several)
    /// up to where they fall to a third of its strongest (a thin grey bar before a dark stem,
    /// the bar of a "t", is an edge of its own), and lies where its steps are centred, each at
    /// the pixel boundary it crosses.
    func rowEdges(rows ys: Range<Int>, first: Int, last: Int, threshold: Int32) -> (starts: [Double], ends: [Double]) {
        var starts: [Double] = [], ends: [Double] = []
        across.withUnsafeBufferPointer { across in
            /// The edge starting at step `x` and running inwards (`step` +1 or -1): its last step,
            /// summed contrast and centre.
            func edge(_ row: Int, _ x: Int, _ step: Int) -> (end: Int, contrast: Int32, centre: Double) {
                let positive = across[row + x] > 0
                var j = x, peak: Int16 = 0, contrast: Int32 = 0, moment = 0.0
                while j >= 0, j < columns {
                    let a = across[row + j]
                    guard abs(a) >= 2, (a > 0) == positive, 3 * Int(abs(a)) >= Int(peak) else { break }
                    peak = max(peak, abs(a))
                    contrast += Int32(abs(a))
                    moment += Double(abs(a)) * Double(j + 1)
                    j += step
                }
                return (j - step, contrast, moment / Double(max(contrast, 1)))
            }
            for y in ys {
                let row = y * columns
                var x = max(first - 2, 0)
                while x < min(first + 3, columns) {
                    if abs(across[row + x]) >= 2 {
                        let e = edge(row, x, 1)
                        if e.contrast >= threshold {
                            starts.append(e.centre)
                            break
                        }
                        x = e.end
                    }
                    x += 1
                }
                x = min(last + 2, columns - 1)
                while x > max(last - 3, -1) {
                    if abs(across[row + x]) >= 2 {
                        let e = edge(row, x, -1)
                        if e.contrast >= threshold {
                            ends.append(e.centre)
                            break
                        }
                        x = e.end
                    }
                    x -= 1
                }
            }
        }
        return (starts, ends)
    }

    /// Per row, the gradient summed over `columns`.
    func rowGradient(columns xs: ClosedRange<Int>) -> [Int32] {
        var sums = [Int32](repeating: 0, count: rows)
        across.withUnsafeBufferPointer { across in
            down.withUnsafeBufferPointer { down in
                for y in 0..<rows {
                    var sum: Int32 = 0
                    for x in xs { sum &+= Int32(abs(across[y * columns + x])) &+ Int32(abs(down[y * columns + x])) }
                    sums[y] = sum
                }
            }
        }
        return sums
    }

    /// The steps down summed over `bin`-column wide bins of `columns`, per bin and row, the
    /// steps into lighter rows and into darker ones apart (bin-major: `rows` values per bin,
    /// both positive), for measuring the tilt: the bottoms of a line's letters step one way
    /// and their tops the other, and each lines up on its own.
    func binnedSteps(columns xs: Range<Int>, bin: Int) -> (lighter: [Int32], darker: [Int32]) {
        let bins = (xs.count + bin - 1) / bin
        var lighter = [Int32](repeating: 0, count: bins * rows), darker = lighter
        down.withUnsafeBufferPointer { down in
            lighter.withUnsafeMutableBufferPointer { lighter in
                darker.withUnsafeMutableBufferPointer { darker in
                    for b in 0..<bins {
                        let first = xs.lowerBound + b * bin, last = min(first + bin, xs.upperBound)
                        for y in 0..<rows {
                            var up: Int32 = 0, downwards: Int32 = 0
                            for x in first..<last {
                                let d = Int32(down[y * columns + x])
                                up &+= max(d, 0)
                                downwards &+= max(-d, 0)
                            }
                            lighter[b * rows + y] = up
                            darker[b * rows + y] = downwards
                        }
                    }
                }
            }
        }
        return (lighter, darker)
    }
}
