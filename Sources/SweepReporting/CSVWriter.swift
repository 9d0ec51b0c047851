/// CSV records written field by field straight into UTF-8 bytes, by ``CSVTable``'s contract: for the same fields it
/// gives the bytes ``CSVTable/render()`` gives. For reports of many rows of numbers (by_gesture.csv has tens of
/// thousands of rows of sixty fields), where an array of strings per record costs more than the record's bytes:
/// numbers are laid out by ``ReportNumber`` into the output itself.
///
/// A record is the fields appended since the last ``endRecord()``; it must have exactly as many as the header.
public struct CSVWriter: Sendable {
    /// The number of fields every record has.
    public let columnCount: Int
    /// The header and the records ended so far.
    public private(set) var bytes: [UInt8] = []
    /// Data records ended so far (the header not counted).
    public private(set) var records = 0
    private var fieldsInRecord = 0

    /// Starts with the header record. `reservingBytes` sizes the buffer for the whole file when the caller can tell.
    /// - Precondition: `columns` is not empty and holds no duplicate names.
    public init(columns: [String], reservingBytes: Int = 0) {
        precondition(!columns.isEmpty, "a CSV table needs at least one column")
        precondition(Set(columns).count == columns.count, "CSV column names must be unique: \(columns)")
        columnCount = columns.count
        bytes.reserveCapacity(max(reservingBytes, 256))
        for name in columns { field(name) }
        endRecord()
        records = 0
    }

    /// One text field, quoted when ``CSVTable/needsQuotes(_:)`` says so.
    public mutating func field(_ text: String) {
        var text = text
        text.withUTF8 { appendField($0) }
    }

    /// Text fields, in order.
    public mutating func fields(_ texts: [String]) {
        for text in texts { field(text) }
    }

    /// An integer field (``ReportNumber/integer(_:)``).
    public mutating func integer(_ value: Int) {
        separate()
        ReportNumber.appendInteger(value, to: &bytes)
    }

    /// A fixed-point field (``ReportNumber/fixed(_:digits:)``); `nil` is an empty field.
    public mutating func fixed(_ value: Double?, digits: Int) {
        guard let value else { return field("") }
        if value.isNaN { return field("") }
        separate()
        ReportNumber.appendFixed(value, digits: digits, to: &bytes)
    }

    /// Fields encoded once by ``encoded(_:)`` (the same leading fields on many records), `count` of them.
    public mutating func encodedFields(_ encoded: [UInt8], count: Int) {
        precondition(count > 0, "encoded fields need at least one field")
        separate()
        bytes.append(contentsOf: encoded)
        fieldsInRecord += count - 1
    }

    /// `fields` as they appear inside a record (quoted where needed, separated by commas), for ``encodedFields(_:count:)``.
    public static func encoded(_ fields: [String]) -> [UInt8] {
        var writer = withoutHeader(columnCount: Int.max)
        writer.fields(fields)
        return writer.bytes
    }

    /// Ends the record with its CRLF.
    /// - Precondition: the record has `columnCount` fields.
    public mutating func endRecord() {
        precondition(
            fieldsInRecord == columnCount,
            "CSV row has \(fieldsInRecord) fields but the table declares \(columnCount) columns")
        bytes.append(0x0D)
        bytes.append(0x0A)
        fieldsInRecord = 0
        records += 1
    }

    /// The whole file as a string.
    /// - Precondition: no record is half written.
    public func render() -> String {
        precondition(fieldsInRecord == 0, "a CSV record was left unfinished")
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A writer without a header, of records of `columnCount` fields (``encoded(_:)``, ``CSVTable/record(_:)``).
    public static func withoutHeader(columnCount: Int) -> CSVWriter { CSVWriter(columnCount: columnCount) }

    private init(columnCount: Int) { self.columnCount = columnCount }

    private mutating func separate() {
        if fieldsInRecord > 0 { bytes.append(0x2C) }
        fieldsInRecord += 1
    }

    /// The field's UTF-8 bytes, bare or quoted. The lone empty field of a one-column record is `""` (a blank line would
    /// be skipped by readers).
    private mutating func appendField(_ utf8: UnsafeBufferPointer<UInt8>) {
        separate()
        if utf8.isEmpty {
            if columnCount == 1 { bytes.append(contentsOf: [0x22, 0x22]) }
            return
        }
        guard Self.needsQuotes(utf8) else { return bytes.append(contentsOf: utf8) }
        bytes.append(0x22)
        for byte in utf8 {
            if byte == 0x22 { bytes.append(0x22) }
            bytes.append(byte)
        }
        bytes.append(0x22)
    }

    /// ``CSVTable/needsQuotes(_:)`` on the field's bytes.
    static func needsQuotes(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = utf8.first, let last = utf8.last else { return false }
        if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 { return true }
        for byte in utf8 where byte == 0x2C || byte == 0x22 || byte == 0x0D || byte == 0x0A { return true }
        return false
    }
}
