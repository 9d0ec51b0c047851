import TouchEngine

/// A cursor over the text of one expectation entry (`began@80 ts=0 at (70,122)`, `y<=2@33`, …).
///
/// Every method returns nil when the text does not continue the way it asks; callers turn that into one
/// error sentence naming the entry.
struct EntryScanner {
    private let chars: [Character]
    private var index = 0

    init(_ text: String) { chars = Array(text) }

    var isAtEnd: Bool { index >= chars.count }

    mutating func skipSpaces() {
        while index < chars.count, chars[index] == " " || chars[index] == "\t" { index += 1 }
    }

    /// Consumes `literal` if the text continues with it.
    mutating func take(_ literal: String) -> Bool {
        let wanted = Array(literal)
        guard index + wanted.count <= chars.count, Array(chars[index ..< index + wanted.count]) == wanted else {
            return false
        }
        index += wanted.count
        return true
    }

    /// A run of letters, digits, `_` and `.` (a name such as `began`, `TouchDown`, `SV.pan`).
    mutating func word() -> String? {
        let start = index
        while index < chars.count,
            chars[index].isLetter || chars[index].isNumber || chars[index] == "_"
                || chars[index] == "." || chars[index] == "-"
        {
            index += 1
        }
        return index > start ? String(chars[start ..< index]) : nil
    }

    /// A run of letters only.
    mutating func letters() -> String? {
        let start = index
        while index < chars.count, chars[index].isLetter { index += 1 }
        return index > start ? String(chars[start ..< index]) : nil
    }

    /// A decimal number (`-12`, `0.5`, `1e3`).
    mutating func number() -> Double? {
        let start = index
        if index < chars.count, chars[index] == "-" || chars[index] == "+" { index += 1 }
        while index < chars.count,
            chars[index].isNumber || chars[index] == "." || chars[index] == "e"
                || chars[index] == "E"
                || ((chars[index] == "-" || chars[index] == "+") && index > start
                    && (chars[index - 1] == "e" || chars[index - 1] == "E"))
        {
            index += 1
        }
        guard index > start, let value = Double(String(chars[start ..< index])), value.isFinite else {
            index = start
            return nil
        }
        return value
    }

    /// A non-negative integer.
    mutating func integer() -> Int? {
        let start = index
        while index < chars.count, chars[index].isNumber { index += 1 }
        guard index > start, let value = Int(String(chars[start ..< index])) else { index = start; return nil }
        return value
    }

    /// `(x,y)` with optional spaces.
    mutating func point() -> Point? {
        let start = index
        skipSpaces()
        guard take("(") else { index = start; return nil }
        skipSpaces()
        guard let x = number() else { index = start; return nil }
        skipSpaces()
        guard take(",") else { index = start; return nil }
        skipSpaces()
        guard let y = number() else { index = start; return nil }
        skipSpaces()
        guard take(")") else { index = start; return nil }
        return Point(x, y)
    }

    /// `(1,2)` — touch numbers ≥ 1, ascending after sorting, each once; spaces allowed.
    mutating func touchSet() -> [Int]? {
        let start = index
        skipSpaces()
        guard take("(") else { index = start; return nil }
        var numbers: [Int] = []
        repeat {
            skipSpaces()
            guard let n = integer(), n >= 1, !numbers.contains(n) else { index = start; return nil }
            numbers.append(n)
            skipSpaces()
        } while take(",")
        guard take(")") else { index = start; return nil }
        return numbers.sorted()
    }

    /// `@<t>` — a time in ms, not negative.
    mutating func atTime() -> Double? {
        let start = index
        guard take("@"), let t = number(), t >= 0 else { index = start; return nil }
        return t
    }

    /// `±<tol>` (or `+-<tol>`): a tolerance, not negative; nil (and nothing consumed) without one.
    mutating func tolerance() -> Double?? {
        let start = index
        guard take("±") || take("+-") else { return .some(nil) }
        guard let t = number(), t >= 0 else { index = start; return nil }
        return .some(t)
    }

    /// A comparison operator, longest first.
    mutating func comparison() -> Comparison? {
        for op in [Comparison.lessOrEqual, .greaterOrEqual, .equal, .less, .greater] where take(op.rawValue) {
            return op
        }
        return nil
    }

    /// What is left, for error messages.
    var rest: String { String(chars[min(index, chars.count)...]) }
}

/// The entry grammars. Each returns the parsed entry or an error message (one clause, no location).
enum EntryGrammar {
    static let phases = "began, moved, ended or cancelled"
    static let states = "began, changed, ended, recognized, cancelled or failed"

    static func callback(_ text: String) -> Result<CallbackEntry, EntryError> {
        var s = EntryScanner(text)
        s.skipSpaces()
        guard let name = s.letters() else { return .failure(.init("does not start with a phase (\(phases))")) }
        guard let phase = TouchPhase(rawValue: name) else {
            return .failure(.init("has unknown phase '\(name)'; expected \(phases)"))
        }
        guard let time = s.atTime() else { return .failure(.init("needs '@<time in ms>' after the phase")) }
        var entry = CallbackEntry(phase: phase, time: time)
        while true {
            s.skipSpaces()
            if s.isAtEnd { return .success(entry) }
            if s.take("ts=") {
                guard let ts = s.number() else { return .failure(.init("needs a number after 'ts='")) }
                entry.timestamp = ts
            } else if s.take("at") {
                guard let p = s.point() else { return .failure(.init("needs a point '(x,y)' after 'at'")) }
                entry.location = p
            } else if s.take("local") {
                guard let p = s.point() else { return .failure(.init("needs a point '(x,y)' after 'local'")) }
                entry.local = p
            } else if s.take("touches") {
                guard let set = s.touchSet() else { return .failure(.init("needs touch numbers '(n,m)' after 'touches'")) }
                entry.touches = set
            } else if s.take("allTouches") {
                guard let set = s.touchSet() else { return .failure(.init("needs touch numbers '(n,m)' after 'allTouches'")) }
                entry.allTouches = set
            } else if s.take("event") {
                s.skipSpaces()
                guard s.take("e"), let n = s.integer(), n >= 1 else {
                    return .failure(.init("needs a UIEvent number 'e<n>' (n ≥ 1) after 'event'"))
                }
                entry.event = n
            } else if s.take("tapCount") {
                s.skipSpaces()
                guard let n = s.integer(), n >= 1 else { return .failure(.init("needs a tap count ≥ 1 after 'tapCount'")) }
                entry.tapCount = n
            } else if s.take("touch") {
                s.skipSpaces()
                guard let n = s.integer(), n >= 1 else { return .failure(.init("needs a touch number ≥ 1 after 'touch'")) }
                entry.touch = n
            } else {
                return .failure(
                    .init(
                        "has unexpected text '\(s.rest)'; qualifiers are 'ts=<ms>', 'at (x,y)', 'local (x,y)', 'touch <n>', "
                            + "'touches (n,m)', 'tapCount <n>', 'allTouches (n,m)' and 'event e<n>'"))
            }
        }
    }

    static func control(_ text: String) -> Result<ControlEntry, EntryError> {
        var s = EntryScanner(text)
        s.skipSpaces()
        let names = ControlEvent.allCases.map(\.rawValue).joined(separator: ", ")
        guard let name = s.letters(), let event = ControlEvent(rawValue: name) else {
            return .failure(.init("does not start with a control event; expected one of \(names)"))
        }
        guard let time = s.atTime() else { return .failure(.init("needs '@<time in ms>' after the event")) }
        s.skipSpaces()
        guard s.isAtEnd else { return .failure(.init("has unexpected text '\(s.rest)' after the time")) }
        return .success(ControlEntry(event: event, time: time))
    }

    static func highlight(_ text: String) -> Result<HighlightEntry, EntryError> {
        var s = EntryScanner(text)
        s.skipSpaces()
        let name = s.letters()
        guard name == "on" || name == "off" else { return .failure(.init("must be 'on@<t>' or 'off@<t>'")) }
        guard let time = s.atTime() else { return .failure(.init("needs '@<time in ms>' after '\(name!)'")) }
        s.skipSpaces()
        guard s.isAtEnd else { return .failure(.init("has unexpected text '\(s.rest)' after the time")) }
        return .success(HighlightEntry(on: name == "on", time: time))
    }

    static func time(_ text: String) -> Result<TimeEntry, EntryError> {
        var s = EntryScanner(text)
        s.skipSpaces()
        guard let t = s.number(), t >= 0 else { return .failure(.init("must be a time in ms")) }
        s.skipSpaces()
        guard s.isAtEnd else { return .failure(.init("must be a time in ms")) }
        return .success(TimeEntry(time: t))
    }

    static func tapCount(_ text: String) -> Result<TapCountEntry, EntryError> {
        positiveInteger(text, "must be a tap count ≥ 1").map(TapCountEntry.init(count:))
    }

    static func touchNumber(_ text: String) -> Result<TouchNumberEntry, EntryError> {
        positiveInteger(text, "must be a touch number ≥ 1").map(TouchNumberEntry.init(touch:))
    }

    /// An entry that is one integer ≥ 1 (spaces around allowed), or `message`.
    private static func positiveInteger(_ text: String, _ message: String) -> Result<Int, EntryError> {
        var s = EntryScanner(text)
        s.skipSpaces()
        guard let n = s.integer(), n >= 1 else { return .failure(.init(message)) }
        s.skipSpaces()
        guard s.isAtEnd else { return .failure(.init(message)) }
        return .success(n)
    }

    /// `<state>@<t> [translation=(x,y)] [scale=<n>] [rotation=<rad>]`; `actions` excludes `failed` and `possible` (no action is sent for them).
    static func recognizer(_ text: String, actions: Bool) -> Result<RecognizerEntry, EntryError> {
        var s = EntryScanner(text)
        s.skipSpaces()
        let allowed = actions ? "began, changed, ended, recognized or cancelled" : states
        guard let name = s.letters() else { return .failure(.init("does not start with a state (\(allowed))")) }
        let state: RecognizerState
        switch name {
        case "recognized": state = .ended
        case "began", "changed", "ended", "cancelled": state = RecognizerState(rawValue: name)!
        case "failed" where !actions: state = .failed
        default: return .failure(.init("has unknown state '\(name)'; expected \(allowed)"))
        }
        guard let time = s.atTime() else { return .failure(.init("needs '@<time in ms>' after the state")) }
        var entry = RecognizerEntry(state: state, time: time, spelledRecognized: name == "recognized")
        s.skipSpaces()
        if s.take("translation=") {
            guard let p = s.point() else { return .failure(.init("needs a point '(x,y)' after 'translation='")) }
            entry.translation = p
            s.skipSpaces()
        }
        if s.take("scale=") {
            guard let v = s.number() else { return .failure(.init("needs a number after 'scale='")) }
            entry.scale = v
            s.skipSpaces()
        }
        if s.take("rotation=") {
            guard let v = s.number() else { return .failure(.init("needs a number (radians) after 'rotation='")) }
            entry.rotation = v
            s.skipSpaces()
        }
        guard s.isAtEnd else {
            return .failure(
                .init(
                    "has unexpected text '\(s.rest)'; the qualifiers are 'translation=(x,y)', "
                        + "'scale=<n>' and 'rotation=<rad>', in that order"))
        }
        return .success(entry)
    }

    static func scroll(_ text: String) -> Result<ScrollAssertion, EntryError> {
        let usage =
            "expected '<axis><op><value>[±<tol>]@<t>', 'final <axis><op><value>[±<tol>]', '<axis>@<t><op><axis>@<t>', "
            + "'zoom<op><value>@<t>', 'final zoom<op><value>', "
            + "'unchanged', 'never dragging', '[not] tracking|dragging|decelerating@<t>' or "
            + "'willBeginDragging|didEndDragging|didEndDecelerating|willBeginZooming|didEndZooming@<t>[±<ms>]' or "
            + "'willEndDragging@<t>[±<ms>] [velocity=(x,y)[±<tol>]] [target=(x,y)[±<tol>]]'"
        var s = EntryScanner(text)
        s.skipSpaces()
        guard let head = s.letters() else { return .failure(.init("is not a scroll assertion; \(usage)")) }
        func end(_ a: ScrollAssertion) -> Result<ScrollAssertion, EntryError> {
            s.skipSpaces()
            return s.isAtEnd ? .success(a) : .failure(.init("has unexpected text '\(s.rest)'; \(usage)"))
        }
        switch head {
        case "x", "y":
            let axis: Axis = head == "x" ? .horizontal : .vertical
            if let t1 = s.atTime() {
                // `y@50<y@16`
                guard let op = s.comparison(), let other = s.letters(), other == head, let t2 = s.atTime() else {
                    return .failure(.init("must compare the same axis at two times, e.g. '\(head)@50<\(head)@16'"))
                }
                return end(.between(axis: axis, time: t1, comparison: op, otherTime: t2))
            }
            guard let op = s.comparison(), let value = s.number() else {
                return .failure(.init("needs an operator (=, <, <=, >, >=) and a value after '\(head)'"))
            }
            guard let tolerance = s.tolerance() else { return .failure(.init("needs a number (not negative) after '±'")) }
            guard let t = s.atTime() else { return .failure(.init("needs '@<time in ms>' after the value")) }
            return end(.offset(axis: axis, comparison: op, value: value, tolerance: tolerance, time: t))
        case "zoom":
            guard let op = s.comparison(), let value = s.number() else {
                return .failure(.init("needs an operator (=, <, <=, >, >=) and a value after 'zoom'"))
            }
            guard let t = s.atTime() else { return .failure(.init("needs '@<time in ms>' after the value")) }
            return end(.zoom(comparison: op, value: value, time: t))
        case "final":
            s.skipSpaces()
            let a = s.letters()
            if a == "zoom" {
                guard let op = s.comparison(), let value = s.number() else {
                    return .failure(.init("must read 'final zoom<op><value>', e.g. 'final zoom=2'"))
                }
                return end(.finalZoom(comparison: op, value: value))
            }
            guard let a, a == "x" || a == "y", let op = s.comparison(), let value = s.number(), let tolerance = s.tolerance()
            else {
                return .failure(.init("must read 'final <axis><op><value>[±<tol>]', e.g. 'final y=0'"))
            }
            return end(.final(axis: a == "x" ? .horizontal : .vertical, comparison: op, value: value, tolerance: tolerance))
        case "unchanged":
            return end(.unchanged)
        case "never":
            s.skipSpaces()
            guard s.letters() == "dragging" else { return .failure(.init("must read 'never dragging'")) }
            return end(.neverDragging)
        case "not":
            s.skipSpaces()
            guard let f = s.letters(), let flag = ScrollFlag(rawValue: f), let t = s.atTime() else {
                return .failure(.init("must read 'not tracking|dragging|decelerating@<t>'"))
            }
            return end(.flag(flag, value: false, time: t))
        default:
            if let flag = ScrollFlag(rawValue: head) {
                guard let t = s.atTime() else { return .failure(.init("needs '@<time in ms>' after '\(head)'")) }
                return end(.flag(flag, value: true, time: t))
            }
            if let call = ScrollDelegateCall(rawValue: head) {
                guard let t = s.atTime() else { return .failure(.init("needs '@<time in ms>' after '\(head)'")) }
                guard let tolerance = s.tolerance() else { return .failure(.init("needs a number (not negative) after '±'")) }
                return end(.delegateCall(call, time: t, tolerance: tolerance))
            }
            if head == "willEndDragging" { return willEndDragging(&s).flatMap(end) }
            return .failure(.init("is not a scroll assertion; \(usage)"))
        }
    }
}

extension EntryGrammar {
    /// The rest of `willEndDragging@<t>[±<ms>] [velocity=(x,y)[±<tol>]] [target=(x,y)[±<tol>]]`.
    static func willEndDragging(_ s: inout EntryScanner) -> Result<ScrollAssertion, EntryError> {
        let badTolerance = EntryError("needs a number (not negative) after '±'")
        guard let t = s.atTime() else { return .failure(.init("needs '@<time in ms>' after 'willEndDragging'")) }
        guard let timeTolerance = s.tolerance() else { return .failure(badTolerance) }
        var entry = WillEndDraggingEntry(time: t, timeTolerance: timeTolerance)
        s.skipSpaces()
        if s.take("velocity=") {
            guard let v = s.point() else { return .failure(.init("needs '(x,y)' after 'velocity='")) }
            guard let tolerance = s.tolerance() else { return .failure(badTolerance) }
            entry.velocity = v; entry.velocityTolerance = tolerance
            s.skipSpaces()
        }
        if s.take("target=") {
            guard let p = s.point() else { return .failure(.init("needs '(x,y)' after 'target='")) }
            guard let tolerance = s.tolerance() else { return .failure(badTolerance) }
            entry.target = p; entry.targetTolerance = tolerance
        }
        return .success(.willEndDragging(entry))
    }
}

/// A grammar error: the clause that completes "entry '…' …".
struct EntryError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
