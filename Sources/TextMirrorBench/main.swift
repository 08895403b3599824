// textmirror-bench: what textmirror costs per frame next to identity, videoflip and memcpy,
// all measured in one run (issue 5, table 1). Markdown goes to stdout, progress to stderr.
// Exit status: 0 when the table was measured, whatever it says; 1 on errors; 2 on bad usage.
import Glibc

/// stderr without touching C's global `stderr` (which Swift 6 rejects as shared mutable state).
func printError(_ text: String) {
    var text = text + "\n"
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

func printHeader(_ plan: BenchmarkPlan, _ facts: MachineFacts, evictedBytes: Int) {
    print("## textmirror benchmark\n")
    print(facts.markdown)
    print("- Load average at start: \(MachineFacts.loadAverage())")
    print("- Frames: \(plan.width)x\(plan.height) videotestsrc pattern=\(SourceFrame.pattern); "
        + "\(plan.frames) timed frames per cell, candidates interleaved round-robin")
    print(plan.evictCaches
        ? "- Caches: every frame evicted before it is timed (\(formatBytes(evictedBytes)) read), as a frame from a camera arrives"
        : "- Caches: warm (--warm): frames are timed right after being written")
    print("\nTime per frame inside the element, in ms: median / p90.\n")
}

func printNotes(_ table: Table, _ results: [FormatResult]) {
    print("\n`textmirror 10 regions` is `\(Candidate.textmirrorRegions.launchLine!)` (25% of the frame).")
    print("Ratios use medians. Targets: full-frame textmirror at most 1/3 of videoflip and at most 1.5x memcpy.")
    let warnings = results.flatMap { result in result.warnings.map { "- WARNING \(result.format): \($0)" } }
    if !warnings.isEmpty { print("\n" + warnings.joined(separator: "\n")) }
    print("- Load average at end: \(MachineFacts.loadAverage())")
    print("\n" + table.summary)
}

do {
    guard let options = try Options.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(Options.usage)
        exit(0)
    }
    try GStreamerRuntime.start()
    let facts = MachineFacts.gather()
    let evictedBytes = CacheEvictor.byteCount(largestCacheBytes: facts.largestCacheBytes)
    printHeader(options.plan, facts, evictedBytes: evictedBytes)
    let benchmark = Benchmark(plan: options.plan, largestCacheBytes: facts.largestCacheBytes)
    let results = try benchmark.run { printError("textmirror-bench: \($0)") }
    let table = Table(results)
    print(table.markdown)
    printNotes(table, results)
    exit(0)
} catch {
    printError("textmirror-bench: error: \(error)")
    if error.isUsage {
        printError("\n" + Options.usage)
        exit(2)
    }
    exit(1)
}
