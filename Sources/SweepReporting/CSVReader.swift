/// Reads back what ``CSVTable/render()`` writes (RFC 4180: quoted fields with doubled quotes, CRLF or LF
/// record ends), for the HTML report, which is drawn from the report files.
public enum CSVReader {
    /// A table: the header and the records, each record as many fields as the header.
    public struct Table: Sendable, Equatable {
        public var columns: [String]
        public var rows: [[String]]

        /// The index of the column `name`.
        public func column(_ name: String) -> Int? { columns.firstIndex(of: name) }

        /// The records, each read by column name (``Record``): one name → index table shared by every record.
        public var records: [Record] {
            let index = Dictionary(columns.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
            return rows.map { Record(fields: $0, index: index) }
        }
    }

    /// One record of a ``Table``: its fields, read by column name.
    public struct Record: Sendable {
        public let fields: [String]
        let index: [String: Int]
        /// The field of column `name`, or nil when the table has no such column.
        public subscript(name: String) -> String? { index[name].map { fields[$0] } }
        /// The record as a dictionary, column name → field.
        public var dictionary: [String: String] { index.mapValues { fields[$0] } }
    }

    /// One sentence naming the file.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// Parses `text`; `name` (the file's name) is used in the one-sentence error. Reads the UTF-8 bytes: the
    /// characters that separate and quote fields are ASCII, and an ASCII byte is never part of another character.
    public static func parse(_ text: String, name: String) throws(Failure) -> Table {
        var records: [[String]] = []
        var field: [UInt8] = [], record: [String] = []
        var quoted = false, afterQuote = false, fieldStarted = false
        let bytes = Array(text.utf8)
        var i = 0
        // A UTF-8 byte order mark (`--excel`, or a file saved by Excel) is not part of the first column's name.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        func endField() {
            record.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRecord() {
            endField()
            records.append(record)
            record = []; fieldStarted = false; afterQuote = false
        }
        let quote: UInt8 = 0x22, comma: UInt8 = 0x2C, cr: UInt8 = 0x0D, lf: UInt8 = 0x0A
        while i < bytes.count {
            let c = bytes[i]
            i += 1
            if quoted {
                if c == quote {
                    if i < bytes.count && bytes[i] == quote { i += 1; field.append(c) } else { quoted = false; afterQuote = true }
                } else {
                    field.append(c)
                }
                continue
            }
            switch c {
            case quote where !fieldStarted:
                quoted = true; fieldStarted = true
            case comma:
                endField(); fieldStarted = false; afterQuote = false
            case cr where i < bytes.count && bytes[i] == lf:
                i += 1; endRecord()
            case lf:
                endRecord()
            default:
                if afterQuote { throw Failure(description: "\(name) is not valid CSV: text after a closing quote in record \(records.count + 1).") }
                field.append(c); fieldStarted = true
            }
        }
        if quoted { throw Failure(description: "\(name) is not valid CSV: a quoted field is not closed.") }
        if fieldStarted || !record.isEmpty { endRecord() }
        guard let header = records.first else { throw Failure(description: "\(name) is empty; it should start with a header row.") }
        let rows = records.dropFirst().map { $0 == [""] && header.count > 1 ? [] : $0 }.filter { !$0.isEmpty }
        for (i, row) in rows.enumerated() where row.count != header.count {
            throw Failure(description: "\(name) has \(row.count) fields in record \(i + 2) but \(header.count) columns.")
        }
        return Table(columns: header, rows: rows)
    }
}
