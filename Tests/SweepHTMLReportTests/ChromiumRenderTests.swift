import Foundation
import SweepHTMLReport
import Testing

/// A headless Chromium on PATH (Debian's `chromium` package, or chromium-browser / google-chrome), if any.
enum Chromium {
    static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for dir in directories where FileManager.default.isExecutableFile(atPath: dir + "/" + name) { return dir + "/" + name }
        }
        return nil
    }()

    /// Renders `html` to a PNG of 1200 × 1600 and returns its bytes.
    static func screenshot(_ html: String, in dir: String, name: String) throws -> [UInt8] {
        let page = dir + "/" + name + ".html", png = dir + "/" + name + ".png"
        try html.write(toFile: page, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1200,1600",
                             "--screenshot=" + png, "file://" + page]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Array(try Data(contentsOf: URL(fileURLWithPath: png)))
    }
}

/// The PNG's chunks (type, data length), read from the file's structure.
enum PNGChunks {
    static func read(_ bytes: [UInt8]) -> [(type: String, length: Int, data: ArraySlice<UInt8>)]? {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        var chunks: [(String, Int, ArraySlice<UInt8>)] = []
        var i = 8
        while i + 12 <= bytes.count {
            let length = bytes[i ..< i + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[i + 4 ..< i + 8], as: UTF8.self)
            guard i + 12 + length <= bytes.count else { return nil }
            chunks.append((type, length, bytes[i + 8 ..< i + 8 + length]))
            i += 12 + length
        }
        return chunks
    }

    static func size(_ chunks: [(type: String, length: Int, data: ArraySlice<UInt8>)]) -> (width: Int, height: Int)? {
        guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.length >= 8 else { return nil }
        let d = Array(ihdr.data)
        return (d[0 ..< 4].reduce(0) { $0 << 8 | Int($1) }, d[4 ..< 8].reduce(0) { $0 << 8 | Int($1) })
    }

    static func imageBytes(_ chunks: [(type: String, length: Int, data: ArraySlice<UInt8>)]) -> Int {
        chunks.filter { $0.type == "IDAT" }.reduce(0) { $0 + $1.length }
    }
}

@Suite struct ChromiumRenderTests {
    /// Skipped, and listed as skipped, where no Chromium is installed (the test never installs one).
    /// Not blank is judged against a control: the same browser renders an empty page of the same size, which
    /// compresses to almost nothing; the report's headings, tables and coloured heatmaps must take several times
    /// as many compressed image bytes.
    @Test(.enabled(if: Chromium.path != nil, "no chromium, chromium-browser or google-chrome on PATH (Debian: apt-get install chromium)"))
    func theReportRendersToANonBlankImage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("html-report-chromium-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let report = try #require(PNGChunks.read(try Chromium.screenshot(try ReportFixture().page(), in: dir, name: "report")))
        let blank = try #require(PNGChunks.read(try Chromium.screenshot("<!DOCTYPE html><html><body></body></html>", in: dir, name: "blank")))
        #expect(PNGChunks.size(report).map { [$0.width, $0.height] } == [1200, 1600])
        #expect(PNGChunks.imageBytes(blank) > 0)
        #expect(PNGChunks.imageBytes(report) > 4 * PNGChunks.imageBytes(blank),
                "report \(PNGChunks.imageBytes(report)) compressed image bytes, an empty page \(PNGChunks.imageBytes(blank))")
    }
}
