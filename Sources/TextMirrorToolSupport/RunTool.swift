import Glibc

/// stderr without touching C's global `stderr` (which Swift 6 rejects as shared mutable state).
/// The tools keep stdout for their markdown and write progress here.
public func progress(_ text: String) {
    var text = text + "\n"
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

/// A tool's main: runs `body` and exits 0; on a `ToolError` prints "`name`: error: ..." and
/// exits 1, or 2 with the usage after it for a bad command line. Every tool's exit status
/// thus means the same: 0 measured (whatever the figures say), 1 failed, 2 bad usage.
public func runTool(_ name: String, usage: String, _ body: () throws(ToolError) -> Void) -> Never {
    do {
        try body()
        fflush(nil)
        exit(0)
    } catch {
        fflush(nil)
        progress("\(name): error: \(error)")
        if error.isUsage {
            progress("\n" + usage)
            exit(2)
        }
        exit(1)
    }
}
