// textmirror-bench: what textmirror costs, all measured in one run: the mirror kernels
// next to identity, videoflip and memcpy; the detector per detection-size and thread count; a
// live 1080p30 stream with detection; resident memory. Markdown goes to stdout, progress to
// stderr. Exit status: 0 when the tables were measured, whatever they say; 1 on errors; 2 on bad
// usage.
import Glibc

runTool("textmirror-bench", usage: Options.usage) { () throws(ToolError) in
    guard let options = try Options.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(Options.usage)
        return
    }
    try GStreamerRuntime.start()
    if let part = options.memoryPart {
        // A child process of the memory section: one table, nothing else.
        print(try Sections(options: options).memoryPart(part))
        return
    }
    let facts = MachineFacts.gather()
    print(Report.machine(facts, sections: options.sections))
    let sections = Sections(options: options, facts: facts)
    for section in options.sections {
        print("")
        try sections.run(section)
        fflush(nil)  // children of the memory section write to the same stdout
    }
}
