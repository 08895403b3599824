// textmirror-bench: what textmirror costs per frame next to identity, videoflip and memcpy,
// all measured in one run (issue 5, table 1). Markdown goes to stdout, progress to stderr.
// Exit status: 0 when the table was measured, whatever it says; 1 on errors; 2 on bad usage.
import Glibc

/// stderr without touching C's global `stderr` (which Swift 6 rejects as shared mutable state).
func printError(_ text: String) {
    var text = text + "\n"
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

do {
    guard let options = try Options.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(Options.usage)
        exit(0)
    }
    try GStreamerRuntime.start()
    let facts = MachineFacts.gather()
    let evictedBytes = CacheEvictor.byteCount(largestCacheBytes: facts.largestCacheBytes)
    print(Report.header(options.plan, facts, evictedBytes: evictedBytes))
    let benchmark = Benchmark(plan: options.plan, largestCacheBytes: facts.largestCacheBytes)
    let results = try benchmark.run { printError("textmirror-bench: \($0)") }
    let table = Table(results)
    print(table.markdown)
    print(Report.notes(table, results, options.plan))
    exit(0)
} catch {
    printError("textmirror-bench: error: \(error)")
    if error.isUsage {
        printError("\n" + Options.usage)
        exit(2)
    }
    exit(1)
}
