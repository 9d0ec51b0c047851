import TouchEngine

/// One `samples:` entry: what a pinch's `scale` or a rotation's `rotation` reads after everything processed at a
/// time, in or outside its actions (issue 31 §2). Entries are independent assertions, like `scroll:` ones.
public struct SampleExpectation: Hashable, Sendable {
    public var path: String
    /// Line of the entry itself.
    public var line: Int
    public var recognizer: RecognizerID
    public var entry: SampleEntry
}

/// `<quantity><op><value>[±<tolerance>]@<t>` — e.g. `scale=1.04±0.001@10`, `rotation<0.1@40`.
public struct SampleEntry: Hashable, Sendable, CustomStringConvertible {
    public var quantity: GestureMeasure.Kind
    public var comparison: Comparison
    public var value: Double
    /// How far from `value` the reading may be (`=`; default `Expectations.measureTolerance`), or how far past
    /// `value` it must be (`<`, `>`) or may be (`<=`, `>=`; default `Expectations.tolerance`).
    public var tolerance: Double
    /// Given explicitly (`±…`): rendering only.
    public var explicitTolerance: Bool
    public var time: Double

    public var description: String {
        "\(quantity.rawValue)\(comparison.rawValue)\(formatNumber(value))"
            + (explicitTolerance ? "±\(formatNumber(tolerance))" : "") + "@\(formatNumber(time))"
    }

    /// Whether `reading` satisfies the entry.
    func holds(_ reading: Double) -> Bool { comparison.holds(reading, value, tolerance: tolerance) }
}

extension EntryGrammar {
    static let sampleUsage = "expected '<scale|rotation><op><value>[±<tolerance>]@<t>', e.g. 'scale=1.5±0.01@20'"

    static func sample(_ text: String) -> Result<SampleEntry, EntryError> {
        var s = EntryScanner(text)
        s.skipSpaces()
        guard let word = s.letters(), let quantity = GestureMeasure.Kind(rawValue: word) else {
            return .failure(.init("does not start with 'scale' or 'rotation'; \(sampleUsage)"))
        }
        guard let op = s.comparison(), let value = s.number() else {
            return .failure(.init("needs an operator (=, <, <=, >, >=) and a value after '\(word)'"))
        }
        // `=` within the trace's three decimals; the other comparisons as the scroll entries' (`Comparison.holds`).
        var tolerance = op == .equal ? Expectations.measureTolerance : Expectations.tolerance
        var explicit = false
        if s.take("±") || s.take("+-") {
            guard let t = s.number(), t >= 0 else { return .failure(.init("needs a tolerance ≥ 0 after '±'")) }
            tolerance = t
            explicit = true
        }
        guard let time = s.atTime() else { return .failure(.init("needs '@<time in ms>' after the value")) }
        s.skipSpaces()
        guard s.isAtEnd else { return .failure(.init("has unexpected text '\(s.rest)'; \(sampleUsage)")) }
        return .success(
            SampleEntry(quantity: quantity, comparison: op, value: value, tolerance: tolerance, explicitTolerance: explicit, time: time))
    }
}

extension Expectations {
    /// The `samples:` entries that fail: each recognizer's run is read at its entries' times (one untraced run per
    /// recognizer named).
    func checkSamples(scene: Scene) -> [ExpectationFailure] {
        var failures: [ExpectationFailure] = []
        var recognizers: [RecognizerID] = []
        for e in samples where !recognizers.contains(e.recognizer) { recognizers.append(e.recognizer) }
        for id in recognizers {
            let entries = samples.filter { $0.recognizer == id }
            let times = Set(entries.map(\.entry.time)).sorted()
            let readings = Engine.readings(scene, recognizer: id, at: times.map { VirtualTime.ms($0) })
            for e in entries {
                let reading = readings[times.firstIndex(of: e.entry.time)!]
                guard let measure = reading.measure, measure.kind == e.entry.quantity else {
                    failures.append(ExpectationFailure(path: e.path, line: e.line, expected: e.entry.description, observed: "no \(e.entry.quantity.rawValue)"))
                    continue
                }
                if e.entry.holds(measure.value) { continue }
                let shown = formatNumber((measure.value * 1000).rounded() / 1000)
                failures.append(
                    ExpectationFailure(
                        path: e.path, line: e.line, expected: e.entry.description,
                        observed: "\(measure.kind.rawValue)=\(shown)@\(formatNumber(e.entry.time)) (\(reading.state.rawValue))"))
            }
        }
        return failures
    }
}
