#if canImport(Glibc)
    import Glibc
#endif

/// Sweeps that check the same thing many times over (every exit moment, every tilt, ...) and
/// runs that repeat a quicker test at a user's scale (a whole install, every way to stop a
/// recording) run in full only with `TEXTMIRROR_LONG_TESTS=1`, which `scripts/test.sh --full`
/// (and so CI) sets; the default run takes a few representative cases, so that
/// `scripts/test.sh` stays within three minutes. Such a test is marked
/// `.enabled(if: LongTests.enabled, "scripts/test.sh --full")`.
public enum LongTests {
    public static let enabled: Bool = {
        guard let value = getenv("TEXTMIRROR_LONG_TESTS") else { return false }
        return String(cString: value) == "1"
    }()

    /// All of `cases` in a long run; otherwise `count` of them spread evenly, first and last
    /// included (the first alone for a count of 1).
    public static func sample<T>(_ cases: [T], count: Int) -> [T] {
        guard !enabled, count < cases.count, count > 0 else { return cases }
        guard count > 1 else { return [cases[0]] }
        return (0..<count).map { cases[$0 * (cases.count - 1) / (count - 1)] }
    }
}
