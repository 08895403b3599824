// Re-exported so every file of this tool sees the shared tool support (errors, progress,
// GStreamer casts) without its own import.
@_exported import TextMirrorToolSupport
