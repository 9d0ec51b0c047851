import TouchEngine

/// One sheet assertion (`expect: sheet: {S: [...]}`, docs/scenario-format.md "Sheets"): each entry is an
/// independent statement, checked against the trace's sheet events.
public struct SheetExpectation: Hashable, Sendable {
    public var path: String
    public var line: Int
    /// Index into `Scene.sheets`.
    public var sheet: Int
    public var assertion: SheetAssertion
}

/// What a sheet entry asserts.
public enum SheetAssertion: Hashable, Sendable, CustomStringConvertible {
    /// `top<op><value>[±<tol>]@<t>`: the sheet's top edge (window y) after everything processed at `t`.
    case top(comparison: Comparison, value: Double, tolerance: Double?, time: Double)
    /// `final top<op><value>[±<tol>]`.
    case finalTop(comparison: Comparison, value: Double, tolerance: Double?)
    /// `detent=<id>@<t>` and `final detent=<id>`: the selected detent.
    case detent(String, time: Double?)
    /// `dismissed@<t>`: the sheet is dismissed (willDismiss, off screen) at `t`; `no dismiss`: never.
    case dismissed(time: Double)
    case noDismiss
    /// `<call>@<t>` (the delegate call at `t`), `<call>` (at least once), `no <call>`, `<call> count=<n>`.
    case call(SheetCallName, time: Double?)
    case noCall(SheetCallName)
    case callCount(SheetCallName, Int)
    /// `drives <list>@<t>` / `refuses <list>@<t>`: a scroll view's drag starting at `t` drives the sheet or not (M3.1).
    case handoff(list: String, drives: Bool, time: Double)

    public var description: String {
        switch self {
        case let .top(op, value, tolerance, time):
            return "top\(op.rawValue)\(formatNumber(value))\(tolerance.map { "±" + formatNumber($0) } ?? "")@\(formatNumber(time))"
        case let .finalTop(op, value, tolerance): return "final top\(op.rawValue)\(formatNumber(value))\(tolerance.map { "±" + formatNumber($0) } ?? "")"
        case let .detent(id, time?): return "detent=\(id)@\(formatNumber(time))"
        case let .detent(id, nil): return "final detent=\(id)"
        case .dismissed(let time): return "dismissed@\(formatNumber(time))"
        case .noDismiss: return "no dismiss"
        case let .call(name, time?): return "\(name.rawValue)@\(formatNumber(time))"
        case let .call(name, nil): return name.rawValue
        case .noCall(let name): return "no \(name.rawValue)"
        case let .callCount(name, n): return "\(name.rawValue) count=\(n)"
        case let .handoff(list, drives, time): return "\(drives ? "drives" : "refuses") \(list)@\(formatNumber(time))"
        }
    }

    static let usage =
        "expected 'top<op><value>[±<tol>]@<t>', 'final top<op><value>[±<tol>]', 'detent=<id>@<t>', 'final detent=<id>', "
        + "'dismissed@<t>', 'no dismiss', '<call>[@<t>]', 'no <call>', '<call> count=<n>' "
        + "(calls: shouldDismiss, willDismiss, didDismiss, didAttempt, didChangeDetent) or 'drives|refuses <scroll view>@<t>'"

    /// Parses one entry.
    static func parse(_ text: String) -> Result<SheetAssertion, EntryError> {
        var s = EntryScanner(text)
        s.skipSpaces()
        guard let head = s.letters() else { return .failure(.init("is not a sheet assertion; \(usage)")) }
        func end(_ a: SheetAssertion) -> Result<SheetAssertion, EntryError> {
            s.skipSpaces()
            return s.isAtEnd ? .success(a) : .failure(.init("has unexpected text '\(s.rest)'; \(usage)"))
        }
        switch head {
        case "top":
            guard let op = s.comparison(), let value = s.number() else {
                return .failure(.init("needs an operator (=, <, <=, >, >=) and a value after 'top'"))
            }
            guard let tolerance = s.tolerance() else { return .failure(.init("needs a number (not negative) after '±'")) }
            guard let t = s.atTime() else { return .failure(.init("needs '@<time in ms>' after the value")) }
            return end(.top(comparison: op, value: value, tolerance: tolerance, time: t))
        case "final":
            s.skipSpaces()
            switch s.letters() {
            case "top":
                guard let op = s.comparison(), let value = s.number(), let tolerance = s.tolerance() else {
                    return .failure(.init("must read 'final top<op><value>[±<tol>]', e.g. 'final top=60'"))
                }
                return end(.finalTop(comparison: op, value: value, tolerance: tolerance))
            case "detent":
                guard s.take("="), let id = s.word() else { return .failure(.init("must read 'final detent=<id>'")) }
                return end(.detent(id, time: nil))
            default:
                return .failure(.init("must read 'final top…' or 'final detent=<id>'"))
            }
        case "detent":
            guard s.take("="), let id = s.word(), let t = s.atTime() else {
                return .failure(.init("must read 'detent=<id>@<t>'"))
            }
            return end(.detent(id, time: t))
        case "dismissed":
            guard let t = s.atTime() else { return .failure(.init("needs '@<time in ms>'")) }
            return end(.dismissed(time: t))
        case "no":
            s.skipSpaces()
            guard let what = s.letters() else { return .failure(.init("must read 'no dismiss' or 'no <call>'")) }
            if what == "dismiss" { return end(.noDismiss) }
            guard let call = SheetCallName(rawValue: what) else { return .failure(.init("must read 'no dismiss' or 'no <call>'; \(usage)")) }
            return end(.noCall(call))
        case "drives", "refuses":
            s.skipSpaces()
            guard let list = s.word(), let t = s.atTime() else { return .failure(.init("must read '\(head) <scroll view>@<t>'")) }
            return end(.handoff(list: list, drives: head == "drives", time: t))
        default:
            guard let call = SheetCallName(rawValue: head) else { return .failure(.init("is not a sheet assertion; \(usage)")) }
            if let t = s.atTime() { return end(.call(call, time: t)) }
            s.skipSpaces()
            if s.take("count=") {
                guard let n = s.integer(), n >= 0 else { return .failure(.init("needs a count (0 or more) after 'count='")) }
                return end(.callCount(call, n))
            }
            return end(.call(call, time: nil))
        }
    }
}

/// The delegate calls a sheet entry names.
public enum SheetCallName: String, Hashable, Sendable, CaseIterable {
    case shouldDismiss, willDismiss, didDismiss, didAttempt, didChangeDetent

    var call: SheetDelegateCall {
        switch self {
        case .shouldDismiss: return .shouldDismiss
        case .willDismiss: return .willDismiss
        case .didDismiss: return .didDismiss
        case .didAttempt: return .didAttemptToDismiss
        case .didChangeDetent: return .didChangeSelectedDetentIdentifier
        }
    }
}

extension SheetExpectation {
    func check(scene: Scene, trace: [TraceEvent]) -> ExpectationFailure? {
        let fail = { (observed: String) in
            ExpectationFailure(path: path, line: line, expected: assertion.description, observed: observed)
        }
        let spec = scene.sheets[sheet]
        let events: [(time: Double, event: SheetEvent)] = trace.compactMap { e in
            if case let .sheet(view, event) = e.kind, view == spec.view { return (e.time.milliseconds, event) }
            return nil
        }
        let initialTop = scene.detentTops(of: sheet)[spec.selectedDetent]
        func top(at time: Double?) -> Double {
            var result = initialTop
            for e in events where time.map({ e.time <= $0 + Expectations.tolerance }) ?? true {
                if case .top(let t) = e.event { result = t }
            }
            return result
        }
        func detent(at time: Double?) -> String {
            var result = spec.detents[spec.selectedDetent].identifier
            for e in events where time.map({ e.time <= $0 + Expectations.tolerance }) ?? true {
                if case .detent(let id) = e.event { result = id }
            }
            return result
        }
        func calls(_ name: SheetCallName) -> [Double] {
            events.compactMap { e in
                if case .delegate(let call, _) = e.event, call == name.call { return e.time }
                return nil
            }
        }
        func times(_ list: [Double], _ what: String) -> String {
            list.isEmpty ? "no \(what)" : list.map { "\(what)@\(formatNumber($0))" }.joined(separator: ", ")
        }
        let dismissals = events.compactMap { e -> Double? in
            if case .dismissing = e.event { return e.time }
            return nil
        }
        switch assertion {
        case let .top(op, value, tolerance, time):
            let observed = top(at: time)
            return op.holds(observed, value, tolerance: tolerance ?? Expectations.tolerance)
                ? nil : fail("top=\(formatNumber((observed * 1000).rounded() / 1000))@\(formatNumber(time))")
        case let .finalTop(op, value, tolerance):
            let observed = top(at: nil)
            return op.holds(observed, value, tolerance: tolerance ?? Expectations.tolerance)
                ? nil : fail("final top=\(formatNumber((observed * 1000).rounded() / 1000))")
        case let .detent(id, time):
            let observed = detent(at: time)
            return observed == id ? nil : fail(time.map { "detent=\(observed)@\(formatNumber($0))" } ?? "final detent=\(observed)")
        case .dismissed(let time):
            return dismissals.contains { abs($0 - time) <= Expectations.tolerance } ? nil : fail(times(dismissals, "dismissed"))
        case .noDismiss:
            return dismissals.isEmpty ? nil : fail(times(dismissals, "dismissed"))
        case let .call(name, time):
            let observed = calls(name)
            if let time {
                return observed.contains { abs($0 - time) <= Expectations.tolerance } ? nil : fail(times(observed, name.rawValue))
            }
            return observed.isEmpty ? fail("no \(name.rawValue)") : nil
        case .noCall(let name):
            let observed = calls(name)
            return observed.isEmpty ? nil : fail(times(observed, name.rawValue))
        case let .callCount(name, n):
            let observed = calls(name)
            return observed.count == n ? nil : fail("\(name.rawValue) count=\(observed.count)")
        case let .handoff(list, drives, time):
            let seen = events.compactMap { e -> String? in
                guard case let .handoff(v, d, _) = e.event else { return nil }
                if scene.views[v].name == list && d == drives && abs(e.time - time) <= Expectations.tolerance { return "" }
                return "\(d ? "drives" : "refuses") \(scene.views[v].name)@\(formatNumber(e.time))"
            }
            if seen.contains("") { return nil }
            return fail(seen.isEmpty ? "no handoff" : seen.joined(separator: ", "))
        }
    }
}
