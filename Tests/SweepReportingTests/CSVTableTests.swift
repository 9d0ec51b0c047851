import SweepReporting
import TestSupport
import Testing

@Suite struct CSVTableTests {
    @Test func headerThenRowsEachEndingInCRLF() {
        var table = CSVTable(columns: ["config", "rate"])
        table.append(["c0001", "0.5000"])
        table.append(["c0002", "1.0000"])
        #expect(table.render() == "config,rate\r\nc0001,0.5000\r\nc0002,1.0000\r\n")
    }

    @Test func quotingAndEscaping() {
        var table = CSVTable(columns: ["a", "b", "c"])
        table.append(["say \"hi\"", "x,y", ""])
        table.append(["line1\nline2", "cr\rhere", "crlf\r\nhere"])
        table.append([" lead", "trail\t", "in side"])
        table.append(["\"", "", ","])
        let expected =
            "a,b,c\r\n"
            + "\"say \"\"hi\"\"\",\"x,y\",\r\n"
            + "\"line1\nline2\",\"cr\rhere\",\"crlf\r\nhere\"\r\n"
            + "\" lead\",\"trail\t\",in side\r\n"
            + "\"\"\"\",,\",\"\r\n"
        #expect(Array(table.render().utf8) == Array(expected.utf8))
    }

    @Test func aByteOrderMarkBeforeTheHeaderIsNotPartOfTheFirstColumn() throws {
        // `--excel` writes one, and Excel keeps one when it saves a CSV file.
        let table = try CSVReader.parse("\u{FEFF}config_id,screen\r\nc001,Überblick\r\n", name: "summary.csv")
        #expect(table.columns == ["config_id", "screen"])
        #expect(table.column("config_id") == 0 && table.rows == [["c001", "Überblick"]])
        #expect(try CSVReader.parse("config_id\r\n\u{FEFF}c001\r\n", name: "x.csv").rows == [["\u{FEFF}c001"]], "only a leading mark is dropped")
    }

    @Test func unicodeIsCopiedUnchanged() {
        var table = CSVTable(columns: ["label", "emoji"])
        table.append(["Überblick – 設定", "👍🏽"])
        table.append(["e\u{301}", "é"]) // decomposed vs precomposed stay distinct
        let bytes: [UInt8] =
            Array("label,emoji\r\n".utf8)
            + [0xC3, 0x9C] + Array("berblick ".utf8) + [0xE2, 0x80, 0x93, 0x20, 0xE8, 0xA8, 0xAD, 0xE5, 0xAE, 0x9A]
            + [0x2C, 0xF0, 0x9F, 0x91, 0x8D, 0xF0, 0x9F, 0x8F, 0xBD, 0x0D, 0x0A]
            + [0x65, 0xCC, 0x81, 0x2C, 0xC3, 0xA9, 0x0D, 0x0A]
        #expect(Array(table.render().utf8) == bytes)
    }

    @Test func aLoneEmptyFieldIsQuotedSoTheRecordIsNotABlankLine() {
        var table = CSVTable(columns: ["only"])
        table.append([""])
        table.append(["x"])
        #expect(table.render() == "only\r\n\"\"\r\nx\r\n")
    }

    @Test func headerNamesAreQuotedToo() {
        #expect(CSVTable(columns: ["p50, ms", "n"]).render() == "\"p50, ms\",n\r\n")
        #expect(CSVTable.record(["a", "b\"c"]) == "a,\"b\"\"c\"\r\n")
    }

    @Test func aRowOfTheWrongWidthIsAProgrammingError() async {
        await #expect(processExitsWith: .failure) {
            var table = CSVTable(columns: ["a", "b"])
            table.append(["only one"])
        }
    }

    /// The reader reads back whatever the table writes: fields of quotes, commas, CR, LF, CRLF, blanks, empty fields
    /// and characters outside ASCII, for 500 seeded tables; a record reads by column name.
    @Test func whatTheTableWritesReadsBackFieldForField() throws {
        var rng = SplitMix64(seed: 37)
        let pieces = ["a", "\"", ",", "\r", "\n", "\r\n", " ", "\t", "Ü", "設定", "👍🏽", "e\u{301}", "0.25", ""]
        for round in 0 ..< 500 {
            let width = rng.int(1 ... 5)
            var table = CSVTable(columns: (0 ..< width).map { "c\($0)" })
            for _ in 0 ..< rng.int(0 ... 6) {
                table.append((0 ..< width).map { _ in (0 ..< rng.int(0 ... 4)).map { _ in rng.pick(pieces) }.joined() })
            }
            let read = try CSVReader.parse(table.render(), name: "t.csv")
            #expect(read.columns == table.columns && read.rows == table.rows, "round \(round)")
            for (record, row) in zip(read.records, table.rows) { #expect(record["c0"] == row[0] && record["none"] == nil) }
        }
    }
}
