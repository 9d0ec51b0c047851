/// A CSV table rendered per RFC 4180, byte for byte the same on every platform.
///
/// Contract of ``render()``:
/// - The header row (``columns``) comes first, then ``rows`` in the order they were appended.
/// - Fields are separated by a comma (`,`); every record, the last one included, ends with CRLF (`"\r\n"`),
///   as RFC 4180 §2.1 specifies. Spreadsheets, pandas and R all read CRLF; nothing else is ever emitted
///   between records.
/// - A field is written inside double quotes if and only if ``CSVTable/needsQuotes(_:)`` says so: it contains
///   a comma, a double quote, a CR or an LF, or it starts or ends with a space or a tab (quoted so that
///   tools which trim unquoted fields keep the blanks), or it is the only field of its record and is empty
///   (so the record is `""` rather than an empty line, which readers skip). Every other field, empty fields
///   included, is written bare.
/// - Inside a quoted field each double quote is doubled (`"` → `""`).
/// - Text is otherwise copied unchanged, scalar for scalar (no normalisation); ``render()`` returns a Swift
///   `String`, which the writer stores as UTF-8 without a byte-order mark.
public struct CSVTable: Sendable, Equatable {
    /// The header names, in order. Never empty; no two are equal.
    public let columns: [String]
    /// The data records, each with exactly `columns.count` fields.
    public private(set) var rows: [[String]] = []

    /// - Precondition: `columns` is not empty and holds no duplicate names.
    public init(columns: [String]) {
        precondition(!columns.isEmpty, "a CSV table needs at least one column")
        precondition(Set(columns).count == columns.count, "CSV column names must be unique: \(columns)")
        self.columns = columns
    }

    /// Appends one record.
    /// - Precondition: `row.count == columns.count`.
    public mutating func append(_ row: [String]) {
        precondition(
            row.count == columns.count,
            "CSV row has \(row.count) fields but the table declares \(columns.count) columns")
        rows.append(row)
    }

    /// The whole table: header, then rows, each record terminated by CRLF, written by ``CSVWriter`` (the one place
    /// the quoting rules are applied).
    public func render() -> String {
        var writer = CSVWriter(
            columns: columns, reservingBytes: (rows.first.map { $0.reduce(0) { $0 + $1.utf8.count + 1 } } ?? 0) * (rows.count + 1) + 64)
        for row in rows {
            writer.fields(row)
            writer.endRecord()
        }
        return writer.render()
    }

    /// One record with its CRLF terminator, quoted per the rules above.
    public static func record(_ fields: [String]) -> String {
        var writer = CSVWriter.withoutHeader(columnCount: fields.count)
        writer.fields(fields)
        writer.endRecord()
        return writer.render()
    }

    /// Whether `field` must be quoted when it is one of several fields of a record (see the type's contract).
    /// Looks at Unicode scalars, so a CR inside the single character "\r\n" is seen.
    /// The scalars it looks for are ASCII, and an ASCII byte never occurs inside another scalar's UTF-8 bytes, so it
    /// reads the UTF-8 bytes.
    public static func needsQuotes(_ field: String) -> Bool {
        var field = field
        return field.withUTF8 { CSVWriter.needsQuotes($0) }
    }

    /// `field` as it appears in a record: bare, or quoted with inner quotes doubled (as ``CSVWriter`` writes it).
    public static func escape(_ field: String) -> String {
        String(decoding: CSVWriter.encoded([field]), as: UTF8.self)
    }
}
