import Foundation

/// What a finished child process left: its exit status and everything it printed.
struct CommandResult: Sendable, CustomStringConvertible {
    var command: [String]
    var status: Int32
    /// True when the process ended by a signal rather than by exiting.
    var signalled: Bool
    var stdout: String
    var stderr: String

    var succeeded: Bool { !signalled && status == 0 }

    /// For failure messages: the command, how it ended and the end of its output.
    var description: String {
        func tail(_ text: String) -> String {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.suffix(25).joined(separator: "\n")
        }
        return """
            $ \(command.joined(separator: " "))
            \(signalled ? "killed by signal" : "exit status") \(status)
            --- stdout (end) ---
            \(tail(stdout))
            --- stderr (end) ---
            \(tail(stderr))
            """
    }
}

/// A failure of the test set-up itself (a missing build, tool or package), with the fix in the
/// message.
struct SetupError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A child process whose output goes to files (no pipe can fill up and stall it).
///
/// `@unchecked Sendable`: the Process is only touched through its own thread-safe accessors
/// (isRunning, interrupt, terminate) after launch, and the output files are read after exit.
final class RunningCommand: @unchecked Sendable {
    let command: [String]
    private let process = Process()
    private let outputDirectory: URL

    /// Starts `executable` (a path, or a name looked up on the environment's PATH).
    init(_ executable: String, _ arguments: [String], environment: [String: String],
         directory: URL? = nil) throws {
        command = [executable] + arguments
        outputDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("textmirror-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        let stdoutURL = outputDirectory.appendingPathComponent("stdout")
        let stderrURL = outputDirectory.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: stdoutURL.path, contents: nil),
              FileManager.default.createFile(atPath: stderrURL.path, contents: nil) else {
            throw SetupError("cannot create output files in \(outputDirectory.path)")
        }

        // env(1) resolves a bare name on the child's PATH and then execs it: the child keeps
        // env's process id, so interrupt() reaches the program itself.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
    }

    var isRunning: Bool { process.isRunning }

    /// SIGINT, what Ctrl-C sends.
    func interrupt() { process.interrupt() }

    /// Waits for the process to end; after `timeout` it is terminated and the test fails.
    ///
    /// Polls `isRunning` rather than calling `waitUntilExit()`: that one spins a run loop on the
    /// calling thread (here a cooperative-pool thread) and in swift-corelibs-foundation can keep
    /// spinning after the child is gone. `terminationStatus` is set before `isRunning` turns false.
    func wait(timeout: Duration) async throws -> CommandResult {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                let grace = ContinuousClock.now + .seconds(5)
                while process.isRunning, ContinuousClock.now < grace {
                    try await Task.sleep(for: .milliseconds(20))
                }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                throw SetupError("timed out after \(timeout) and was stopped: \(command.joined(separator: " "))\n"
                    + "--- output so far ---\n\(read("stdout"))\n\(read("stderr"))")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return collect()
    }

    private func read(_ name: String) -> String {
        let data = FileManager.default.contents(atPath: outputDirectory.appendingPathComponent(name).path)
        return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    private func collect() -> CommandResult {
        let result = CommandResult(
            command: command, status: process.terminationStatus,
            signalled: process.terminationReason == .uncaughtSignal,
            stdout: read("stdout"), stderr: read("stderr"))
        try? FileManager.default.removeItem(at: outputDirectory)
        return result
    }
}

/// Runs a command to its end.
func runCommand(_ executable: String, _ arguments: [String], environment: [String: String],
         directory: URL? = nil, timeout: Duration = .seconds(60)) async throws -> CommandResult {
    try await RunningCommand(executable, arguments, environment: environment, directory: directory)
        .wait(timeout: timeout)
}
