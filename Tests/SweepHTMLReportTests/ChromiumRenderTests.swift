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

@Suite struct ChromiumRenderTests {
    /// Skipped, and listed as skipped, where no Chromium is installed (the test never installs one).
    /// Not blank: the screenshot is decoded (`PNGPixels`) and must hold many colours (headings, table rules,
    /// heatmap cells, bars), where the same browser's screenshot of an empty page holds one.
    @Test(.enabled(if: Chromium.path != nil, "no chromium, chromium-browser or google-chrome on PATH (Debian: apt-get install chromium)"))
    func theReportRendersToANonBlankImage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("html-report-chromium-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let report = try PNGPixels(try Chromium.screenshot(try ReportFixture().page(), in: dir, name: "report"))
        let blank = try PNGPixels(try Chromium.screenshot("<!DOCTYPE html><html><body></body></html>", in: dir, name: "blank"))
        #expect(report.width >= 600 && report.height >= 400, "asked for 1200 × 1600, got \(report.width) × \(report.height)")
        #expect(blank.colourCount() == 1, "the empty page is one colour")
        #expect(report.colourCount() >= 20, "the report's screenshot has \(report.colourCount()) colours")
    }
}
