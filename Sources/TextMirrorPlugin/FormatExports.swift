import CShim
#if canImport(Glibc)
    import Glibc
#endif
import TextMirrorCore

// The pixel formats at the boundary: a format is its position in `PixelFormat.allCases`, the
// one table of formats, and the C shim learns their caps names from here (textmirror.h).

/// The formats' caps names as C strings, made once and never freed: the C shim keeps the
/// pointers (its pad templates), so they live as long as the process.
private nonisolated(unsafe) let formatNames: [UnsafeMutablePointer<CChar>] =
    PixelFormat.allCases.map { strdup($0.rawValue)! }

/// textmirror.h: textmirror_format_count
@_cdecl("textmirror_format_count")
public func textmirror_format_count() -> Int32 {
    Int32(PixelFormat.allCases.count)
}

/// textmirror.h: textmirror_format_name
@_cdecl("textmirror_format_name")
public func textmirror_format_name(_ format: TextMirrorFormat) -> UnsafePointer<CChar>? {
    guard format >= 0, Int(format) < formatNames.count else { return nil }
    return UnsafePointer(formatNames[Int(format)])
}

extension PixelFormat {
    /// The format at position `format` of the table; nil outside it.
    init?(_ format: TextMirrorFormat) {
        guard format >= 0, Int(format) < Self.allCases.count else { return nil }
        self = Self.allCases[Int(format)]
    }
}
