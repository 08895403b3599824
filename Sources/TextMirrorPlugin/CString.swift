/// Messages the C and C++ side writes into buffers the Swift side hands it.
enum CString {
    /// The NUL-terminated text in `buffer` (invalid UTF-8 repaired), or `fallback` when empty.
    static func decode(_ buffer: [CChar], orElse fallback: String) -> String {
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? fallback : text
    }
}
