/// Number formatting for report files: fixed-point, locale-free, identical on every platform.
///
/// Contract of ``fixed(_:digits:)``:
/// - The result is the exact binary value of `v` (not its shortest decimal spelling) rounded to `digits`
///   decimal places, ties away from zero, written as `[-]integer[.fraction]` with exactly `digits`
///   fraction digits and at least one integer digit: `fixed(0.5, digits: 4) == "0.5000"`,
///   `fixed(2.5, digits: 0) == "3"`, `fixed(1.005, digits: 2) == "1.00"` (1.005 is stored as 1.00499…).
/// - Never scientific notation, whatever the magnitude; never a negative zero: a value that rounds to
///   zero is written without a sign (`fixed(-0.00001, digits: 4) == "0.0000"`).
/// - NaN is written as the empty string, so in a CSV file it is an empty field ("no value").
/// - +∞ and −∞ are written `inf` and `-inf` (read back as infinities by pandas and R).
/// - Computed from the value's significand and exponent with integer (decimal digit) arithmetic, after a
///   fast path that uses the IEEE product `v · 10^digits` only where it provably decides the same rounding;
///   no `String(format:)`, no locale, no platform `printf`.
public enum ReportNumber {
    /// Fixed-point text for `v` with `digits` decimal places (see the type's contract).
    /// - Precondition: `0 <= digits <= 30`.
    public static func fixed(_ v: Double, digits: Int) -> String {
        precondition((0 ... 30).contains(digits), "fixed-point digits must be in 0...30, got \(digits)")
        if v.isNaN { return "" }
        if v.isInfinite { return v < 0 ? "-inf" : "inf" }
        if let scaled = quickRounded(v.magnitude, digits: digits) {
            return layout(scaled, negative: v < 0 && scaled != 0, digits: digits)
        }
        var number = DecimalDigits(exactly: v.magnitude) // value = number / 10^fractionDigits
        if number.fractionDigits > digits {
            let drop = number.fractionDigits - digits
            let roundUp = number.digit(at: drop - 1) >= 5
            number.dropLowDigits(drop)
            if roundUp { number.increment() }
        } else {
            number.appendZeros(digits - number.fractionDigits)
        }
        let text = layout(number.decimalString(), digits: digits)
        return v < 0 && !number.isZero ? "-" + text : text
    }

    /// The fast path: `round(m · 10^digits)` for a non-negative `m` when the double product decides the
    /// rounding exactly, that is when the product is below 2^52 and its fraction is more than two ulps away
    /// from one half (the product is off the exact value by at most half an ulp). `nil` otherwise.
    private static func quickRounded(_ m: Double, digits: Int) -> Int? {
        guard digits <= 15 else { return nil }
        var power = 1.0
        for _ in 0 ..< digits { power *= 10 } // exact up to 10^22
        let scaled = m * power
        guard scaled < 0x1p52 else { return nil }
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole // exact
        guard abs(fraction - 0.5) > 2 * scaled.ulp else { return nil }
        return Int(whole) + (fraction > 0.5 ? 1 : 0)
    }

    /// Decimal digits of the scaled integer, laid out with `digits` fraction digits and a leading `0.` if needed.
    private static func layout(_ integerDigits: String, digits: Int) -> String {
        let given = Array(integerDigits.utf8)
        var bytes = [UInt8](repeating: 0x30, count: max(0, digits + 1 - given.count))
        bytes.reserveCapacity(max(given.count, digits + 1) + 1)
        bytes += given
        if digits > 0 { bytes.insert(0x2E, at: bytes.count - digits) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``layout(_:digits:)`` of a non-negative scaled integer below 2^52 (the fast path's), with its sign, as one
    /// string (``writeLayout(_:negative:digits:_:)``).
    private static func layout(_ scaled: Int, negative: Bool, digits: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            let start = writeLayout(scaled, negative: negative, digits: digits, buffer)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    /// Writes the fast path's text from the last digit back to the end of `buffer` (64 bytes) and returns where it
    /// starts: at least `digits + 1` digits (a leading `0.`), the point before the last `digits` of them, the sign.
    private static func writeLayout(_ scaled: Int, negative: Bool, digits: Int, _ buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var n = scaled, i = buffer.count, written = 0
        repeat {
            i -= 1
            buffer[i] = 0x30 + UInt8(n % 10)
            n /= 10
            written += 1
            if written == digits {
                i -= 1
                buffer[i] = 0x2E
            }
        } while n > 0 || written <= digits
        if negative {
            i -= 1
            buffer[i] = 0x2D
        }
        return i
    }

    /// ``fixed(_:digits:)``'s text appended to `out` as UTF-8 (for writers that build a file's bytes).
    public static func appendFixed(_ v: Double, digits: Int, to out: inout [UInt8]) {
        precondition((0 ... 30).contains(digits), "fixed-point digits must be in 0...30, got \(digits)")
        guard v.isFinite, let scaled = quickRounded(v.magnitude, digits: digits) else {
            return out.append(contentsOf: fixed(v, digits: digits).utf8)
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            let start = writeLayout(scaled, negative: v < 0 && scaled != 0, digits: digits, buffer)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// ``integer(_:)``'s text appended to `out` as UTF-8.
    public static func appendInteger(_ v: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var n = v.magnitude, i = buffer.count
            repeat {
                i -= 1
                buffer[i] = 0x30 + UInt8(n % 10)
                n /= 10
            } while n > 0
            if v < 0 {
                i -= 1
                buffer[i] = 0x2D
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i...]))
        }
    }

    /// `fixed` for an optional value: `nil` is written as the empty string, like NaN.
    public static func fixed(_ v: Double?, digits: Int) -> String {
        guard let v else { return "" }
        return fixed(v, digits: digits)
    }

    /// Decimal text for an integer: optional `-`, digits, no grouping separators.
    public static func integer(_ v: Int) -> String { String(v) }

    /// A rate as a person reads it: a percentage with one decimal (`0.1413` → `14.1%`); nil or NaN → `–`.
    /// The CSV files keep ``fixed(_:digits:)``'s 4-decimal fractions.
    public static func percent(_ v: Double?) -> String {
        guard let v, !v.isNaN else { return "–" }
        return fixed(v * 100, digits: 1) + "%"
    }

    /// A 95% interval as percentages: `4.1–39.0%`.
    public static func percentInterval(_ low: Double?, _ high: Double?) -> String {
        guard let low, let high, !low.isNaN, !high.isNaN else { return "–" }
        return fixed(low * 100, digits: 1) + "–" + percent(high)
    }

    /// A difference of two rates in percentage points (`0.1096` → `11.0 points`).
    public static func points(_ v: Double?) -> String {
        guard let v, !v.isNaN else { return "–" }
        return fixed(v * 100, digits: 1) + " points"
    }
}

/// A non-negative integer as little-endian decimal digits, with a count of implied fraction digits.
private struct DecimalDigits {
    private(set) var digits: [UInt8] = [] // least significant first; empty means zero
    private(set) var fractionDigits = 0

    /// The exact value of a finite, non-negative double: m · 2^e is m · 5^-e / 10^-e when e < 0.
    init(exactly v: Double) {
        guard v != 0 else { return }
        let significand = v.significandBitPattern | (v.isNormal ? 1 << 52 : 0)
        let exponent = v.isNormal ? Int(v.exponentBitPattern) - 1075 : -1074
        var m = significand
        while m > 0 { digits.append(UInt8(m % 10)); m /= 10 }
        if exponent >= 0 {
            for _ in 0 ..< exponent { multiply(by: 2) }
        } else {
            for _ in 0 ..< (-exponent) { multiply(by: 5) }
            fractionDigits = -exponent
        }
    }

    var isZero: Bool { digits.allSatisfy { $0 == 0 } }

    func digit(at index: Int) -> UInt8 { index < digits.count ? digits[index] : 0 }

    mutating func multiply(by factor: UInt8) {
        var carry: UInt8 = 0
        for i in digits.indices {
            let product = digits[i] * factor + carry
            digits[i] = product % 10
            carry = product / 10
        }
        if carry > 0 { digits.append(carry) }
    }

    mutating func dropLowDigits(_ count: Int) {
        digits.removeFirst(min(count, digits.count))
        fractionDigits -= count
    }

    mutating func appendZeros(_ count: Int) {
        if !digits.isEmpty { digits.insert(contentsOf: repeatElement(0, count: count), at: 0) }
        fractionDigits += count
    }

    mutating func increment() {
        for i in digits.indices {
            if digits[i] < 9 { digits[i] += 1; return }
            digits[i] = 0
        }
        digits.append(1)
    }

    /// Most significant digit first ("" for zero).
    func decimalString() -> String {
        var text = ""
        for d in digits.reversed() { text.unicodeScalars.append(Unicode.Scalar(48 + d)) }
        return text
    }
}
