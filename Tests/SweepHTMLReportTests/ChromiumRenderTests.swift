import Foundation
import SweepHTMLReport
import TestSupport
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
        _ = try Program.run(
            URL(fileURLWithPath: path!),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1200,1600",
                "--screenshot=" + png, "file://" + page
            ])
        return Array(try Data(contentsOf: URL(fileURLWithPath: png)))
    }
}

extension Chromium {
    /// `html` with ``layoutProbe`` run in it, at `width` × 900 px, as Chromium leaves the DOM (`--dump-dom`).
    static func dumpDOM(_ html: String, width: Int, in dir: String, name: String) throws -> String {
        let page = dir + "/" + name + ".html"
        try html.replacingOccurrences(of: "</body>", with: "<script>\(layoutProbe)</script>\n</body>")
            .write(toFile: page, atomically: true, encoding: .utf8)
        return try Program.run(
            URL(fileURLWithPath: path!),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=\(width),900",
                "--dump-dom", "file://" + page
            ]
        ).stdout
    }

    /// What a reader would see go wrong, measured in the browser after layout with every heatmap pair and every
    /// timeline shown: the page scrolling sideways, an HTML box whose text is wider than the box (only the trace
    /// text in `<pre>` may scroll), an SVG label outside its chart or a chart wider than its container, and a
    /// chart without a labelled x and y axis. Written into `<div id="layout-check">`, one problem a line.
    static let layoutProbe = """
        for (const d of document.querySelectorAll('details')) d.open = true;
        for (const d of document.querySelectorAll('.pair')) d.hidden = false;
        const problems = [];
        const describe = (el) => el.tagName.toLowerCase() + (el.getAttribute('class') ? '.' + el.getAttribute('class') : '') + ' "' + (el.textContent || '').trim().slice(0, 50) + '"';
        const root = document.documentElement;
        if (root.scrollWidth > root.clientWidth) problems.push('the page is ' + root.scrollWidth + ' px wide in a ' + root.clientWidth + ' px window');
        for (const el of document.body.querySelectorAll('*')) {
          if (el.closest('svg') || el.tagName === 'PRE' || el.closest('pre')) continue;
          const style = getComputedStyle(el);
          if (style.display === 'none' || style.display === 'inline' || el.clientWidth === 0) continue;
          if (el.scrollWidth > el.clientWidth + 1) problems.push(describe(el) + ' needs ' + el.scrollWidth + ' px in a box of ' + el.clientWidth);
        }
        let charts = 0;
        for (const svg of document.querySelectorAll('svg')) {
          const box = svg.getBoundingClientRect();
          if (box.width === 0) continue;
          charts += 1;
          const parent = svg.parentElement.getBoundingClientRect();
          if (box.right > parent.right + 0.5) problems.push('chart ' + svg.getAttribute('aria-label') + ' ends at ' + box.right + ', its container at ' + parent.right);
          for (const t of svg.querySelectorAll('text')) {
            const r = t.getBoundingClientRect();
            if (r.width === 0) continue;
            if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
              problems.push('label ' + describe(t) + ' of chart ' + svg.getAttribute('aria-label') + ' is cut off');
          }
          for (const axis of ['x-label', 'y-label']) {
            const label = svg.querySelector('text.' + axis);
            if (!label || label.textContent.trim() === '' || label.getBoundingClientRect().width === 0)
              problems.push('chart ' + svg.getAttribute('aria-label') + ' has no ' + axis);
          }
        }
        const out = document.createElement('div');
        out.id = 'layout-check';
        out.setAttribute('data-charts', String(charts));
        out.setAttribute('data-width', String(root.clientWidth));
        out.textContent = problems.join('\\n');
        document.body.appendChild(out);
        """

    /// ``layoutCheck(_:)`` of `pages` (name, HTML), each laid out at `width` px in a temporary directory.
    static func layoutChecks(_ pages: [(String, String)], width: Int) throws -> [(width: Int, charts: Int, problems: [String])?] {
        try withTemporaryDirectory("html-layout-\(width)") { dir in
            try pages.map { name, page in layoutCheck(try dumpDOM(page, width: width, in: dir.path, name: name)) }
        }
    }

    /// The probe's findings in a dumped DOM: the window width, the charts measured and the problems.
    static func layoutCheck(_ dom: String) -> (width: Int, charts: Int, problems: [String])? {
        guard let start = dom.range(of: "<div id=\"layout-check\"") else { return nil }
        let tag = Marks.parse(String(dom[start.upperBound...].prefix { $0 != ">" }))
        let body = dom[start.upperBound...].drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }
        let problems = Marks.unescape(String(body)).split(separator: "\n").map(String.init)
        return (Int(tag["data-width"] ?? "") ?? 0, Int(tag["data-charts"] ?? "") ?? 0, problems)
    }
}

@Suite struct ChromiumRenderTests {
    /// Skipped, and listed as skipped, where no Chromium is installed (the test never installs one).
    /// Not blank: the screenshot is decoded (`PNGPixels`) and must hold many colours (headings, table rules,
    /// heatmap cells, bars), where the same browser's screenshot of an empty page holds one.
    @Test(.enabled(if: Chromium.path != nil, "no chromium, chromium-browser or google-chrome on PATH (Debian: apt-get install chromium)"))
    func theReportRendersToANonBlankImage() throws {
        let scratch = try TemporaryDirectory("html-report-chromium")
        let dir = scratch.path
        let report = try PNGPixels(try Chromium.screenshot(try ReportFixture().page(), in: dir, name: "report"))
        let blank = try PNGPixels(try Chromium.screenshot("<!DOCTYPE html><html><body></body></html>", in: dir, name: "blank"))
        #expect(report.width >= 600 && report.height >= 400, "asked for 1200 × 1600, got \(report.width) × \(report.height)")
        #expect(blank.colourCount() == 1, "the empty page is one colour")
        #expect(report.colourCount() >= 20, "the report's screenshot has \(report.colourCount()) colours")
    }

    /// The page of the test fixture and of configs/quickstart.yaml (five axes, two of them zipped, eight
    /// classes), laid out by Chromium at 1024 and 1440 px: nothing runs off the page, no text leaves its box, no
    /// chart label is cut off, and every chart (heatmaps, effect charts, causes, timelines) has its axes labelled.
    @Test(
        .enabled(if: Chromium.path != nil, "no chromium, chromium-browser or google-chrome on PATH (Debian: apt-get install chromium)"),
        arguments: [1024, 1440])
    func atThisWidthNoTextOverflowsAndEveryChartHasLabelledAxes(width: Int) throws {
        let pages = [("fixture", try ReportFixture().page()), ("quickstart", try ReportFixture.quickstartPage())]
        for ((name, page), found) in zip(pages, try Chromium.layoutChecks(pages, width: width)) {
            let check = try #require(found, "the probe ran in \(name)")
            #expect(check.width == width, "\(name)")
            let expected = page.components(separatedBy: "<svg class=").count - 1
            #expect(check.charts == expected, "\(name): every chart measured (\(check.charts) of \(expected))")
            #expect(check.problems == [], "\(name) at \(width) px")
        }
    }
}
