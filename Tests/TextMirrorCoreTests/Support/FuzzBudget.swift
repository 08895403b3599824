#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TextMirrorCore

/// How long and from where a fuzz test runs: a seed (random per run, so CI keeps trying new
/// inputs; `TEXTMIRROR_FUZZ_SEED` repeats a run exactly) and a budget of iterations and seconds
/// (`TEXTMIRROR_FUZZ_SECONDS` lengthens it for a soak). Every failure message carries the seed.
struct FuzzBudget {
    let seed: UInt64
    let maxIterations: Int
    let deadline: Date
    let seconds: Double

    init(iterations: Int, seconds defaultSeconds: Double) {
        if let text = getenv("TEXTMIRROR_FUZZ_SEED").map({ String(cString: $0) }), let value = UInt64(text) {
            seed = value
        } else {
            seed = UInt64.random(in: 0...UInt64.max)
        }
        let longer = getenv("TEXTMIRROR_FUZZ_SECONDS").flatMap { Double(String(cString: $0)) }
        seconds = longer ?? defaultSeconds
        // A longer run given in seconds is bounded by time only.
        maxIterations = longer == nil ? iterations : Int.max
        deadline = Date().addingTimeInterval(seconds)
    }

    /// True while there is budget left for iteration `i`.
    func allows(_ i: Int) -> Bool { i < maxIterations && Date() < deadline }

    /// How to repeat this run.
    var repeatHint: String { "seed \(seed) (repeat with TEXTMIRROR_FUZZ_SEED=\(seed))" }
}

extension SplitMix64 {
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
