import SweepReporting
import TouchEngine

/// A trace as a small inline SVG: one lane per kind of event (touches, recognizers, deliveries, controls and
/// cells, scrolling), a dot per event at its time; each dot's tooltip is the line `sweep trace` prints for it.
/// Dropped touches, cancelled deliveries and recognizers that fail or are cancelled are drawn in red.
enum TimelineSVG {
    static let lanes = ["touches", "recognizers", "deliveries", "controls & cells", "scrolling"]
    static let plotWidth = 760.0, laneHeight = 22.0, left = 120.0

    static func lane(_ kind: TraceEventKind) -> Int {
        switch kind {
        case .touch, .hitTest, .tapCount, .touchEvent: return 0
        case .transition, .held, .pending, .action, .timer, .asked, .enabledSet, .translationReset, .pop: return 1
        case .withheld, .released, .dropped, .filtered, .callback, .frameSet: return 2
        case .control, .controlAction, .highlight, .selected, .privateRecognizers: return 3
        case .offset, .frame, .zoom, .scroll, .sheet, .panel: return 4
        }
    }

    static func isBad(_ kind: TraceEventKind) -> Bool {
        switch kind {
        case .dropped: return true
        case let .callback(_, phase, _, _, _, _): return phase == .cancelled
        case let .transition(_, _, to, _): return to == .failed || to == .cancelled
        case let .controlAction(_, _, delivery): return !delivery.performed
        default: return false
        }
    }

    static func render(scene: Scene, trace: [TraceEvent]) -> String {
        // Ticks at round steps from 0 past the last event (at least 1 ms), each written distinctly.
        let ticks = Ticks.nice(upTo: max(trace.map { $0.time.milliseconds }.max() ?? 0, 1), count: 5)
        let digits = Ticks.digits(ticks)
        let end = ticks.last ?? 1
        func x(_ ms: Double) -> Double { left + plotWidth * ms / end }
        let height = 20 + Double(lanes.count) * laneHeight + 36
        var svg =
            "<svg class=\"timeline\" width=\"\(HTMLText.coordinate(left + plotWidth + 20))\" height=\"\(HTMLText.coordinate(height))\""
            + " viewBox=\"0 0 \(HTMLText.coordinate(left + plotWidth + 20)) \(HTMLText.coordinate(height))\" role=\"img\" aria-label=\"trace timeline\">\n"
        for (i, name) in lanes.enumerated() {
            let y = 20 + Double(i) * laneHeight + laneHeight / 2
            svg +=
                "<text x=\"4\" y=\"\(HTMLText.coordinate(y + 4))\">\(HTMLText.escape(name))</text>"
                + "<line x1=\"\(HTMLText.coordinate(left))\" y1=\"\(HTMLText.coordinate(y))\" x2=\"\(HTMLText.coordinate(left + plotWidth))\" y2=\"\(HTMLText.coordinate(y))\" stroke=\"#dddddd\"/>\n"
        }
        let axisY = 20 + Double(lanes.count) * laneHeight
        for ms in ticks {
            svg +=
                "<line x1=\"\(HTMLText.coordinate(x(ms)))\" y1=\"\(HTMLText.coordinate(axisY))\" x2=\"\(HTMLText.coordinate(x(ms)))\" y2=\"\(HTMLText.coordinate(axisY + 4))\" stroke=\"#888888\"/>"
                + "<text x=\"\(HTMLText.coordinate(x(ms)))\" y=\"\(HTMLText.coordinate(axisY + 16))\" text-anchor=\"middle\" class=\"small tick\">"
                + "\(ReportNumber.fixed(ms, digits: digits))</text>\n"
        }
        svg +=
            "<text x=\"\(HTMLText.coordinate(left + plotWidth / 2))\" y=\"\(HTMLText.coordinate(height - 4))\" text-anchor=\"middle\" class=\"small x-label\">"
            + "time (ms)</text>\n"
        svg += "<text x=\"4\" y=\"12\" class=\"small y-label\">kind of event</text>\n"
        for event in trace {
            let y = 20 + Double(lane(event.kind)) * laneHeight + laneHeight / 2
            let colour = isBad(event.kind) ? "#c0392b" : "#2c5d8f"
            let line = ReportNumber.fixed(event.time.milliseconds, digits: 3) + " ms  " + TraceText.describe(event.kind, scene: scene)
            svg +=
                "<circle cx=\"\(HTMLText.coordinate(x(event.time.milliseconds)))\" cy=\"\(HTMLText.coordinate(y))\" r=\"4\" fill=\"\(colour)\" fill-opacity=\"0.7\">"
                + "<title>\(HTMLText.escape(line))</title></circle>\n"
        }
        return svg + "</svg>"
    }
}
