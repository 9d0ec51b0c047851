import TouchEngine

/// One panel assertion (`expect: panel: {FP: [...]}`, docs/scenario-format.md "Panels"), checked against the
/// trace's panel events.
public struct PanelExpectation: Hashable, Sendable {
    public var path: String
    public var line: Int
    /// Index into `Scene.panels`.
    public var panel: Int
    public var assertion: PanelAssertion
}

/// What a panel entry asserts.
public enum PanelAssertion: Hashable, Sendable, CustomStringConvertible {
    /// `top<op><value>[±<tol>]@<t>` and `final top<op><value>[±<tol>]`: the panel's top edge (window y).
    case top(comparison: Comparison, value: Double, tolerance: Double?, time: Double?)
    /// `state=<name>@<t>` and `final state=<name>`: the state it rests in.
    case state(String, time: Double?)
    /// `removed@<t>` / `no removal`.
    case removed(time: Double)
    case notRemoved
    /// `takesOver@<t>` (the panel starts following its pan) / `no takesOver`; `ignored@<t>` (K2.3).
    case takesOver(time: Double)
    case noTakeOver
    case ignored(time: Double)

    public var description: String {
        func tol(_ t: Double?) -> String { t.map { "±" + formatNumber($0) } ?? "" }
        switch self {
        case let .top(op, value, tolerance, time?): return "top\(op.rawValue)\(formatNumber(value))\(tol(tolerance))@\(formatNumber(time))"
        case let .top(op, value, tolerance, nil): return "final top\(op.rawValue)\(formatNumber(value))\(tol(tolerance))"
        case let .state(name, time?): return "state=\(name)@\(formatNumber(time))"
        case let .state(name, nil): return "final state=\(name)"
        case .removed(let time): return "removed@\(formatNumber(time))"
        case .notRemoved: return "no removal"
        case .takesOver(let time): return "takesOver@\(formatNumber(time))"
        case .noTakeOver: return "no takesOver"
        case .ignored(let time): return "ignored@\(formatNumber(time))"
        }
    }

    static let usage =
        "expected 'top<op><value>[±<tol>]@<t>', 'final top<op><value>[±<tol>]', 'state=<name>@<t>', 'final state=<name>', "
        + "'removed@<t>', 'no removal', 'takesOver@<t>', 'no takesOver' or 'ignored@<t>'"

    static func parse(_ text: String) -> Result<PanelAssertion, EntryError> {
        var s = EntryScanner(text)
        s.skipSpaces()
        var final = false
        var head = s.letters()
        if head == "final" {
            final = true
            s.skipSpaces()
            head = s.letters()
        }
        func end(_ a: PanelAssertion) -> Result<PanelAssertion, EntryError> {
            s.skipSpaces()
            return s.isAtEnd ? .success(a) : .failure(.init("has unexpected text '\(s.rest)'; \(usage)"))
        }
        func time() -> Double?? { final ? .some(nil) : s.atTime().map { .some($0) } }
        switch head {
        case "top":
            guard let op = s.comparison(), let value = s.number(), let tolerance = s.tolerance(), let t = time() else {
                return .failure(.init("must read 'top<op><value>[±<tol>]@<t>' or 'final top<op><value>'"))
            }
            return end(.top(comparison: op, value: value, tolerance: tolerance, time: t))
        case "state":
            guard s.take("="), let name = s.word(), let t = time() else {
                return .failure(.init("must read 'state=<name>@<t>' or 'final state=<name>'"))
            }
            return end(.state(name, time: t))
        case "removed" where !final:
            guard let t = s.atTime() else { return .failure(.init("needs '@<time in ms>'")) }
            return end(.removed(time: t))
        case "takesOver" where !final:
            guard let t = s.atTime() else { return .failure(.init("needs '@<time in ms>'")) }
            return end(.takesOver(time: t))
        case "ignored" where !final:
            guard let t = s.atTime() else { return .failure(.init("needs '@<time in ms>'")) }
            return end(.ignored(time: t))
        case "no" where !final:
            s.skipSpaces()
            switch s.letters() {
            case "removal": return end(.notRemoved)
            case "takesOver": return end(.noTakeOver)
            default: return .failure(.init("must read 'no removal' or 'no takesOver'"))
            }
        default:
            return .failure(.init("is not a panel assertion; \(usage)"))
        }
    }
}

extension PanelExpectation {
    func check(scene: Scene, trace: [TraceEvent]) -> ExpectationFailure? {
        let fail = { (observed: String) in
            ExpectationFailure(path: path, line: line, expected: assertion.description, observed: observed)
        }
        let spec = scene.panels[panel]
        let events: [(time: Double, event: PanelEvent)] = trace.compactMap { e in
            if case let .panel(view, event) = e.kind, view == spec.view { return (e.time.milliseconds, event) }
            return nil
        }
        func upTo(_ time: Double?) -> [PanelEvent] {
            events.filter { e in time.map { e.time <= $0 + Expectations.tolerance } ?? true }.map(\.event)
        }
        func times(_ match: (PanelEvent) -> Bool) -> [Double] { events.filter { match($0.event) }.map(\.time) }
        func at(_ list: [Double], _ time: Double) -> Bool { list.contains { abs($0 - time) <= Expectations.tolerance } }
        func show(_ list: [Double], _ what: String) -> String {
            list.isEmpty ? "no \(what)" : list.map { "\(what)@\(formatNumber($0))" }.joined(separator: ", ")
        }
        let removals = times { $0 == .removed }
        let takeOvers = times { if case .takesOver = $0 { return true } else { return false } }
        switch assertion {
        case let .top(op, value, tolerance, time):
            var top = spec.states[spec.initialState].top
            for case .top(let t) in upTo(time) { top = t }
            let shown = formatNumber((top * 1000).rounded() / 1000)
            return op.holds(top, value, tolerance: tolerance ?? Expectations.tolerance)
                ? nil : fail(time.map { "top=\(shown)@\(formatNumber($0))" } ?? "final top=\(shown)")
        case let .state(name, time):
            var state = spec.states[spec.initialState].name
            for case .state(let s) in upTo(time) { state = s }
            return state == name ? nil : fail(time.map { "state=\(state)@\(formatNumber($0))" } ?? "final state=\(state)")
        case .removed(let time): return at(removals, time) ? nil : fail(show(removals, "removed"))
        case .notRemoved: return removals.isEmpty ? nil : fail(show(removals, "removed"))
        case .takesOver(let time): return at(takeOvers, time) ? nil : fail(show(takeOvers, "takesOver"))
        case .noTakeOver: return takeOvers.isEmpty ? nil : fail(show(takeOvers, "takesOver"))
        case .ignored(let time):
            let ignored = times { $0 == .ignored }
            return at(ignored, time) ? nil : fail(show(ignored, "ignored"))
        }
    }
}
