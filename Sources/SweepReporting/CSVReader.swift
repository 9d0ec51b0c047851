/// Reads back what ``CSVTable/render()`` writes (RFC 4180: quoted fields with doubled quotes, CRLF or LF
/// record ends), for the HTML report, which is drawn from the report files.
public enum CSVReader {
    /// A table: the header and the records, each record as many fields as the header.
    public struct Table: Sendable, Equatable {
        public var columns: [String]
        public var rows: [[String]]

        /// The index of the column `name`.
        public func column(_ name: String) -> Int? { columns.firstIndex(of: name) }

        /// The records as dictionaries, column name → field.
        public var records: [[String: String]] {
            rows.map { row in Dictionary(uniqueKeysWithValues: zip(columns, row).map { ($0, $1) }) }
        }
    }

    /// One sentence naming the file.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// Parses `text`; `name` (the file's name) is used in the one-sentence error.
    public static func parse(_ text: String, name: String) throws(Failure) -> Table {
        var records: [[String]] = []
        var field = "", record: [String] = []
        var quoted = false, afterQuote = false, fieldStarted = false
        var scalars = Array(text.unicodeScalars)[...]
        // A UTF-8 byte order mark (`--excel`, or a file saved by Excel) is not part of the first column's name.
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        func endRecord() {
            record.append(field)
            records.append(record)
            field = ""; record = []; fieldStarted = false; afterQuote = false
        }
        while let c = scalars.popFirst() {
            if quoted {
                if c == "\"" {
                    if scalars.first == "\"" { scalars.removeFirst(); field.unicodeScalars.append(c) } else { quoted = false; afterQuote = true }
                } else {
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"" where !fieldStarted:
                quoted = true; fieldStarted = true
            case ",":
                record.append(field); field = ""; fieldStarted = false; afterQuote = false
            case "\r" where scalars.first == "\n":
                scalars.removeFirst(); endRecord()
            case "\n":
                endRecord()
            default:
                if afterQuote { throw Failure(description: "\(name) is not valid CSV: text after a closing quote in record \(records.count + 1).") }
                field.unicodeScalars.append(c); fieldStarted = true
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
