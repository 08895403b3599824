import CShim
import TextMirrorCore

// Swift implementations of the functions declared in CShim/include/textmirror.h, one each,
// under the same names. Only plain C types cross; every pointer is checked; failures come back
// as TextMirrorStatus, never as a trap.

/// textmirror.h: textmirror_regions_validate
@_cdecl("textmirror_regions_validate")
public func textmirror_regions_validate(
    _ spec: UnsafePointer<CChar>?, _ errorBuffer: UnsafeMutablePointer<CChar>?, _ errorSize: Int
) -> TextMirrorStatus {
    do {
        _ = try RegionSpec.parse(spec.map { String(cString: $0) } ?? "")
        return TEXTMIRROR_OK
    } catch {
        writeCString(error.description, to: errorBuffer, capacity: errorSize)
        return TEXTMIRROR_ERROR_INVALID_ARGUMENT
    }
}

/// textmirror.h: textmirror_session_new
@_cdecl("textmirror_session_new")
public func textmirror_session_new() -> OpaquePointer? {
    OpaquePointer(Unmanaged.passRetained(Session()).toOpaque())
}

/// textmirror.h: textmirror_session_free
@_cdecl("textmirror_session_free")
public func textmirror_session_free(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<Session>.fromOpaque(UnsafeRawPointer(handle)).release()
}

/// textmirror.h: textmirror_session_set_format
@_cdecl("textmirror_session_set_format")
public func textmirror_session_set_format(
    _ handle: OpaquePointer?, _ format: TextMirrorFormat, _ width: Int32, _ height: Int32
) -> TextMirrorStatus {
    guard let session = session(handle) else { return TEXTMIRROR_ERROR_INVALID_ARGUMENT }
    guard let pixelFormat = PixelFormat(format) else { return TEXTMIRROR_ERROR_UNSUPPORTED_FORMAT }
    do {
        try session.configure(format: pixelFormat, width: Int(width), height: Int(height))
        return TEXTMIRROR_OK
    } catch {
        return TEXTMIRROR_ERROR_INVALID_ARGUMENT
    }
}

/// textmirror.h: textmirror_session_set_regions
@_cdecl("textmirror_session_set_regions")
public func textmirror_session_set_regions(
    _ handle: OpaquePointer?, _ spec: UnsafePointer<CChar>?
) -> TextMirrorStatus {
    guard let session = session(handle) else { return TEXTMIRROR_ERROR_INVALID_ARGUMENT }
    guard let regions = try? RegionSpec.parse(spec.map { String(cString: $0) } ?? "") else {
        return TEXTMIRROR_ERROR_INVALID_ARGUMENT
    }
    session.setRegions(regions)
    return TEXTMIRROR_OK
}

/// textmirror.h: textmirror_session_set_flip
@_cdecl("textmirror_session_set_flip")
public func textmirror_session_set_flip(_ handle: OpaquePointer?, _ flip: TextMirrorFlip) -> TextMirrorStatus {
    guard let session = session(handle) else { return TEXTMIRROR_ERROR_INVALID_ARGUMENT }
    switch flip {
    case TEXTMIRROR_FLIP_HORIZONTAL: session.setFlip(.horizontal)
    case TEXTMIRROR_FLIP_VERTICAL: session.setFlip(.vertical)
    case TEXTMIRROR_FLIP_ROTATE_180: session.setFlip(.rotate180)
    default: return TEXTMIRROR_ERROR_INVALID_ARGUMENT
    }
    return TEXTMIRROR_OK
}

/// textmirror.h: textmirror_session_process
@_cdecl("textmirror_session_process")
public func textmirror_session_process(
    _ handle: OpaquePointer?, _ frame: UnsafePointer<TextMirrorFrame>?
) -> TextMirrorStatus {
    guard let session = session(handle), let frame = frame?.pointee,
          let buffer = FrameBuffer(frame) else { return TEXTMIRROR_ERROR_INVALID_ARGUMENT }
    do {
        try session.process(buffer)
        return TEXTMIRROR_OK
    } catch .notConfigured {
        return TEXTMIRROR_ERROR_NOT_CONFIGURED
    } catch {
        return TEXTMIRROR_ERROR_INVALID_ARGUMENT
    }
}

private func session(_ handle: OpaquePointer?) -> Session? {
    guard let handle else { return nil }
    return Unmanaged<Session>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

private func writeCString(_ text: String, to buffer: UnsafeMutablePointer<CChar>?, capacity: Int) {
    guard let buffer, capacity > 0 else { return }
    let bytes = Array(text.utf8.prefix(capacity - 1))
    for (i, byte) in bytes.enumerated() { buffer[i] = CChar(bitPattern: byte) }
    buffer[bytes.count] = 0
}
