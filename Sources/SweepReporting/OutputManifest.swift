import Foundation

/// The files a sweep wrote into its output directory, listed in the directory's marker file
/// (``OutputDirectory/markerName``) one per line under a first line saying what the file is. They are the only
/// files a sweep ever deletes: a directory that holds anything else is refused (``Finding``), and removing an old
/// copy deletes the listed files, their temporary files, the marker and then the directory only if nothing else is
/// left in it.
///
/// A marker of a TouchSweep before issue 30 holds only its first line: it lists nothing.
struct OutputManifest: Equatable {
    /// The first line of a marker.
    static let header =
        "This directory is written by TouchSweep: a sweep replaces it as a whole, deleting only the files listed below, and refuses it if it holds anything else.\n"
    /// The whole marker of the builds before issue 30, which listed nothing.
    static let legacyText = "This directory is written by TouchSweep and is replaced as a whole on each run.\n"

    /// The files, relative to the directory (`summary.csv`, `minimal/a.yaml`).
    var names: Set<String>
    /// Whether the marker is one of a build that listed nothing.
    var legacy = false
    /// Files the command carries over (its journal, its shard file), at the top level: whatever they are (the
    /// command checks them itself: a journal that is a link to a device is refused by name), they are not strangers,
    /// and removing an old copy unlinks them (never what a link points to).
    var kept: Set<String> = []

    init<S: Sequence<String>>(names: S) { self.names = Set(names) }

    /// The marker's text.
    var text: String { Self.header + names.sorted().map { $0 + "\n" }.joined() }

    /// Reads the marker of `directory`; nil when it has none (or it is not a regular file).
    static func read(_ directory: String) -> OutputManifest? {
        let path = directory + "/" + OutputDirectory.markerName
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        var manifest = OutputManifest(names: text.split(separator: "\n").dropFirst().map(String.init))
        manifest.legacy = text == legacyText
        return manifest
    }

    /// What a look at a directory found.
    enum Finding: Equatable {
        /// Empty, or holding only what a sweep wrote: it may be replaced.
        case replaceable
        /// Not empty, and no marker.
        case unmarked
        /// Entries no sweep wrote (relative paths, the first few), and how many there are in all.
        case strangers([String], count: Int, legacy: Bool)
        /// A directory at this path (beneath the one looked at) that a running sweep holds locked.
        case inUse(String)
    }

    /// Whether `directory` may be replaced: it is empty, or its marker (with `kept`, the files the command carries
    /// over, such as its journal) names every file in it. A directory beneath it that a running sweep holds locked
    /// is said first.
    static func inspect(_ directory: String, kept: [String]) -> Finding {
        guard let contents = try? FileManager.default.contentsOfDirectory(atPath: directory), !contents.isEmpty else { return .replaceable }
        guard var manifest = read(directory) else {
            return heldLock(beneath: contents.sorted().map { directory + "/" + $0 }).map(Finding.inUse) ?? .unmarked
        }
        manifest.kept = Set(kept)
        let strangers = manifest.strangers(in: directory)
        guard !strangers.isEmpty else { return .replaceable }
        if let held = heldLock(beneath: strangers.map { directory + "/" + $0 }) { return .inUse(held) }
        return .strangers(Array(strangers.prefix(3)), count: strangers.count, legacy: manifest.legacy)
    }

    /// The entries of `directory` that are not the marker, a listed regular file, a listed file's temporary file
    /// (`.<name>.tmp-<pid>-<n>`) or a subdirectory of listed files: relative paths, in order.
    func strangers(in directory: String) -> [String] {
        var found: [String] = []
        walk(directory, onWritten: { _, _ in }, onStranger: { found.append($0) })
        return found
    }

    /// Calls `onWritten` for each listed file (and temporary file) in `directory` and each subdirectory after its
    /// contents (path, is a directory), `onStranger` for each entry that is neither.
    private func walk(_ directory: String, onWritten: (String, Bool) -> Void, onStranger: (String) -> Void) {
        func visit(_ relative: String) {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + relative) else {
                onStranger(relative.isEmpty ? "." : String(relative.dropLast()))
                return
            }
            let here = Set(names.compactMap { name in name.hasPrefix(relative) ? String(name.dropFirst(relative.count)) : nil })
                .union(relative.isEmpty ? kept : [])
            for entry in entries.sorted() {
                let path = relative + entry
                var info = stat()
                guard lstat(directory + "/" + path, &info) == 0 else { continue }
                let type = info.st_mode & S_IFMT
                let ours = relative.isEmpty ? here.union([OutputDirectory.markerName]) : here
                let carried = relative.isEmpty && kept.contains(entry) && type != S_IFDIR
                if carried || type == S_IFREG && (ours.contains(entry) || ours.contains(where: { OutputDirectory.isLeftover(entry, of: $0).matches })) {
                    if entry != OutputDirectory.markerName || !relative.isEmpty { onWritten(path, false) }
                } else if type == S_IFDIR, relative.isEmpty, here.contains(where: { $0.hasPrefix(entry + "/") }) {
                    visit(path + "/")
                    onWritten(path, true)
                } else {
                    // A listed name that is no longer the regular file a sweep wrote is said with what it is now.
                    onStranger(here.contains(entry) && type != S_IFDIR ? "\(path) (\(OutputFile.kind(type)))" : path)
                }
            }
        }
        visit("")
    }

    /// Deletes what a sweep wrote in `directory` (see the type), then the marker and the directory when nothing
    /// else is left; returns the entries left (relative paths), empty when the directory is gone. A directory
    /// without a marker is removed only when it is empty.
    static func removeWritten(_ directory: String, kept: [String]) -> [String] {
        guard var manifest = read(directory) else {
            if rmdir(directory) == 0 || errno == ENOENT { return [] }
            return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? ["."]).sorted()
        }
        manifest.kept = Set(kept)
        var left: [String] = []
        manifest.walk(
            directory,
            onWritten: { path, isDirectory in
                let full = directory + "/" + path
                if (isDirectory ? rmdir(full) : unlink(full)) != 0 && errno != ENOENT { left.append(path) }
            },
            onStranger: { left.append($0) })
        guard left.isEmpty else { return left }
        _ = unlink(directory + "/" + OutputDirectory.markerName)
        guard rmdir(directory) == 0 || errno == ENOENT else {
            return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? ["."]).sorted()
        }
        return []
    }

    /// The first directory at or beneath one of `paths` that holds a marker and whose lock another process holds (a
    /// running sweep's output directory, or the copy it is writing), looking at no more than `limit` directories.
    static func heldLock(beneath paths: [String], limit: Int = 4096) -> String? {
        var queue = paths[...]
        var seen = 0
        while !queue.isEmpty, seen < limit {
            let directory = queue.removeFirst()
            var info = stat()
            guard lstat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            seen += 1
            if lstat(directory + "/" + OutputDirectory.markerName, &info) == 0, isLockHeld(directory) { return directory }
            for entry in ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() {
                queue.append(directory + "/" + entry)
            }
        }
        return nil
    }

    /// Whether another open description holds `directory`'s `flock` (tried shared, so that two lookers never
    /// stop each other).
    static func isLockHeld(_ directory: String) -> Bool {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        while flock(fd, LOCK_SH | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            return errno == EWOULDBLOCK || errno == EAGAIN
        }
        return false
    }

    /// The nearest directory above `path` that holds a marker and that a running sweep holds locked, if any.
    static func heldAncestor(of path: String) -> String? {
        var ancestor = URL(fileURLWithPath: path).deletingLastPathComponent()
        while ancestor.path != "/" {
            var info = stat()
            if lstat(ancestor.path + "/" + OutputDirectory.markerName, &info) == 0, isLockHeld(ancestor.path) { return ancestor.path }
            ancestor = ancestor.deletingLastPathComponent()
        }
        return nil
    }
}
