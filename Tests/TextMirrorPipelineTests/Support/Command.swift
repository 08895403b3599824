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
/// Started with posix_spawn, not Foundation's Process: on Linux, Process hands the child the
/// signal mask of the thread that starts it, and the threads async tests run on block nearly
/// every signal, SIGINT included, so a Ctrl-C sent to such a child would never arrive. Here the
/// child starts with an empty mask and default handling of the usual signals, as from a shell.
///
/// `@unchecked Sendable`: after init only `wait` (one caller) touches `exit`; `pid` is constant.
final class RunningCommand: @unchecked Sendable {
    let command: [String]
    private let pid: pid_t
    private let outputDirectory: URL
    private var exit: (status: Int32, signalled: Bool)?

    /// Starts `executable` (a path, or a name looked up on the environment's PATH) in
    /// `directory` (default: the current one).
    init(_ executable: String, _ arguments: [String], environment: [String: String],
         directory: URL? = nil) throws {
        command = [executable] + arguments
        outputDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("textmirror-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)

        // env(1) changes folder, resolves a bare name on the child's PATH and execs it: the
        // program keeps env's process id, so interrupt() reaches it.
        let argv = ["/usr/bin/env"] + (directory.map { ["-C", $0.path] } ?? []) + command
        let envp = environment.map { "\($0.key)=\($0.value)" }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputDirectory.appendingPathComponent("stdout").path,
                                         O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, outputDirectory.appendingPathComponent("stderr").path,
                                         O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var cArgv = argv.map { strdup($0) } + [nil]
        var cEnvp = envp.map { strdup($0) } + [nil]
        defer { (cArgv + cEnvp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, argv[0], &actions, &attributes, &cArgv, &cEnvp)
        guard status == 0 else {
            throw SetupError("cannot start \(command.joined(separator: " ")): \(String(cString: strerror(status)))")
        }
        pid = child
    }

    /// Whether the child is still running (reaps it once it has ended).
    var isRunning: Bool {
        if exit != nil { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result == 0 }
        // Decoded by hand: WIFEXITED and friends are C macros.
        let signal = status & 0x7f
        exit = signal == 0 ? ((status >> 8) & 0xff, false) : (signal, true)
        return false
    }

    /// What the child has printed so far (stdout, then stderr).
    var outputSoFar: String { read("stdout") + read("stderr") }

    /// SIGINT, what Ctrl-C sends.
    func interrupt() { if isRunning { kill(pid, SIGINT) } }

    /// Waits for the process to end; after `timeout` it is terminated and the test fails.
    func wait(timeout: Duration) async throws -> CommandResult {
        let deadline = ContinuousClock.now + timeout
        while isRunning {
            if ContinuousClock.now > deadline {
                kill(pid, SIGTERM)
                let grace = ContinuousClock.now + .seconds(5)
                while isRunning, ContinuousClock.now < grace { try await Task.sleep(for: .milliseconds(20)) }
                if isRunning { kill(pid, SIGKILL); _ = waitpid(pid, nil, 0) }
                throw SetupError("timed out after \(timeout) and was stopped: \(command.joined(separator: " "))\n"
                    + "--- output so far ---\n\(read("stdout"))\n\(read("stderr"))")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let (status, signalled) = exit ?? (-1, false)
        let result = CommandResult(command: command, status: status, signalled: signalled,
                                   stdout: read("stdout"), stderr: read("stderr"))
        try? FileManager.default.removeItem(at: outputDirectory)
        return result
    }

    private func read(_ name: String) -> String {
        let data = FileManager.default.contents(atPath: outputDirectory.appendingPathComponent(name).path)
        return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

/// Runs a command to its end.
func runCommand(_ executable: String, _ arguments: [String], environment: [String: String],
         directory: URL? = nil, timeout: Duration = .seconds(60)) async throws -> CommandResult {
    try await RunningCommand(executable, arguments, environment: environment, directory: directory)
        .wait(timeout: timeout)
}
