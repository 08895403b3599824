import CShim
#if canImport(Glibc)
    import Glibc
#endif

/// Where the detection model is looked for when the `model` property is not set, in order:
///
/// 1. `$TEXTMIRROR_MODEL`: a detector file (which replaces the choice), or the models folder;
/// 2. `${XDG_DATA_HOME:-~/.local/share}/textmirror/models/<file>` (what `scripts/install.sh`
///    writes for one user), where the file is the chosen model's (`DetectionModel.fileName`);
/// 3. `share/textmirror/models/` of the prefix the plugin is installed in, then of `/usr/local`
///    and `/usr`;
/// 4. `models/` in a folder above the plugin (a build tree: `.build/.../libgsttextmirror.so`).
///
/// The element names every place it looked when none holds the file.
enum ModelLocation {
    static let environmentVariable = "TEXTMIRROR_MODEL"
    static let fetchCommand = "scripts/fetch-model.sh (in the textmirror source tree)"

    static func candidates(_ fileName: String) -> [String] {
        var paths: [String] = []
        if let env = environment(environmentVariable), !env.isEmpty {
            paths.append(isFolder(env) ? "\(env)/\(fileName)" : env)
        }
        if let data = environment("XDG_DATA_HOME"), !data.isEmpty {
            paths.append("\(data)/textmirror/models/\(fileName)")
        } else if let home = environment("HOME") {
            paths.append("\(home)/.local/share/textmirror/models/\(fileName)")
        }
        let pluginDirectory = pluginPath().map(parent)
        if let pluginDirectory {
            // <prefix>/lib/gstreamer-1.0/libgsttextmirror.so -> <prefix>/share/textmirror, and
            // the same for Debian's multiarch <prefix>/lib/x86_64-linux-gnu/gstreamer-1.0.
            let lib = parent(pluginDirectory)
            paths.append("\(parent(lib))/share/textmirror/models/\(fileName)")
            paths.append("\(parent(parent(lib)))/share/textmirror/models/\(fileName)")
        }
        paths.append("/usr/local/share/textmirror/models/\(fileName)")
        paths.append("/usr/share/textmirror/models/\(fileName)")
        if var directory = pluginDirectory {
            for _ in 0..<4 {
                directory = parent(directory)
                paths.append("\(directory)/models/\(fileName)")
            }
        }
        // Short install paths can make two rules name the same file; list it once.
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    /// `$TEXTMIRROR_MODEL` when set (even if it names a missing file: the user asked for that
    /// file, and loading it fails with its name), else the first candidate for `fileName`
    /// that exists.
    static func resolve(_ fileName: String) -> String? {
        named ?? candidates(fileName).first { access($0, R_OK) == 0 }
    }

    /// `$TEXTMIRROR_MODEL`, when it is set and not a folder: the user named a detector file,
    /// which replaces the element's choice.
    static var named: String? {
        guard let env = environment(environmentVariable), !env.isEmpty, !isFolder(env) else { return nil }
        return env
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    private static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The plugin file GStreamer loaded, followed through symlinks (a build tree's
    /// `.build/release` is one).
    private static func pluginPath() -> String? {
        guard let name = textmirror_plugin_filename() else { return nil }
        guard let resolved = realpath(name, nil) else { return String(cString: name) }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
