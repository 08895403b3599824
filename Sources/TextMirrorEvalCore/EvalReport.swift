/// The markdown textmirror-eval prints: one row per image, a total row, and the verdict.
public enum EvalReport {
    public static let header = [
        "image", "size", "legible", "mirrored", "mean coverage", "###",
        "boxes", "false boxes", "non-text changed", "edges added", "background edges added", "ms"
    ]

    /// `milliseconds[i]` is the time image i spent in the pipeline (decode included).
    public static func table(_ scores: [ImageScore], milliseconds: [Double]) -> String {
        precondition(milliseconds.count == scores.count, "one time per image")
        var rows = [header, header.map { _ in "---" }]
        for (score, ms) in zip(scores, milliseconds) {
            rows.append([
                score.name, "\(score.width)x\(score.height)", "\(score.legible.count)",
                "\(score.mirrored)", fixed(score.meanCoverage, 3), "\(score.dontCare)",
                "\(score.boxes)", "\(score.falseBoxes)", percent(score.nonTextChangedShare),
                growth(score.borderEdges), growth(score.backgroundEdges), fixed(ms, 0)
            ])
        }
        let total = EvalSummary(scores)
        rows.append([
            "**total**", "\(total.images) images", "\(total.legible)",
            "\(total.mirrored) (\(percent(total.mirroredShare)))", fixed(total.meanCoverage, 3),
            "\(total.dontCare)", "\(total.boxes)", "\(total.falseBoxes)",
            percent(total.nonTextChangedShare), growth(total.borderEdges), growth(total.backgroundEdges),
            fixed(milliseconds.reduce(0, +), 0)
        ])
        return rows.map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
    }

    /// One line that scripts can grep for: PASS or FAIL and both figures against their targets.
    public static func verdict(_ summary: EvalSummary, _ targets: QualityTargets) -> String {
        let mirroredOK = summary.mirroredShare >= targets.minMirrored
        let nonTextOK = summary.nonTextChangedShare < targets.maxNonTextChanged
        return (summary.passes(targets) ? "PASS" : "FAIL")
            + ": legible lines mirrored \(percent(summary.mirroredShare)) (target >= \(percent(targets.minMirrored)), "
            + (mirroredOK ? "met" : "missed") + "); non-text pixels changed "
            + "\(percent(summary.nonTextChangedShare)) (target < \(percent(targets.maxNonTextChanged)), "
            + (nonTextOK ? "met" : "missed") + ")"
    }

    /// Where the changed non-text pixels are: in false boxes (detections of no text), or next to
    /// text (boxes larger than their line, or misplaced).
    public static func nonTextBreakdown(_ summary: EvalSummary) -> String {
        let total = Double(max(summary.nonTextPixels, 1))
        let inFalse = Double(summary.nonTextChangedInFalseBoxes)
        return "Non-text pixels changed: \(percent(Double(summary.nonTextChanged) / total)) of non-text pixels; "
            + "in false boxes \(percent(inFalse / total)), beside text \(percent((Double(summary.nonTextChanged) - inFalse) / total)). "
            + "Worst picture \(percent(summary.worstNonTextChanged))."
    }

    /// Edges added around the mirrored boxes, as the pictures are and smoothed (the
    /// background's seams), pooled over the set and over each kind of picture (the name up to
    /// its first "_": page, sign, ... in the generated set).
    public static func borderEdges(_ scores: [ImageScore]) -> String {
        let measured = scores.filter { $0.borderEdges.pixels > 0 }
        var kinds: [String] = []
        var byKind: [String: (BorderEdges, BorderEdges)] = [:]
        for score in measured {
            guard let cut = score.name.firstIndex(of: "_") else { continue }
            let kind = String(score.name[..<cut])
            if byKind[kind] == nil { kinds.append(kind) }
            let sums = byKind[kind] ?? (.zero, .zero)
            byKind[kind] = (sums.0 + score.borderEdges, sums.1 + score.backgroundEdges)
        }
        let all = measured.reduce(BorderEdges.zero) { $0 + $1.borderEdges }
        let background = measured.reduce(BorderEdges.zero) { $0 + $1.backgroundEdges }
        var text =
            "Edges added around boxes (gradient energy within \(BorderEdges.radius) px of the mirrored boxes' "
            + "outlines, output against input, pooled over \(measured.count) pictures with boxes): \(growth(all)); "
            + "background (pictures smoothed, σ \(fixed(BorderEdges.backgroundSmoothing, 0)) px) \(growth(background))"
        if kinds.count > 1 {
            text +=
                ". By kind, as they are / background: "
                + kinds.sorted().map { "\($0) \(growth(byKind[$0]!.0)) / \(growth(byKind[$0]!.1))" }.joined(
                    separator: ", ")
        }
        return text + "."
    }

    /// A relative growth as a signed percentage; "–" where nothing was measured.
    public static func growth(_ edges: BorderEdges) -> String {
        let g = edges.growth
        guard g.isFinite else { return g.isNaN ? "–" : "+∞" }
        return (g >= 0 ? "+" : "") + fixed(100 * g, 1) + "%"
    }

    /// What the element read, against the transcriptions.
    public static func reading(_ score: ReadingScore) -> String {
        "Lines read exactly: \(score.exact) of \(score.lines) (\(percent(score.exactShare))); but for spaces: "
            + "\(score.exactButSpaces) (\(percent(score.exactButSpacesShare))); character accuracy "
            + "\(percent(score.characterAccuracy)) (\(score.edits) edits in \(score.characters) characters)."
    }

    /// The read-back check (`ReadBackScore`): a line and a list of the lines that did not read
    /// back whole.
    public static func readBack(_ score: ReadBackScore) -> String {
        var out =
            "Read back: \(score.whole) of \(score.judged) lines mirrored and read exactly "
            + "(\(percent(score.judged == 0 ? .nan : Double(score.whole) / Double(score.judged)))) read the same "
            + "from the output, turned back, with nothing unmirrored on them; "
            + "\(score.failures.count { $0.readsExtra }) read back with something extra (marked +)."
        for failure in score.failures {
            let read = failure.readBack.map { "\"\($0.text)\"" + ($0.mirrored ? " (turned)" : "") }
            out += "\n- \(failure.readsExtra ? "+ " : "")\(failure.picture): \"\(failure.transcription)\" read back "
                + (read.isEmpty ? "nothing" : read.joined(separator: ", "))
        }
        return out
    }

    /// Legible lines not read exactly, with what was read.
    public static func misreadLines(_ scores: [ImageScore]) -> String {
        var out: [String] = []
        for score in scores {
            for line in score.legible
            where ReadingScore.normalized(line.transcription) != ReadingScore.normalized(line.read ?? "") {
                out.append(
                    "- \(score.name): \"\(line.transcription)\" read "
                        + (line.read.map { "\"\($0)\"" } ?? "nothing"))
            }
        }
        return out.joined(separator: "\n")
    }

    /// Pictures with no text at all (no region in their ground truth): how many got no box.
    public static func textless(_ scores: [ImageScore]) -> String {
        let textless = scores.filter { $0.legible.isEmpty && $0.dontCare == 0 && $0.unmeasurable == 0 }
        guard !textless.isEmpty else { return "No picture without text in the set." }
        let clean = textless.count { $0.boxes == 0 }
        return "Pictures without text that got no box: \(clean) of \(textless.count) "
            + "(\(percent(Double(clean) / Double(textless.count))))."
    }

    /// Legible lines below the mirrored threshold, for looking into failures.
    public static func missedLines(_ scores: [ImageScore], rules: ScoringRules) -> String {
        var out: [String] = []
        for score in scores {
            for line in score.legible where line.coverage < rules.mirroredCoverage {
                out.append(
                    "- \(score.name): \"\(line.transcription)\" coverage \(fixed(line.coverage, 2)), "
                        + "\(line.pixels) px" + (line.read.map { ", read \"\($0)\"" } ?? ""))
            }
        }
        return out.joined(separator: "\n")
    }

    /// `value` with `decimals` places, rounded half away from zero; "–" for nan. Written out
    /// because the core avoids Foundation (no String(format:)).
    public static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard decimals > 0 else { return sign + "\(whole)" }
        let frac = String(Int(scaled) - whole * Int(scale))
        return sign + "\(whole)." + String(repeating: "0", count: decimals - frac.count) + frac
    }

    /// A share as a percentage: two decimals below 1%, where the non-text target lives.
    public static func percent(_ share: Double) -> String {
        guard share.isFinite else { return "–" }
        return fixed(100 * share, share < 0.01 ? 2 : 1) + "%"
    }
}
