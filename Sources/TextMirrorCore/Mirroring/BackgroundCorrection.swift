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
        var column = [Float](repeating: 0, count: terms * n)
        var rowFactor = [Float](repeating: 0, count: terms * m)
        var constant = [Float](repeating: 0, count: m)
        // Scratch: A, C along the columns; L and G along the rows.
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * n + 2 * m) { scratch in
            let patch = Patch(background, scratch.baseAddress!, columns: n, rows: m, insetX: insetX, insetY: insetY)
            column.withUnsafeMutableBufferPointer { col in
                rowFactor.withUnsafeMutableBufferPointer { row in
                    constant.withUnsafeMutableBufferPointer { constant in
                        patch.separate(
                            flip, column: col.baseAddress!, row: row.baseAddress!, constant: constant.baseAddress!)
                    }
                }
            }
        }
        self.column = column
        self.rowFactor = rowFactor
        self.constant = constant
        (self.bound, self.rowStep) = Self.bounds(column: column, rowFactor: rowFactor, constant: constant, terms: terms)
    }

    /// An upper bound of |D| and of how much D changes from one row to the next: each term's
    /// largest |value| of its column times that of its row (and of its row's steps), summed.
    private static func bounds(column: [Float], rowFactor: [Float], constant: [Float], terms: Int)
        -> (bound: Float, rowStep: Float)
    {
        let n = column.count / terms, m = constant.count
        func largest(_ v: ArraySlice<Float>) -> Float {
            var top: Float = 0
            for a in v { top = abs(a) > top ? abs(a) : top }  // no NaN here: the vectorizable form
            return top
        }
        func largestStep(_ v: ArraySlice<Float>) -> Float {
            var top: Float = 0
            for j in v.indices.dropFirst() {
                let a = abs(v[j] - v[j - 1])
                top = a > top ? a : top
            }
            return top
        }
        var bound = largest(constant[...]), rowStep = largestStep(constant[...])
        for k in 0..<terms {
            let size = largest(column[(k * n)..<((k + 1) * n)]), factor = rowFactor[(k * m)..<((k + 1) * m)]
            bound += size * largest(factor)
            rowStep += size * largestStep(factor)
        }
        return (bound, rowStep)
    }

    /// The Coons patch regrouped along one box's samples: A(i), the top profile less the
    /// corners' line along it; C(i), the bottom's, less A; L(j) and G(j) = R(j) − L(j); s and t
    /// the sample centres across the ring's rectangle, symmetric, so a mirror maps s to 1 − s.
    private struct Patch {
        let a, c, l, g: UnsafeMutablePointer<Float>
        let n, m: Int
        let s0, ds, t0, dt: Float

        init(
            _ b: RingBackground, _ scratch: UnsafeMutablePointer<Float>, columns n: Int, rows m: Int,
            insetX: Double, insetY: Double
        ) {
            self.n = n
            self.m = m
            s0 = Float((0.5 + insetX) / (Double(n) + 2 * insetX))
            ds = Float(1 / (Double(n) + 2 * insetX))
            t0 = Float((0.5 + insetY) / (Double(m) + 2 * insetY))
            dt = Float(1 / (Double(m) + 2 * insetY))
            a = scratch
            c = a + n
            l = c + n
            g = l + m
            b.top.fill(a, count: n, first: s0, step: ds)
            b.bottom.fill(c, count: n, first: s0, step: ds)
            b.left.fill(l, count: m, first: t0, step: dt)
            b.right.fill(g, count: m, first: t0, step: dt)
            let topLine = b.c00 + s0 * (b.c10 - b.c00), topStep = ds * (b.c10 - b.c00)
            let bottomLine = b.c01 + s0 * (b.c11 - b.c01), bottomStep = ds * (b.c11 - b.c01)
            for i in 0..<n {
                a[i] -= topLine + Float(i) * topStep
                c[i] -= bottomLine + Float(i) * bottomStep + a[i]
            }
            for j in 0..<m { g[j] -= l[j] }
        }

        /// The terms of D = B(p) − B(m(p)) for `flip`: `column` terms × n, `row` terms × m,
        /// `constant` m. s(i) − s(n−1−i) = (2i + 1 − n) ds; t likewise.
        func separate(
            _ flip: Flip, column col: UnsafeMutablePointer<Float>, row: UnsafeMutablePointer<Float>,
            constant: UnsafeMutablePointer<Float>
        ) {
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
        }
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
