import Glibc

/// The models folder scripts/fetch-model.sh writes (`models/`), found in the working directory
/// or a folder above it, or above the running executable (a build tree); or the folder that
/// `$TEXTMIRROR_MODEL` names. The tools register the element statically, so the element's own
/// search (next to the plugin file) does not apply to them. Nil when `$TEXTMIRROR_MODEL` names
/// a file (the user chose one detector) or no folder is found.
public func searchModelsFolder(levels: Int = 8) -> String? {
    if let env = getenv("TEXTMIRROR_MODEL"), env[0] != 0 {
        let path = String(cString: env)
        return isFolder(path) ? path : nil
    }
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
            let candidate = directory + "/models"
            if isFolder(candidate) { return candidate }
            guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { break }
            directory = String(directory[..<slash])
        }
    }
    return nil
}

/// The detector file for tools that make a detector themselves: `$TEXTMIRROR_MODEL` when it
/// names a file, else `fileName` in the models folder (`searchModelsFolder`) when it is there.
public func searchModelFile(_ fileName: String, levels: Int = 8) -> String? {
    if let env = getenv("TEXTMIRROR_MODEL"), env[0] != 0, !isFolder(String(cString: env)) {
        return String(cString: env)
    }
    guard let folder = searchModelsFolder(levels: levels) else { return nil }
    let path = folder + "/" + fileName
    return access(path, R_OK) == 0 ? path : nil
}

private func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}
