import Glibc

/// Finds `models/ppocrv4_det.onnx` in the working directory or a folder above it, or above the
/// running executable (a build tree). The tools register the element statically, so the
/// element's own search (next to the plugin file) does not apply to them; each decides itself
/// what `$TEXTMIRROR_MODEL` means before calling this.
public func searchModelUpwards(levels: Int = 8) -> String? {
    var starts: [String] = []
    if let cwd = getcwd(nil, 0) {
        starts.append(String(cString: cwd))
        free(cwd)
    }
    if let exe = realpath("/proc/self/exe", nil) {
        starts.append(String(cString: exe))
        free(exe)
    }
    for start in starts {
        var directory = start
        for _ in 0..<levels {
            let candidate = directory + "/models/ppocrv4_det.onnx"
            if access(candidate, R_OK) == 0 { return candidate }
            guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { break }
            directory = String(directory[..<slash])
        }
    }
    return nil
}
