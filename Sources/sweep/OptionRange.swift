import ArgumentParser

/// The documented range of a numeric option (docs/operations.md, "Option ranges"): its `--help` text ends with it
/// (``help(_:)``), its command's `validate()` checks it before anything starts (``check(_:)``), and a value outside
/// it — or text that is not a number at all — is refused in one sentence naming the option, the value and the range
/// (``refusal(_:)``), with exit status 2. The bounds are whole numbers or decimals; every bound is exact in a
/// `Double`.
struct OptionRange: Sendable {
    /// The option as typed, e.g. `--liveness`.
    let option: String
    let lower: Double
    let upper: Double
    /// Whether the option takes whole numbers (an `Int`) rather than decimals (a `Double`).
    let whole: Bool
    /// What the numbers count, after the range (`ms`, `seconds`), or nothing.
    let unit: String

    init(_ option: String, _ range: ClosedRange<Int>, unit: String = "") {
        self.option = option; lower = Double(range.lowerBound); upper = Double(range.upperBound); whole = true; self.unit = unit
    }

    init(_ option: String, _ range: ClosedRange<Double>, unit: String = "") {
        self.option = option; lower = range.lowerBound; upper = range.upperBound; whole = false; self.unit = unit
    }

    /// The range as its `--help` and its refusal say it: `1 to 1000`, `10 to 3600000 ms`.
    var text: String { Self.format(lower) + " to " + Self.format(upper) + (unit.isEmpty ? "" : " " + unit) }

    /// The option's help: `abstract` followed by its range in parentheses; `hidden` for the options only tests use
    /// (their range is in the help ArgumentParser dumps, not on the help screen).
    func help(_ abstract: String, hidden: Bool = false) -> ArgumentHelp {
        ArgumentHelp(abstract + " (" + text + ")", visibility: hidden ? .hidden : .default)
    }

    /// The one sentence that refuses `value` (as typed, or as parsed).
    func refusal(_ value: String) -> String {
        "\(option) must be \(whole ? "a whole number" : "a number") from \(text), got \(value.isEmpty ? "an empty value" : OptionText.shown(value))."
    }

    /// Throws the refusal when `value` is outside the range; nil (the option not given) passes.
    func check<Integer: BinaryInteger>(_ value: Integer?) throws {
        guard let value else { return }
        guard Double(value) >= lower, Double(value) <= upper else { throw ValidationError(refusal(String(value))) }
    }

    /// Throws the refusal when `value` is outside the range or not a number (NaN); nil passes.
    func check(_ value: Double?) throws {
        guard let value else { return }
        guard value >= lower, value <= upper else { throw ValidationError(refusal(Self.format(value))) }
    }

    /// A bound or value as a person writes it: `3600`, `0.001`, `nan`, `inf`.
    static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

/// How text from the command line appears in a sentence about it: on one line (control characters escaped, so a
/// value with a newline cannot split the sentence) and, for a value, at most 80 characters (a megabyte of text is not
/// repeated back).
enum OptionText {
    static let shownCharacters = 80

    /// `value` escaped and cut to ``shownCharacters``.
    static func shown(_ value: String) -> String { escaped(value, limit: shownCharacters) }

    /// `text` with its control characters (and the Unicode line and paragraph separators) as `\u{…}` escapes.
    static func escaped(_ text: String, limit: Int = .max) -> String {
        var out = ""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == limit {
                out += "…"
                break
            }
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
