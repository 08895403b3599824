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

    /// For failure messages: the command, how it ended and the end of its output (more of
    /// stderr after a crash, for the crashed thread's frames; see `Workspace`).
    var description: String {
        func tail(_ text: String, _ count: Int = 25) -> String {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.suffix(count).joined(separator: "\n")
        }
        return """
            $ \(command.joined(separator: " "))
            \(signalled ? "killed by signal" : "exit status") \(status)
            --- stdout (end) ---
            \(tail(stdout))
            --- stderr (end) ---
            \(tail(stderr, signalled ? 80 : 25))
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
    init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        directory: URL? = nil
    ) throws {
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
        posix_spawn_file_actions_addopen(
            &actions, 1, outputDirectory.appendingPathComponent("stdout").path,
            O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(
            &actions, 2, outputDirectory.appendingPathComponent("stderr").path,
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
    func interrupt() { send(SIGINT) }

    /// Sends `signal` to the child alone (not to its process group).
    func send(_ signal: Int32) { if isRunning { kill(pid, signal) } }

    /// Waits for the process to end; when it has had `timeout` of the machine's time
    /// (`FairShareDeadline`: longer on the clock while the machine is busy) it is terminated and
    /// the test fails.
    func wait(timeout: Duration, load: @escaping @Sendable () -> Double = MachineLoad.busyFactor) async throws
        -> CommandResult
    {
        var deadline = FairShareDeadline(timeout, load: load)
        while isRunning {
            if deadline.expired() {
                kill(pid, SIGTERM)
                let grace = ContinuousClock.now + .seconds(5)
                while isRunning, ContinuousClock.now < grace { try await Task.sleep(for: .milliseconds(20)) }
                if isRunning {
                    kill(pid, SIGKILL)
                    _ = waitpid(pid, nil, 0)
                }
                throw SetupError(
                    "timed out after \(deadline) and was stopped: \(command.joined(separator: " "))\n"
                        + "--- output so far ---\n\(read("stdout"))\n\(read("stderr"))")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let (status, signalled) = exit ?? (-1, false)
        let result = CommandResult(
            command: command, status: status, signalled: signalled,
            stdout: read("stdout"), stderr: read("stderr"))
        try? FileManager.default.removeItem(at: outputDirectory)
        return result
    }

    private func read(_ name: String) -> String {
        let data = FileManager.default.contents(atPath: outputDirectory.appendingPathComponent(name).path)
        return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

/// How busy the machine is, as the slowdown a process that wants a core sees.
enum MachineLoad {
    /// Threads that want a core (Linux's `procs_running`, without the one asking) per core, at
    /// least 1 (an idle machine) and at most 50. Read afresh each time: the figure moves from
    /// one moment to the next, and `FairShareDeadline` averages it over the wait.
    @Sendable static func busyFactor() -> Double {
        guard let data = FileManager.default.contents(atPath: "/proc/stat") else { return 1 }
        let text = String(decoding: data, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("procs_running ") }),
            let running = Double(line.dropFirst("procs_running ".count))
        else { return 1 }
        let cores = Double(max(1, ProcessInfo.processInfo.activeProcessorCount))
        return min(50, max(1, (running - 1) / cores))
    }
}

/// A timeout counted in the time the machine had for the work, not on the wall clock: each
/// moment counts 1/`load()` of itself, so while twice as many threads want a core as there are
/// cores, a 60 s budget lasts 120 s on the clock. A child that is stuck (waiting for something
/// that never comes) uses no CPU and is caught at about the budget; one that is slow because
/// other work (another build, the other tests running in parallel) holds the cores is given
/// the time it would have had. Issue 15: a 60 s wall-clock decode of a 1.5 s file timed out
/// while another heavy job ran.
struct FairShareDeadline: CustomStringConvertible {
    let budget: Duration
    private let load: @Sendable () -> Double
    private let start = ContinuousClock.now
    private var last = ContinuousClock.now
    private(set) var used: Duration = .zero

    init(_ budget: Duration, load: @escaping @Sendable () -> Double = MachineLoad.busyFactor) {
        self.budget = budget
        self.load = load
    }

    /// Counts the time since the last call at the machine's present load; true once the budget
    /// is used up. Call it often (the load is sampled at each call).
    mutating func expired() -> Bool {
        let now = ContinuousClock.now
        used += (now - last) / max(1, load())
        last = now
        return used >= budget
    }

    var description: String {
        let wall = ContinuousClock.now - start
        return "\(budget) of the machine's time (\(wall) on the clock)"
    }
}

/// Runs a command to its end.
func runCommand(
    _ executable: String, _ arguments: [String], environment: [String: String],
    directory: URL? = nil, timeout: Duration = .seconds(60)
) async throws -> CommandResult {
    try await RunningCommand(executable, arguments, environment: environment, directory: directory)
        .wait(timeout: timeout)
}
