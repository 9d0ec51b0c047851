import TouchEngine

/// A sign-up / edit-profile form (seed 000): a vertical scroll view of labelled rows holding text fields,
/// sliders, switches and steppers, a submit button, sometimes a multi-line notes text view, and the
/// "tap anywhere to dismiss the keyboard" tap recognizer on the root view with UIKit's default flags
/// (`cancelsTouchesInView` true: the B4 bug the sweep should find). The content is sometimes taller than
/// the screen, sometimes not (and then the scroll view bounces only when `alwaysBounceVertical` is set).
enum FormTemplate {
    enum Field: CaseIterable { case textField, slider, `switch`, stepper }

    static func build(_ b: inout TreeBuilder) {
        var rng = b.stream()
        let r = b.root()
        let frame = Rect(0, Metrics.top, Metrics.width, Metrics.height - Metrics.top)

        // The four promised kinds first (in a seeded order), then more of any kind.
        let count = rng.count(b.options.controls, atLeast: Field.allCases.count, atMost: 30)
        var fields = rng.permutation(Field.allCases.count).map { Field.allCases[$0] }
        let weights: [Double] = [4, 1, 2, 1]
        while fields.count < count { fields.append(Field.allCases[rng.weighted(weights)]) }

        func rowHeight(_ f: Field) -> Double {
            switch f {
            case .textField: return 72
            case .slider: return 68
            case .switch, .stepper: return 52
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
        let form = b.view("Form", .scrollView, frame, in: r) {
            $0.scroll?.contentSize = Size(Metrics.width, contentHeight)
            $0.scroll?.alwaysBounceVertical = tall || rng.chance(0.5)
            $0.boundsOrigin = Point(0, offset)
        }
        if introHeight > 0 {
            let intro = b.view("Intro", .view, Rect(0, 16, Metrics.width, introHeight), in: form)
            b.view("Intro.Image", .imageView, Rect(Metrics.margin, 0, 64, min(64, introHeight)), in: intro)
            b.view("Intro.Text", .label, Rect(Metrics.margin, min(72, introHeight - 20), 358, 20), in: intro)
            b.markEmpty(intro)
        }
        var counters = [0, 0, 0, 0]
        let width = Metrics.width - 2 * Metrics.margin
        for (f, rowY) in rows {
            let k = Field.allCases.firstIndex(of: f)!
            counters[k] += 1
            let n = counters[k]
            let h = rowHeight(f)
            let name: String
            switch f {
            case .textField: name = "Field\(n)"
            case .slider: name = "Slider\(n)"
            case .switch: name = "Toggle\(n)"
            case .stepper: name = "Quantity\(n)"
            }
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
            }
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
}
