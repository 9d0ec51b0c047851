import Foundation

/// Reads a journal without changing it.
public enum JournalReader {
    /// The header and intact records of the journal at `path`. A damaged tail (a torn last record, or damage
    /// further up; see the policy in `Journal.swift`) is not an error: it is reported in
    /// ``JournalContents/tail`` and ``JournalContents/truncatedBytes``, and the file is left as it is.
    /// - Throws: ``JournalError``: `.io` when the file cannot be opened or read, `.notAJournal`,
    ///   `.unsupportedVersion` or `.corruptHeader` when its header is not a readable version-1 header.
    public static func read(path: String) throws -> JournalContents {
        let file = JournalFile(path: path)
        let fd = JournalFile.openFile(path, flags: O_RDONLY)
        guard fd >= 0 else { throw file.failure("open") }
        defer { JournalFile.closeFile(fd) }
        let bytes = try file.readAll(fd)
        return try bytes.withUnsafeBytes { try JournalCodec.decode($0, path: path) }
    }

    /// Decodes a journal held in memory (`path` only names it in errors).
    public static func decode(_ bytes: [UInt8], path: String) throws -> JournalContents {
        try bytes.withUnsafeBytes { try JournalCodec.decode($0, path: path) }
    }
}
