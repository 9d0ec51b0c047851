import Foundation

/// A command's hold on its output directory, from its start to its end (``OutputDirectory/claim(_:keeping:create:)``).
///
/// While it holds the directory (an exclusive `flock` on the directory itself, released when the process ends,
/// however it ends) no other sweep can claim it: `sweep run` cannot replace the directory of a running
/// `sweep submit`, nor two coordinators share one journal. The lock passes to the new copy of the directory when
/// ``OutputDirectory/write(files:to:keeping:claim:options:)`` puts it in place.
public final class OutputClaim {
    /// The directory as the command was given it.
    public let requested: String
    /// Where the reports go: `requested` made absolute, with a symbolic link at its end followed.
    public let path: String
    /// One line saying what was done with the copies a killed sweep left beside the directory, or nil when there
    /// were none.
    public internal(set) var recovered: String?
    /// The descriptor holding the directory's lock, or -1 while there is no directory.
    var lockFD: Int32 = -1
    /// What this claim created: the directory, then the parents it created, deepest first.
    var created: [String] = []
    /// Whether this claim wrote the marker into an empty directory that was there before it.
    var markedEmpty = false

    init(requested: String, path: String) {
        self.requested = requested
        self.path = path
    }

    deinit { if lockFD >= 0 { close(lockFD) } }

    /// Gives the directory up (before the process ends, which gives it up too).
    public func release() {
        if lockFD >= 0 { close(lockFD) }
        lockFD = -1
    }

    /// After a failure: removes the directory and the parents this claim created (or, from an empty directory that
    /// was there before, the marker it wrote), if the directory holds nothing but the marker and files named in
    /// `removable`, and `unused` (asked only then) says those hold nothing worth keeping. A directory that holds
    /// anything else (reports, a journal with records) is left as it is.
    public func abandon(removing removable: Set<String> = [], when unused: () -> Bool = { true }) {
        guard let directory = created.first ?? (markedEmpty ? path : nil),
            let contents = try? FileManager.default.contentsOfDirectory(atPath: directory),
            contents.allSatisfy({ $0 == OutputDirectory.markerName || removable.contains($0) }),
            contents.allSatisfy({ $0 == OutputDirectory.markerName }) || unused()
        else { return }
        for name in contents { _ = unlink(directory + "/" + name) }
        for dir in created where rmdir(dir) != 0 { break }
        created = []
        markedEmpty = false
        release()
    }

    /// Takes the directory's lock if the directory exists now and this claim does not hold it yet.
    func lockIfPresent(io: POSIXSteps) throws {
        guard lockFD < 0 else { return }
        for _ in 0 ..< 8 {
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return }
            let fd = try io.lockDirectory(path)
            // The lock is on what was opened: make sure it is still what is at the path (a sweep that held it may
            // have swapped a new copy in between the open and the lock).
            var held = stat(), now = stat()
            if fstat(fd, &held) == 0, stat(path, &now) == 0, held.st_ino == now.st_ino, held.st_dev == now.st_dev {
                lockFD = fd
                return
            }
            close(fd)
        }
        throw OutputDirectory.inUse(io.target)
    }

    /// Makes `fd` (the lock of the new copy, now in place) the directory's lock.
    func adopt(_ fd: Int32) {
        if lockFD >= 0 && lockFD != fd { close(lockFD) }
        lockFD = fd
    }
}

extension OutputDirectory {
    /// The error for a directory another running sweep holds.
    static func inUse(_ target: String) -> OutputDirectoryError {
        OutputDirectoryError(
            "Cannot write the report directory \(target): another sweep that is still running (sweep submit or sweep run) "
                + "is using it; wait for it to finish, or write somewhere else.")
    }

    /// Claims `directory` for a command that will write its reports there, before any work is done, so that
    /// everything that would make the write fail at the end fails now, in one sentence:
    /// - a symbolic link at `directory` is followed (it must lead to a directory); the claim's ``OutputClaim/path``
    ///   is where it leads, so the link keeps pointing there;
    /// - the name must leave room for the temporary siblings (``maximumNameBytes``);
    /// - it may not be inside the directory of a sweep that is still running (whose swap would delete it);
    /// - an existing `directory` must be empty or hold nothing but what a sweep wrote there (the files its marker
    ///   lists, and `kept`), and no other running sweep may hold it or a directory beneath it (it is locked from
    ///   here on): ``refuseUnlessReplaceable(_:kept:io:)``;
    /// - copies a killed sweep left beside it (`.<name>.tmp-*`, `.<name>.old-*`) are put to use and removed: a
    ///   missing directory is put back from its old copy (a kill between the two renames of a swap), and a file
    ///   named in `kept` that the directory lacks (its journal) is taken from them; ``OutputClaim/recovered``
    ///   says what was done, in one line;
    /// - with `create`, a missing directory is created (parents too) with the marker, and the marker of an existing
    ///   one comes to list `kept` (the command writes them there: a journal, a shard file); otherwise its parent
    ///   must be writable (tried with a directory made and removed at once).
    /// - Throws: ``OutputDirectoryError`` naming `directory`; nothing this call created is left behind.
    public static func claim(_ directory: String, keeping kept: [String] = [], create: Bool = false) throws -> OutputClaim {
        let io = POSIXSteps(target: directory)
        var path = URL(fileURLWithPath: directory).standardizedFileURL.path
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            guard let resolved = realpath(path, nil) else {
                throw io.error("it is a symbolic link to \(destination), which does not exist")
            }
            path = String(cString: resolved)
            free(resolved)
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw io.error("it is a symbolic link to \(destination), which is not a directory")
            }
        }
        guard path != "/" else { throw io.error("it is the root directory") }
        if let held = OutputManifest.heldAncestor(of: path) {
            throw io.error("it is inside \(held), the output directory of a sweep that is still running; wait for it to finish, or write somewhere else")
        }
        let target = URL(fileURLWithPath: path)
        let name = target.lastPathComponent
        guard name.utf8.count <= maximumNameBytes else {
            throw io.error(
                "its name is \(name.utf8.count) bytes long, and at most \(maximumNameBytes) fit (it is written under a temporary "
                    + "name \(temporaryNameOverhead) bytes longer, and a file name has at most \(fileNameLimit) bytes)")
        }
        let claim = OutputClaim(requested: directory, path: path)
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw io.error("it exists and is not a directory") }
            guard (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil else {
                throw io.failure("its contents cannot be listed")
            }
            try claim.lockIfPresent(io: io)
            try refuseUnlessReplaceable(path, kept: kept, io: io)
        } else {
            // The nearest existing ancestor must be a directory, or nothing can be created below it.
            var ancestor = target.deletingLastPathComponent()
            while stat(ancestor.path, &info) != 0, ancestor.path != "/" { ancestor = ancestor.deletingLastPathComponent() }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw io.failure("cannot create the directory \(path)", ENOTDIR)
            }
        }
        claim.recovered = try recoverLeftovers(claim, keeping: kept, io: io)
        try claim.lockIfPresent(io: io)
        let parent = target.deletingLastPathComponent()
        guard lstat(path, &info) != 0 else {
            try probe(parent, name: name, io: io)
            if create, claim.lockFD >= 0 { try list(kept, in: claim, io: io) }
            return claim
        }
        let createdParents = try createMissingDirectories(parent, io: io)
        guard create else {
            defer { for dir in createdParents { _ = rmdir(dir.path) } }
            try probe(parent, name: name, io: io)
            return claim
        }
        do {
            try io.makeDirectory(path)
            claim.created = [path] + createdParents.map(\.path)
            try io.writeFile(path + "/" + markerName, Array(markerText(listing: kept).utf8))
            try claim.lockIfPresent(io: io)
        } catch {
            claim.abandon()
            for dir in createdParents { _ = rmdir(dir.path) }
            throw error
        }
        return claim
    }

    /// Makes the marker of the claimed directory list `names` too: written into an empty directory, or replaced (by
    /// a temporary file renamed over it) when it lacks one of them.
    private static func list(_ names: [String], in claim: OutputClaim, io: POSIXSteps) throws {
        let marker = claim.path + "/" + markerName
        guard let manifest = OutputManifest.read(claim.path) else {
            try io.writeFile(marker, Array(markerText(listing: names).utf8))
            claim.markedEmpty = true
            return
        }
        guard !names.allSatisfy(manifest.names.contains) || manifest.legacy else { return }
        let temporary = claim.path + "/.\(markerName).tmp-\(uniqueSuffix())"
        try io.writeFile(temporary, Array(markerText(listing: Array(manifest.names) + names).utf8))
        do { try io.rename(temporary, marker) } catch {
            _ = unlink(temporary)
            throw error
        }
    }

    /// Checks that directories can be made in `parent` (the swap makes its temporary sibling there) by making one
    /// and removing it at once.
    private static func probe(_ parent: URL, name: String, io: POSIXSteps) throws {
        let probe = parent.appendingPathComponent(".\(name).tmp-\(uniqueSuffix())").path
        guard mkdir(probe, 0o755) == 0 else { throw io.failure("cannot create directories in \(parent.path)") }
        _ = rmdir(probe)
    }

    /// Whether `entry` (a name in the parent directory) is a copy of the directory `name` that a swap leaves:
    /// `.<name>.tmp-<pid>-<n>` or `.<name>.old-<pid>-<n>`.
    static func isLeftover(_ entry: String, of name: String) -> (matches: Bool, old: Bool) {
        for (kind, old) in [("tmp", false), ("old", true)] {
            let prefix = ".\(name).\(kind)-"
            guard entry.hasPrefix(prefix) else { continue }
            let parts = entry.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            let digits = parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
            return (digits, old)
        }
        return (false, false)
    }

    /// Puts the copies a killed sweep left beside the claimed directory to use, then removes them (see
    /// ``claim(_:keeping:create:)``), and removes the temporary files of kept files inside it (a journal a killed
    /// sweep was creating). A copy whose lock is held belongs to a sweep that is still running: the directory is in
    /// use then.
    static func recoverLeftovers(_ claim: OutputClaim, keeping kept: [String], io: POSIXSteps) throws -> String? {
        let target = URL(fileURLWithPath: claim.path)
        let parent = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return nil }
        var leftovers: [(name: String, old: Bool)] = []
        for entry in entries.sorted() {
            let kind = isLeftover(entry, of: name)
            var info = stat()
            guard kind.matches, lstat(parent.path + "/" + entry, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            // A running sweep holds the lock of its copies from the moment it makes them.
            let fd = try io.lockDirectory(parent.path + "/" + entry)
            close(fd)
            leftovers.append((entry, kind.old))
        }
        // Temporary files of kept files (a journal being created) inside the directory, which this claim holds.
        var inside: [String] = []
        if claim.lockFD >= 0, let entries = try? FileManager.default.contentsOfDirectory(atPath: claim.path) {
            inside = entries.sorted().filter { entry in kept.contains { isLeftover(entry, of: $0).matches } }
        }
        guard !leftovers.isEmpty || !inside.isEmpty else { return nil }
        let found = leftovers.map(\.name) + inside.map { "\(name)/\($0)" }
        for file in inside { _ = unlink(claim.path + "/" + file) }
        var done: [String] = []
        func exists(_ path: String) -> Bool {
            var info = stat()
            return lstat(path, &info) == 0
        }
        if !exists(claim.path) {
            // The previous complete copy, renamed aside by a sweep killed between the two renames of its swap; or
            // else a new copy that got as far as its kept files (everything is written before them).
            let complete =
                leftovers.first { $0.old }
                ?? leftovers.first { l in exists("\(parent.path)/\(l.name)/\(markerName)") && kept.contains { exists("\(parent.path)/\(l.name)/\($0)") } }
            if let complete, posixRename(parent.path + "/" + complete.name, claim.path) == 0 {
                done.append("put \(complete.name) back in its place")
                leftovers.removeAll { $0.name == complete.name }
            }
        }
        if exists(claim.path) {
            for file in kept where !exists(claim.path + "/" + file) {
                // The largest copy is the one that saw the most appends.
                let copies = leftovers.compactMap { l -> (String, Int)? in
                    guard let attributes = try? FileManager.default.attributesOfItem(atPath: "\(parent.path)/\(l.name)/\(file)") else { return nil }
                    return (l.name, (attributes[.size] as? Int) ?? 0)
                }
                if let best = copies.max(by: { $0.1 < $1.1 }), posixRename("\(parent.path)/\(best.0)/\(file)", claim.path + "/" + file) == 0 {
                    done.append("took its \(file) from \(best.0)")
                }
            }
        }
        // Only what a sweep wrote is removed: a copy that holds anything else stays (and is named).
        let stayed = leftovers.filter { !OutputManifest.removeWritten(parent.path + "/" + $0.name, kept: kept).isEmpty }.map(\.name)
        let removed = leftovers.map(\.name).filter { !stayed.contains($0) } + inside.map { "\(name)/\($0)" }
        if !removed.isEmpty { done.append("removed " + (removed.count == 1 && found.count == 1 ? "it" : removed.joined(separator: ", "))) }
        if !stayed.isEmpty { done.append("left \(stayed.joined(separator: ", ")) in place: it holds files no sweep wrote") }
        try? io.syncDirectory(parent.path)
        return "\(claim.requested): a killed sweep left \(found.joined(separator: ", ")) behind; "
            + done.joined(separator: "; ")
    }
}
