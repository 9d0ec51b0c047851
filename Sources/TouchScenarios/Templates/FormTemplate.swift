import SeededRandom
import TouchEngine

/// A sign-up / edit-profile form (seed 000): a vertical scroll view of labelled rows holding text fields,
/// sliders, switches and steppers, a submit button, sometimes a multi-line notes text view, and the
/// "tap anywhere to dismiss the keyboard" tap recognizer on the root view with UIKit's default flags
/// (`cancelsTouchesInView` true: the B4 bug the sweep should find). The content is sometimes taller than
/// the screen, sometimes not (and then the scroll view bounces only when `alwaysBounceVertical` is set).
///
/// About half the forms are built as a grouped table instead (seed 000's own screen: the recipe over a table
/// view whose cells must stay selectable; Calendar's New Event, Contacts' edit card): the same rows, now
/// static rows of the table that neither highlight nor select, plus one or two selectable choice rows
/// ("Country ›") that open a picker. Their randomness comes from a stream of their own, so the scroll-view
/// forms are the trees they were.
enum FormTemplate {
    enum Field: Int, CaseIterable { case textField, slider, `switch`, stepper, choice }
    /// The kinds every form promises, drawn from the template's first stream.
    static let drawn: [Field] = [.textField, .slider, .switch, .stepper]

    static func build(_ b: inout TreeBuilder) {
        var rng = b.stream()
        let r = b.root()
        let frame = Rect(0, Metrics.top, Metrics.width, Metrics.height - Metrics.top)

        // The four promised kinds first (in a seeded order), then more of any kind.
        let count = rng.count(b.options.controls, atLeast: Self.drawn.count, atMost: 30)
        var fields = rng.permutation(Self.drawn.count).map { Self.drawn[$0] }
        let weights: [Double] = [4, 1, 2, 1]
        while fields.count < count { fields.append(Self.drawn[rng.weighted(weights)]) }
        // A grouped-table form: one or two choice rows among the first four, so they are on screen.
        var tableRNG = b.stream()
        let asTable = tableRNG.chance(0.5)
        if asTable {
            for _ in 0 ..< tableRNG.int(1 ... 2) { fields.insert(.choice, at: tableRNG.int(0 ... min(3, fields.count))) }
        }

        func rowHeight(_ f: Field) -> Double {
            switch f {
            case .textField: return 72
            case .slider: return 68
            case .switch, .stepper: return 52
            case .choice: return 48
            }
        }
        let introHeight = rng.chance(0.5) ? rng.pt(60 ... 220) : 0
        let hasNotes = rng.chance(0.3)
        let notesHeight = hasNotes ? rng.pt(100 ... 160) : 0
        let sectionGap = 32.0
        var y = 16 + introHeight
        var rows: [(Field, Double)] = []
        for (i, f) in fields.enumerated() {
            if i > 0 && i % 4 == 0 { y += sectionGap }
            rows.append((f, y))
            y += rowHeight(f)
        }
        let notesY = y + 16
        if hasNotes { y += notesHeight + 32 }
        let submitY = y + 24
        let contentHeight = submitY + 50 + 40

        let tall = contentHeight > frame.size.height
        // The first section (one of each promised kind) stays on screen: scrolled at most past the intro.
        let maxOffset = min(max(0, contentHeight - frame.size.height), 16 + introHeight)
        let offset = maxOffset > 0 && rng.chance(0.3) ? Double(rng.int(0 ... Int(maxOffset))) : 0
        // The draw stays in the first stream whatever the kind: a table bounces vertically anyway (§7).
        let bounces = tall || rng.chance(0.5)
        let form = b.view("Form", asTable ? .tableView : .scrollView, frame, in: r) {
            $0.scroll?.contentSize = Size(Metrics.width, contentHeight)
            $0.scroll?.alwaysBounceVertical = asTable || bounces
            $0.boundsOrigin = Point(0, offset)
        }
        if introHeight > 0 {
            let intro = b.view("Intro", .view, Rect(0, 16, Metrics.width, introHeight), in: form)
            b.view("Intro.Image", .imageView, Rect(Metrics.margin, 0, 64, min(64, introHeight)), in: intro)
            b.view("Intro.Text", .label, Rect(Metrics.margin, min(72, introHeight - 20), 358, 20), in: intro)
            b.markEmpty(intro)
        }
        // Rows of each field so far, by `rawValue` (a dictionary cost more than the rest of the loop).
        var counters = [Int](repeating: 0, count: Field.allCases.count)
        let width = Metrics.width - 2 * Metrics.margin
        for (f, rowY) in rows {
            counters[f.rawValue] += 1
            let n = counters[f.rawValue]
            let h = rowHeight(f)
            fieldRow(f, number: n, top: rowY, height: h, in: form, &b, &rng)
        }
        if hasNotes {
            b.view("Notes", .textView, Rect(Metrics.margin, notesY, width, notesHeight), in: form) {
                let lines = rng.chance(0.5) ? notesHeight : rng.pt(Int(notesHeight) + 40 ... 400)
                $0.scroll?.contentSize = Size(width, lines)
                $0.scroll?.alwaysBounceVertical = true
            }
        }
        b.view("Submit", .button, Rect(Metrics.margin, submitY, width, 50), in: form)
        b.navigationBar(in: r, rng: &rng, back: true, trailing: "Done")
        // Tap anywhere to dismiss the keyboard (seed 000): default flags.
        b.recognizer("R.dismissKeyboard", .tap(taps: 1, touches: 1), on: r, role: .dismissTap)
    }

    /// Field row `n` of kind `f` at `top`: a label over its control (a choice row: a selectable cell with its value).
    static func fieldRow(
        _ f: Field, number n: Int, top rowY: Double, height h: Double, in form: ViewID, _ b: inout TreeBuilder, _ rng: inout SplitMix64
    ) {
        let width = Metrics.width - 2 * Metrics.margin
        let name: String
        switch f {
        case .textField: name = "Field\(n)"
        case .slider: name = "Slider\(n)"
        case .switch: name = "Toggle\(n)"
        case .stepper: name = "Quantity\(n)"
        case .choice: name = "Choice\(n)"
        }
        if f == .choice {
            // A disclosure row the table selects (didSelectRowAt opens the picker).
            let cell = b.view(name, .cell, Rect(0, rowY, Metrics.width, h), in: form) { $0.className = "UITableViewCell" }
            b.view(name + ".Label", .label, Rect(Metrics.margin, 14, 160, 20), in: cell)
            b.view(name + ".Value", .label, Rect(Metrics.width - Metrics.margin - 150, 14, 130, 20), in: cell)
            return
        }
        // In a table, a static row that neither highlights nor selects (shouldHighlightRowAt false): for
        // touches, a plain view.
        let row = b.view(name, .view, Rect(0, rowY, Metrics.width, h), in: form)
        b.markEmpty(row)
        switch f {
        case .textField:
            b.view(name + ".Label", .label, Rect(Metrics.margin, 4, 200, 20), in: row)
            b.view(name + ".Input", .textField, Rect(Metrics.margin, 28, width, rng.pt(34 ... 44)), in: row)
        case .slider:
            b.view(name + ".Label", .label, Rect(Metrics.margin, 4, 200, 20), in: row)
            b.view(name + ".Slider", .slider, Rect(Metrics.margin, 30, width, Metrics.sliderHeight), in: row) {
                $0.value = (rng.double(0 ... 1) * 100).rounded() / 100
            }
        case .switch:
            b.view(name + ".Label", .label, Rect(Metrics.margin, 16, 220, 20), in: row)
            let s = Metrics.switchSize
            b.view(name + ".Switch", .switch, Rect(Metrics.width - Metrics.margin - s.width, (h - s.height) / 2, s.width, s.height), in: row) {
                $0.value = rng.chance(0.5) ? 1 : 0
            }
        case .stepper:
            b.view(name + ".Label", .label, Rect(Metrics.margin, 16, 180, 20), in: row)
            let s = Metrics.stepperSize
            b.view(name + ".Stepper", .stepper, Rect(Metrics.width - Metrics.margin - s.width, (h - s.height) / 2, s.width, s.height), in: row) {
                $0.value = Double(rng.int(0 ... 5))
            }
        case .choice:
            break
        }
    }
}
