import Foundation

/// Reads a journal without changing it.
public enum JournalReader {
    /// The header and intact records of the journal at `path`. A damaged tail (a torn last record, or damage
    /// further up; see the policy in `Journal.swift`) is not an error: it is reported in
    /// ``JournalContents/tail`` and ``JournalContents/truncatedBytes``, and the file is left as it is.
    /// - Throws: ``JournalError``: `.io` when the file cannot be opened or read, `.notARegularFile`, `.notAJournal`,
    ///   `.unsupportedVersion` or `.corruptHeader` when its header is not a readable header of this version.
    public static func read(path: String) throws -> JournalContents {
        let file = JournalFile(path: path)
        let fd = try file.openRegular(flags: O_RDONLY)
        defer { JournalFile.closeFile(fd) }
        let bytes = try file.readAll(fd)
        return try bytes.withUnsafeBytes { try JournalCodec.decode($0, path: path) }
    }

    /// The config hash and header text of the journal at `path`, reading only its header (at most 64 MiB).
    /// - Throws: what ``read(path:)`` throws for the header.
    public static func header(path: String) throws -> (configHash: String, headerText: String) {
        let file = JournalFile(path: path)
        let fd = try file.openRegular(flags: O_RDONLY)
        defer { JournalFile.closeFile(fd) }
        var prefix = [UInt8](repeating: 0, count: Journal.headerPrefixSize)
        let got = prefix.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, 0) }
        guard got >= 0 else { throw file.failure("read") }
        var length = Journal.headerPrefixSize
        if got == Journal.headerPrefixSize {
            length += min(Int(prefix.withUnsafeBytes { JournalCodec.loadU32($0, 8) }), 64 << 20)
        }
        var bytes = [UInt8](repeating: 0, count: length)
        var filled = 0
        while filled < length {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, $0.count - filled, off_t(filled)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw file.failure("read")
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        let (hash, text, _) = try bytes.withUnsafeBytes { try JournalCodec.decodeHeader($0, path: path) }
        return (hash, text)
    }

    /// Decodes a journal held in memory (`path` only names it in errors).
    public static func decode(_ bytes: [UInt8], path: String) throws -> JournalContents {
        try bytes.withUnsafeBytes { try JournalCodec.decode($0, path: path) }
    }
}
