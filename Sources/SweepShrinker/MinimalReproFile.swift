import ScenarioKit
import SweepCore
import TouchEngine
import TouchScenarios

/// The scenario file of a shrunk example: `ScenarioWriter`'s YAML after a comment header that says what it
/// reproduces and how it was made, e.g.
///
/// ```
/// # Minimal reproduction of c0001-t3-fastSwipe-p0: swallowed_scroll
/// # made by: sweep shrink out c0001-t3-fastSwipe-p0
/// # defect: swallowed_scroll
/// # cause: SV.pan failed: …
/// # gesture: fastSwipe
/// # intent: scroll SV vertical 200
/// # target: Row2.Like
/// # before: 37 views, 4 recognizers, 12 samples, 820 ms
/// # after: 3 views, 1 recognizers, 3 samples, 200 ms (412 engine runs)
/// ```
///
/// The `intent:` line names views, so ``gesture(in:)`` can judge the loaded file again.
public struct MinimalReproFile: Equatable, Sendable {
    public var exampleID: String
    public var defect: DefectClass
    public var cause: String
    public var family: GestureFamily
    /// `activate NAME`, `select NAME`, `trigger NAME RECOGNIZER`, `scroll NAME horizontal|vertical DISTANCE` or
    /// `nothing`.
    public var intent: String
    /// The view the gesture aims at (for a scroll, where the finger goes down).
    public var target: String
    public var command: String

    public init(exampleID: String, defect: DefectClass, cause: String, gesture: Gesture, scene: Scene, command: String) {
        self.exampleID = exampleID
        self.defect = defect
        self.cause = cause
        self.family = gesture.family
        self.command = command
        func name(_ v: ViewID) -> String { scene.views[v].name }
        target = name(gesture.target)
        switch gesture.intent {
        case .activate(let v): intent = "activate \(name(v))"
        case .select(let v): intent = "select \(name(v))"
        case let .trigger(v, handler): intent = "trigger \(name(v)) \(scene.recognizers[handler].name)"
        case let .scroll(v, axis, distance):
            intent = "scroll \(name(v)) \(axis == .horizontal ? "horizontal" : "vertical") \(ReportNumberText.number(distance))"
        case let .zoom(v, factor): intent = "zoom \(name(v)) \(ReportNumberText.number(factor))"
        case .nothing: intent = "nothing"
        case .goBack(let v): intent = "goBack \(name(v))"
        case .dismissSheet(let v): intent = "dismissSheet \(name(v))"
        case let .resizeSheet(v, detent):
            let names = scene.sheets.first { $0.view == v }?.detents.map(\.identifier) ?? []
            intent = "resizeSheet \(name(v)) \(names.indices.contains(detent) ? names[detent] : String(detent))"
        case let .movePanel(v, state):
            let names = scene.panels.first { $0.view == v }?.states.map(\.name) ?? []
            intent = "movePanel \(name(v)) \(names.indices.contains(state) ? names[state] : String(state))"
        case .draw(let v): intent = "draw \(name(v))"
        }
    }

    /// The whole file: the header, then the scene (renamed after the example) as YAML.
    public func text(_ result: Shrinker.Result) -> String {
        var scene = result.subject.scene
        scene.name = "minimal \(exampleID): \(defect.name)"
        func sizes(_ s: ShrinkSizes) -> String {
            "\(s.views) views, \(s.recognizers) recognizers, \(s.samples) samples, \(ReportNumberText.number(s.durationMs)) ms"
        }
        let lines = [
            "Minimal reproduction of \(exampleID): \(defect.name)",
            "made by: \(command)",
            "defect: \(defect.name)",
            "cause: \(cause)",
            "gesture: \(family.rawValue)",
            "intent: \(intent)",
            "target: \(target)",
            "before: \(sizes(result.before))",
            "after: \(sizes(result.after)) (\(result.engineRuns) engine runs"
                + (result.budgetExhausted ? ", budget spent: maybe not minimal)" : ")")
        ]
        let header = lines.map { "# " + $0.map { $0.isNewline ? " " : $0 }.map(String.init).joined() + "\n" }.joined()
        return header + ScenarioWriter.yaml(scene, description: nil)
    }

    /// Reads the header back from a file's text; nil when it is not a minimal reproduction.
    public init?(text: String) {
        var fields: [(String, String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("# ") else { break }
            let body = line.dropFirst(2)
            if let colon = body.firstIndex(of: ":") {
                fields.append((String(body[..<colon]), String(body[body.index(after: colon)...].drop { $0 == " " })))
            }
        }
        func field(_ key: String) -> String? { fields.first { $0.0 == key }?.1 }
        guard let first = text.split(separator: "\n").first, first.hasPrefix("# Minimal reproduction of "),
            let defectName = field("defect"), let defect = DefectClass.allCases.first(where: { $0.name == defectName }),
            let cause = field("cause"), let familyName = field("gesture"), let family = GestureFamily(rawValue: familyName),
            let intent = field("intent"), let target = field("target"), let command = field("made by")
        else { return nil }
        let title = first.dropFirst("# Minimal reproduction of ".count)
        exampleID = String(title.prefix { $0 != ":" })
        self.defect = defect
        self.cause = cause
        self.family = family
        self.intent = intent
        self.target = target
        self.command = command
    }

    /// The gesture the file is judged by, with its views looked up by name in `scene` (the loaded file);
    /// nil when a view is missing.
    public func gesture(in scene: Scene) -> Gesture? {
        let words = intent.split(separator: " ").map(String.init)
        let intent: Intent
        guard let target = scene.view(named: self.target) else { return nil }
        switch words.first {
        case "activate"?, "select"?:
            guard words.count == 2, let v = scene.view(named: words[1]) else { return nil }
            intent = words[0] == "activate" ? .activate(v) : .select(v)
        case "trigger"?:
            guard words.count == 3, let v = scene.view(named: words[1]), let r = scene.recognizer(named: words[2]) else { return nil }
            intent = .trigger(v, handler: r)
        case "scroll"?:
            guard words.count == 4, let v = scene.view(named: words[1]), let distance = Double(words[3]) else { return nil }
            intent = .scroll(v, axis: words[2] == "horizontal" ? .horizontal : .vertical, distance: distance)
        case "zoom"?:
            guard words.count == 3, let v = scene.view(named: words[1]), let factor = Double(words[2]), factor > 0 else { return nil }
            intent = .zoom(v, factor: factor)
        case "goBack"?, "dismissSheet"?, "draw"?:
            guard words.count == 2, let v = scene.view(named: words[1]) else { return nil }
            intent = words[0] == "goBack" ? .goBack(v) : words[0] == "draw" ? .draw(v) : .dismissSheet(v)
        case "resizeSheet"?:
            guard words.count == 3, let v = scene.view(named: words[1]), let sheet = scene.sheets.first(where: { $0.view == v }),
                let detent = sheet.detents.firstIndex(where: { $0.identifier == words[2] })
            else { return nil }
            intent = .resizeSheet(v, detent: detent)
        case "movePanel"?:
            guard words.count == 3, let v = scene.view(named: words[1]), let panel = scene.panels.first(where: { $0.view == v }),
                let state = panel.states.firstIndex(where: { $0.name == words[2] })
            else { return nil }
            intent = .movePanel(v, state: state)
        default:
            intent = .nothing
        }
        let subject = ShrinkSubject(
            scene: scene,
            gesture: Gesture(
                family: family, target: target, intent: intent, script: [],
                liftTime: .zero, downTime: .zero))
        return subject.gesture
    }

    /// The cause the loaded file shows for its defect (nil when it does not show it).
    public func shownCause(scene: Scene) -> String? {
        guard let gesture = gesture(in: scene) else { return nil }
        var runs = 0
        return ShrinkOracle.judge(ShrinkSubject(scene: scene, gesture: gesture), defect: defect, runs: &runs)
    }
}

/// Numbers in headers and summaries: whole numbers without a decimal point, others with up to 3 decimals.
enum ReportNumberText {
    static func number(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        if r == r.rounded() { return String(Int64(r)) }
        var s = String(r)
        if s.contains("e") { s = String(Int64(r)) }
        return s
    }
}

extension MinimalReproFile {
    /// Whether `text` (a written file) loads and still shows its header's defect with its header's cause.
    public static func reproduces(_ text: String, path: String) -> Bool {
        guard let header = MinimalReproFile(text: text),
            let loaded = try? ScenarioLoader.load(yaml: text, path: path)
        else { return false }
        return header.shownCause(scene: loaded.scene) == header.cause
    }
}

extension Shrinker {
    /// The defect classes a scenario shows under its gesture's intent, in `DefectClass` order.
    public static func defectsShown(scene: Scene, gesture: Gesture) -> [DefectClass] {
        let subject = ShrinkSubject(scene: scene, gesture: gesture)
        let prepared = PreparedScene(subject.scene)
        let verdict = Classifier.classify(gesture: subject.gesture, prepared: prepared, summary: Engine.summary(prepared))
        return DefectClass.allCases.filter { verdict.defects.contains($0) }
    }
}
