/// The correction D(i, j) = B(p) − B(m(p)) over the samples of an axis-aligned box, n columns
/// by m rows of one grid, as a short sum of separable terms:
///
///     D(i, j) = constant[j] + Σₖ rowFactor[k][j] · column[k][i]
///
/// With B = A(i) + t_j · C(i) + L_j + s_i · (R_j − L_j) (the Coons patch regrouped, s and t the
/// sample centres' positions across the ring's rectangle), a mirror that maps s to 1 − s
/// and/or t to 1 − t leaves 3 terms (2 for a vertical mirror, 5 for a 180° turn), so a sample
/// costs a few multiply-adds, in loops the compiler vectorizes.
struct BackgroundCorrection {
    let columns: Int
    let rows: Int
    let terms: Int
    /// terms × columns, term-major.
    private(set) var column: [Float]
    /// terms × rows, term-major.
    private(set) var rowFactor: [Float]
    private(set) var constant: [Float]
    /// An upper bound of |D| over the box.
    private(set) var bound: Float = 0
    /// An upper bound of how much D changes from one row to the next, anywhere in the box.
    private(set) var rowStep: Float = 0

    /// D stays within a level everywhere: below half a level it rounds to 0; up to a level it
    /// would move single levels here and there, which no eye sees beside sensor noise and JPEG
    /// (and which is not worth a pass over the box on the streaming thread).
    var changesNothing: Bool { bound < 1 }

    /// `insetX`, `insetY`: samples from the ring's middle to the box's edge (the rectangle the
    /// background's s and t span is that much larger than the box on each side).
    init(_ background: RingBackground, columns n: Int, rows m: Int, insetX: Double, insetY: Double, flip: Flip) {
        precondition(n > 0 && m > 0)
        columns = n
        rows = m
        let terms =
            switch flip {
            case .horizontal: 3
            case .vertical: 2
            case .rotate180: 5
            }
        self.terms = terms
        // Sample centres across the ring's rectangle: symmetric, so a mirror maps s to 1 − s.
        let s0 = Float((0.5 + insetX) / (Double(n) + 2 * insetX)), ds = Float(1 / (Double(n) + 2 * insetX))
        let t0 = Float((0.5 + insetY) / (Double(m) + 2 * insetY)), dt = Float(1 / (Double(m) + 2 * insetY))
        let b = background
        var column = [Float](repeating: 0, count: terms * n)
        var rowFactor = [Float](repeating: 0, count: terms * m)
        var constant = [Float](repeating: 0, count: m)
        var bound: Float = 0, rowStep: Float = 0
        // Scratch: A, C and the mirrored C along the columns; L and G along the rows.
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * n + 2 * m) { scratch in
            let a = scratch.baseAddress!, c = a + n, l = c + n, g = l + m
            b.top.fill(a, count: n, first: s0, step: ds)
            b.bottom.fill(c, count: n, first: s0, step: ds)
            b.left.fill(l, count: m, first: t0, step: dt)
            b.right.fill(g, count: m, first: t0, step: dt)
            // A(i): the top profile less the corners' line along it; C(i): the bottom's, less A;
            // G(j) = R(j) − L(j).
            let topLine = b.c00 + s0 * (b.c10 - b.c00), topStep = ds * (b.c10 - b.c00)
            let bottomLine = b.c01 + s0 * (b.c11 - b.c01), bottomStep = ds * (b.c11 - b.c01)
            for i in 0..<n {
                a[i] -= topLine + Float(i) * topStep
                c[i] -= bottomLine + Float(i) * bottomStep + a[i]
            }
            for j in 0..<m { g[j] -= l[j] }

            column.withUnsafeMutableBufferPointer { col in
                rowFactor.withUnsafeMutableBufferPointer { row in
                    constant.withUnsafeMutableBufferPointer { constant in
                        // s(i) − s(n−1−i) = (2i + 1 − n) ds; t likewise.
                        switch flip {
                        case .horizontal:
                            // B(i) − B(n−1−i): t and L cancel. Each term is odd about the middle.
                            for i in 0..<((n + 1) / 2) {
                                let mirror = n - 1 - i
                                let x = a[i] - a[mirror], y = c[i] - c[mirror], z = Float(2 * i + 1 - n) * ds
                                col[i] = x
                                col[mirror] = -x
                                col[n + i] = y
                                col[n + mirror] = -y
                                col[2 * n + i] = z
                                col[2 * n + mirror] = -z
                            }
                            for j in 0..<m {
                                row[j] = 1
                                row[m + j] = t0 + Float(j) * dt
                                row[2 * m + j] = g[j]
                            }
                        case .vertical:
                            for i in 0..<n {
                                col[i] = c[i]
                                col[n + i] = s0 + Float(i) * ds
                            }
                            for j in 0..<m {
                                row[j] = Float(2 * j + 1 - m) * dt
                                row[m + j] = g[j] - g[m - 1 - j]
                                constant[j] = l[j] - l[m - 1 - j]
                            }
                        case .rotate180:
                            for i in 0..<n {
                                col[i] = a[i] - a[n - 1 - i]
                                col[n + i] = c[i]
                                col[2 * n + i] = c[n - 1 - i]
                                col[3 * n + i] = s0 + Float(i) * ds
                                col[4 * n + i] = s0 + Float(n - 1 - i) * ds
                            }
                            for j in 0..<m {
                                row[j] = 1
                                row[m + j] = t0 + Float(j) * dt
                                row[2 * m + j] = -(t0 + Float(m - 1 - j) * dt)
                                row[3 * m + j] = g[j]
                                row[4 * m + j] = -g[m - 1 - j]
                                constant[j] = l[j] - l[m - 1 - j]
                            }
                        }
                        // The largest |value| of each term's column and row, and how far its
                        // row (and the constant) moves from one row to the next.
                        func largest(_ v: UnsafeMutablePointer<Float>, _ count: Int) -> Float {
                            var top: Float = 0
                            for i in 0..<count {
                                let a = abs(v[i])
                                top = a > top ? a : top  // no NaN here: the vectorizable form
                            }
                            return top
                        }
                        func largestStep(_ v: UnsafeMutablePointer<Float>, _ count: Int) -> Float {
                            var top: Float = 0
                            for j in 1..<max(count, 1) {
                                let a = abs(v[j] - v[j - 1])
                                top = a > top ? a : top
                            }
                            return top
                        }
                        bound = largest(constant.baseAddress!, m)
                        rowStep = largestStep(constant.baseAddress!, m)
                        for k in 0..<terms {
                            let size = largest(col.baseAddress! + k * n, n), factor = row.baseAddress! + k * m
                            bound += size * largest(factor, m)
                            rowStep += size * largestStep(factor, m)
                        }
                    }
                }
            }
        }
        self.column = column
        self.rowFactor = rowFactor
        self.constant = constant
        self.bound = bound
        self.rowStep = rowStep
    }

    /// Row j of D into `out` (`columns` floats).
    func evaluate(row j: Int, into out: UnsafeMutablePointer<Float>) {
        let n = columns, m = rows
        column.withUnsafeBufferPointer { column in
            rowFactor.withUnsafeBufferPointer { factor in
                let c0 = constant[j]
                for i in 0..<n { out[i] = c0 }
                // One pass per term: plain loops over arrays, which the compiler vectorizes.
                for k in 0..<terms {
                    let f = factor[k * m + j], ck = column.baseAddress! + k * n
                    for i in 0..<n { out[i] += f * ck[i] }
                }
            }
        }
    }
}
