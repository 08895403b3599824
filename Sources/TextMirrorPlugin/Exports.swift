import CShim
import TextMirrorCore

// Swift implementations of the functions declared in CShim/include/textmirror.h, one each,
// under the same names. Only plain C types cross; every pointer is checked; failures come back
// as TextMirrorStatus (or NULL with a message), never as a trap.

/// textmirror.h: textmirror_regions_validate
@_cdecl("textmirror_regions_validate")
public func textmirror_regions_validate(
    _ spec: UnsafePointer<CChar>?, _ errorBuffer: UnsafeMutablePointer<CChar>?, _ errorSize: Int
) -> TextMirrorStatus {
    switch ParsedRegions.parse(spec) {
    case .success:
        return TEXTMIRROR_OK
    case .failure(let error):
        writeCString(error.description, to: errorBuffer, capacity: errorSize)
        return TEXTMIRROR_ERROR_INVALID_ARGUMENT
    }
}

/// textmirror.h: textmirror_keep_models_loaded
@_cdecl("textmirror_keep_models_loaded")
public func textmirror_keep_models_loaded() {
    SharedModels.keepLoaded()
}

/// textmirror.h: textmirror_properties
@_cdecl("textmirror_properties")
public func textmirror_properties() -> UnsafePointer<TextMirrorProperties> {
    propertyTable
}

/// Made once, on first use, and never freed: the C side keeps the pointer.
nonisolated(unsafe) private let propertyTable: UnsafePointer<TextMirrorProperties> = {
    let table = UnsafeMutablePointer<TextMirrorProperties>.allocate(capacity: 1)
    table.initialize(to: TextMirrorProperties.fromSettingsDefaults())
    return UnsafePointer(table)
}()

/// textmirror.h: textmirror_session_new
@_cdecl("textmirror_session_new")
public func textmirror_session_new(
    _ settings: UnsafePointer<TextMirrorSettings>?,
    _ errorBuffer: UnsafeMutablePointer<CChar>?, _ errorSize: Int
) -> OpaquePointer? {
    guard let settings, let converted = SessionSettings(settings.pointee) else {
        writeCString("invalid settings", to: errorBuffer, capacity: errorSize)
        return nil
    }
    do {
        let session = try Session(settings: converted)
        return OpaquePointer(Unmanaged.passRetained(session).toOpaque())
    } catch {
        writeCString(error.description, to: errorBuffer, capacity: errorSize)
        return nil
    }
}

/// textmirror.h: textmirror_session_free
@_cdecl("textmirror_session_free")
public func textmirror_session_free(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<Session>.fromOpaque(UnsafeRawPointer(handle)).release()
}

/// textmirror.h: textmirror_session_update
@_cdecl("textmirror_session_update")
public func textmirror_session_update(
    _ handle: OpaquePointer?, _ settings: UnsafePointer<TextMirrorSettings>?
) -> TextMirrorStatus {
    guard let session = session(handle), let settings else { return TEXTMIRROR_ERROR_INVALID_ARGUMENT }
    // Only the engine's settings change while running (the detector's are READY properties).
    var current = SessionSettings(engine: session.engine.currentSettings)
    let status = current.apply(settings.pointee)
    session.engine.update(current.engine)
    return status
}

/// textmirror.h: textmirror_session_set_format
@_cdecl("textmirror_session_set_format")
public func textmirror_session_set_format(
    _ handle: OpaquePointer?, _ format: TextMirrorFormat, _ width: Int32, _ height: Int32,
    _ matrix: TextMirrorMatrix, _ fullRange: Int32
) -> TextMirrorStatus {
    guard let session = session(handle) else { return TEXTMIRROR_ERROR_INVALID_ARGUMENT }
    guard let pixelFormat = PixelFormat(format) else { return TEXTMIRROR_ERROR_UNSUPPORTED_FORMAT }
    let encoding = YUVEncoding(matrix: matrix == TEXTMIRROR_MATRIX_BT709 ? .bt709 : .bt601, fullRange: fullRange != 0)
    do {
        try session.engine.configure(
            format: pixelFormat, width: Int(width), height: Int(height), encoding: encoding)
        return TEXTMIRROR_OK
    } catch {
        return TEXTMIRROR_ERROR_INVALID_ARGUMENT
    }
}

/// textmirror.h: textmirror_session_reset
@_cdecl("textmirror_session_reset")
public func textmirror_session_reset(_ handle: OpaquePointer?) -> TextMirrorStatus {
    guard let session = session(handle) else { return TEXTMIRROR_ERROR_INVALID_ARGUMENT }
    session.engine.reset()
    return TEXTMIRROR_OK
}

/// textmirror.h: textmirror_session_process
@_cdecl("textmirror_session_process")
public func textmirror_session_process(
    _ handle: OpaquePointer?, _ frame: UnsafePointer<TextMirrorFrame>?,
    _ timestamps: UnsafePointer<TextMirrorTimestamps>?, _ upstreamIsLive: Int32,
    _ result: UnsafeMutablePointer<TextMirrorFrameResult>?
) -> TextMirrorStatus {
    guard let session = session(handle), let frame = frame?.pointee,
        let buffer = FrameBuffer(frame)
    else { return TEXTMIRROR_ERROR_INVALID_ARGUMENT }
    let stamp = timestamps.map { FrameStamp($0.pointee) } ?? FrameStamp()
    do {
        let report = try session.engine.process(buffer, stamp: stamp, upstreamIsLive: upstreamIsLive != 0)
        result?.pointee.fill(from: report, frameWidth: buffer.width, frameHeight: buffer.height)
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

func writeCString(_ text: String, to buffer: UnsafeMutablePointer<CChar>?, capacity: Int) {
    guard let buffer, capacity > 0 else { return }
    let bytes = Array(text.utf8.prefix(capacity - 1))
    for (i, byte) in bytes.enumerated() { buffer[i] = CChar(bitPattern: byte) }
    buffer[bytes.count] = 0
}
