/// The text around the table: what was measured, on what, and what to make of it.
enum Report {
    /// The top of the output: the machine, and how busy it was.
    static func machine(_ facts: MachineFacts, sections: [Section]) -> String {
        facts.header("textmirror benchmark") + "\n- Sections: " + sections.map(\.rawValue).joined(separator: ", ")
    }

    static func header(_ plan: BenchmarkPlan, evictedBytes: Int) -> String {
        let caches =
            plan.evictCaches
            ? "every frame evicted from the CPU caches before it is timed (\(formatBytes(evictedBytes)) read), "
                + "as a frame from a camera or decoder arrives"
            : "warm (--warm): frames are timed right after being written"
        return """
            ### 1. Mirror kernels

            - Load average at start: \(MachineFacts.loadAverage())
            - Frames: \(plan.width)x\(plan.height) from videotestsrc pattern=\(SourceFrame.pattern); \
            \(plan.frames) timed frames per cell, all cells interleaved round-robin
            - Caches: \(caches)

            Time per frame inside the element (for memcpy: the copy), in ms, median / p90:

            """
    }

    static func notes(_ table: Table, _ results: [FormatResult], _ plan: BenchmarkPlan) -> String {
        var lines = [
            "",
            "- `textmirror full` is `\(Candidate.textmirrorFull.launchLine!)`; `textmirror 10 regions` is "
                + "`\(Candidate.textmirrorRegions.launchLine!)` (25% of the frame).",
            "- Ratios use medians. Targets: full-frame textmirror at most 1/3 of videoflip "
                + "and at most 1.5x memcpy."
        ]
        if plan.width * plan.height < 1920 * 1080 {
            lines.append(
                "- The targets are for 1920x1080. At \(plan.width)x\(plan.height) the fixed cost of "
                    + "handling a buffer (the identity column) weighs more, so a FAIL here says little.")
        }
        for result in results {
            lines += result.warnings.map { "- WARNING \(result.format): \($0)" }
        }
        lines += ["- Load average at end: \(MachineFacts.loadAverage())", "", table.summary]
        return lines.joined(separator: "\n")
    }
}
