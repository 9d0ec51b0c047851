/// How a 64-bit seed is written where a person or a data tool reads it (examples.csv's `tree_seed`, `sweep trees`):
/// `0x` and 16 lowercase hex digits, e.g. `0x8641650874ab597e`. The prefix keeps Excel, pandas, JavaScript and
/// csvkit reading it as text, so no digit is lost above 2^53 (docs/reports.md, "Reading the CSV files").
public enum SeedText {
    /// `0x` and exactly 16 lowercase hex digits.
    public static func hex(_ seed: UInt64) -> String {
        let digits = String(seed, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A seed as a person may type it back: `0x` (or `0X`) and 1 to 16 hex digits, or a decimal integer from 0 to
    /// 2^64 − 1; nil for anything else.
    public static func parse(_ text: String) -> UInt64? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            let digits = text.dropFirst(2)
            guard (1 ... 16).contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
            return UInt64(digits, radix: 16)
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return UInt64(text)
    }
}
