import Foundation
import Testing

/// The test support's own promise: a timeout counts the machine's time, so no test
/// fails because the machine is busy, while a stuck child is still caught.
@Suite("Test support: timeouts that scale with a busy machine")
struct CommandTests {
    @Test("a 1 s timeout lasts 3 s on the clock while the machine is 3x busy")
    func busyMachineStretchesTheTimeout() async throws {
        let work = try Workspace()
        let command = try RunningCommand("sleep", ["1.5"], environment: work.environment)
        let result = try await command.wait(timeout: .seconds(1), load: { 3 })
        #expect(result.succeeded, "\(result)")
    }

    @Test("on an idle machine a stuck child is stopped at its timeout")
    func idleMachineKeepsTheTimeout() async throws {
        let work = try Workspace()
        // Far longer than any wait for a thread (30 s was seen with the test process's threads
        // all busy), so the child is still running when the budget runs out.
        let command = try RunningCommand("sleep", ["600"], environment: work.environment)
        let error = await #expect(throws: SetupError.self) { try await command.wait(timeout: .seconds(1), load: { 1 }) }
        // Not a bound on the clock (this test's own task may wait for a thread while the other
        // tests run): the budget ran out and the child was stopped.
        #expect(
            error?.description.contains("timed out after 1.0 seconds of the machine's time") == true,
            "\(error?.description ?? "no error")")
        #expect(!command.isRunning, "the stuck child was not stopped")
    }

    @Test("the machine's load reads as a factor of at least 1")
    func loadIsReadable() {
        let factor = MachineLoad.busyFactor()
        #expect(factor >= 1 && factor <= 50, "\(factor)")
        #expect(
            FileManager.default.contents(atPath: "/proc/stat").map { String(decoding: $0, as: UTF8.self) }?
                .contains("procs_running ") == true, "/proc/stat has no procs_running: the factor is always 1 here")
    }
}
