import SweepReporting
import TestSupport
import Testing

@Suite struct CSVWriterTests {
    @Test func numbersAreWrittenAsReportNumberSpellsThem() {
        var writer = CSVWriter(columns: ["runs", "rate", "p50", "missing"])
        writer.integer(1234)
        writer.fixed(0.5, digits: 4)
        writer.fixed(2.5, digits: 0)
        writer.fixed(nil, digits: 4)
        writer.endRecord()
        writer.integer(-7)
        writer.fixed(-0.00001, digits: 4)
        writer.fixed(.infinity, digits: 4)
        writer.fixed(.nan, digits: 4)
        writer.endRecord()
        #expect(writer.render() == "runs,rate,p50,missing\r\n1234,0.5000,3,\r\n-7,0.0000,inf,\r\n")
        #expect(writer.records == 2)
    }

    @Test func seededNumbersMatchTheStringSpellingsByteForByte() {
        var rng = SplitMix64(seed: 37)
        var writer = CSVWriter.withoutHeader(columnCount: 2)
        var expected = ""
        for _ in 0 ..< 20_000 {
            let integer = Int(bitPattern: UInt(rng.next())) >> rng.int(0 ... 63)
            let digits = rng.int(0 ... 8)
            let magnitude = [1.0, 1e3, 1e9, 1e16, 1e300].randomElement(using: &rng)!
            let value = (Double(rng.next() >> 11) * 0x1p-53 - 0.4) * magnitude
            writer.integer(integer)
            writer.fixed(value, digits: digits)
            writer.endRecord()
            expected += ReportNumber.integer(integer) + "," + ReportNumber.fixed(value, digits: digits) + "\r\n"
        }
        writer.integer(.min)
        writer.integer(.max)
        writer.endRecord()
        expected += "\(Int.min),\(Int.max)\r\n"
        #expect(writer.render() == expected)
    }

    @Test func textFieldsAreQuotedAsTheTableQuotesThem() {
        let rows = [
            ["say \"hi\"", "x,y", ""], ["line1\nline2", "cr\rhere", "crlf\r\nhere"], [" lead", "trail\t", "in side"],
            ["\"", "", ","], ["é, ü", "日本", "🙂"]
        ]
        var table = CSVTable(columns: ["a", "b", "c"])
        var writer = CSVWriter(columns: ["a", "b", "c"])
        for row in rows {
            table.append(row)
            writer.fields(row)
            writer.endRecord()
        }
        #expect(writer.render() == table.render())
        #expect(writer.render().hasPrefix("a,b,c\r\n\"say \"\"hi\"\"\",\"x,y\",\r\n"))
    }

    @Test func encodedLeadingFieldsAreTheFieldsWrittenOneByOne() {
        let leading = ["c0001", "a, b", " 0"]
        var once = CSVWriter(columns: ["id", "axis", "value", "runs"])
        var each = CSVWriter(columns: ["id", "axis", "value", "runs"])
        let encoded = CSVWriter.encoded(leading)
        for runs in [3, 4] {
            once.encodedFields(encoded, count: leading.count)
            once.integer(runs)
            once.endRecord()
            each.fields(leading)
            each.integer(runs)
            each.endRecord()
        }
        #expect(once.render() == each.render())
        #expect(once.render() == "id,axis,value,runs\r\nc0001,\"a, b\",\" 0\",3\r\nc0001,\"a, b\",\" 0\",4\r\n")
    }

    @Test func aLoneEmptyFieldIsQuotedSoTheRecordIsNotABlankLine() {
        var writer = CSVWriter(columns: ["only"])
        writer.field("")
        writer.endRecord()
        writer.fixed(nil, digits: 2)
        writer.endRecord()
        #expect(writer.render() == "only\r\n\"\"\r\n\"\"\r\n")
    }

    @Test func aRecordOfTheWrongWidthIsAProgrammingError() async {
        await #expect(processExitsWith: .failure) {
            var writer = CSVWriter(columns: ["a", "b"])
            writer.field("x")
            writer.endRecord()
        }
    }
}
