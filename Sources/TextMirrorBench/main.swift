// textmirror-bench: what textmirror costs, all measured in one run (issue 5): the mirror kernels
// next to identity, videoflip and memcpy; the detector per detection-size and thread count; a
// live 1080p30 stream with detection; resident memory. Markdown goes to stdout, progress to
// stderr. Exit status: 0 when the tables were measured, whatever they say; 1 on errors; 2 on bad
// usage.
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
    if let part = options.memoryPart {
        // A child process of the memory section: one table, nothing else.
        print(try Sections(options: options).memoryPart(part))
        exit(0)
    }
    let facts = MachineFacts.gather()
    print(Report.machine(facts, sections: options.sections))
    let sections = Sections(options: options, facts: facts)
    for section in options.sections {
        print("")
        try sections.run(section)
        fflush(nil)  // children of the memory section write to the same stdout
    }
    exit(0)
} catch {
    printError("textmirror-bench: error: \(error)")
    if error.isUsage {
        printError("\n" + Options.usage)
        exit(2)
    }
    exit(1)
}
