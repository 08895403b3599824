#if canImport(Glibc)
    import Glibc
#endif

/// Sweeps that check the same thing many times over (every exit moment, ...) run in full only
/// with `TEXTMIRROR_LONG_TESTS=1`; the default run takes a few representative cases, so that
/// `scripts/test.sh` stays a few minutes long.
public enum LongTests {
    public static let enabled: Bool = {
        guard let value = getenv("TEXTMIRROR_LONG_TESTS") else { return false }
        return String(cString: value) == "1"
    }()

    /// All of `cases` in a long run; otherwise `count` of them spread evenly, first and last
    /// included.
    public static func sample<T>(_ cases: [T], count: Int) -> [T] {
        guard !enabled, count < cases.count, count > 1 else { return cases }
        return (0..<count).map { cases[$0 * (cases.count - 1) / (count - 1)] }
    }
}
