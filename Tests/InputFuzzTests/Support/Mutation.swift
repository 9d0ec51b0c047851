import TestSupport

/// One way to damage an input's bytes. Deterministic: the same generator state gives the same damage.
enum Mutation: CaseIterable {
    /// One byte replaced by any byte (often not UTF-8).
    case flipByte
    /// The file cut at any byte (possibly inside a multi-byte character).
    case truncate
    /// A number replaced by a huge, tiny, negative, non-finite or non-integer one.
    case extremeNumber
    /// A line written twice (duplicate keys, ids, steps and records).
    case duplicateLine
    /// A line dropped.
    case deleteLine
    /// Two lines swapped (out-of-order steps, orphaned keys).
    case swapLines
    /// Bytes that are never UTF-8, or a sequence cut short, inserted anywhere.
    case invalidUTF8
    /// A number replaced by a deeply nested flow list, or (dumps) a chain of ever deeper records inserted.
    case deepNesting

    /// Values for `extremeNumber`: past every range, at and just past the documented bounds, and not numbers.
    static let extremes = [
        "1e16", "1e300", "-1e300", "1e400", "-1", "-0", "0", "1e-320", ".nan", ".inf", "-.inf", "nan", "inf",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551616",
        "99999999999999999999999999999", "3600000", "3600000.001", "1000000", "1000001", "-1000001", "0.9999",
        "0.99999", "100", "101", "10000", "200", "201", "0x10", "1_000", "4.5e15", "2.5"
    ]

    /// Applies this mutation to `bytes` (`dump` selects the dump form of `deepNesting`).
    func apply(to bytes: [UInt8], dump: Bool, rng: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        switch self {
        case .flipByte:
            guard !bytes.isEmpty else { return [UInt8(rng.int(0 ... 255))] }
            bytes[rng.int(0 ... bytes.count - 1)] = UInt8(rng.int(0 ... 255))
        case .truncate:
            bytes = Array(bytes.prefix(rng.int(0 ... bytes.count)))
        case .extremeNumber:
            let ranges = Self.numberRanges(in: bytes)
            guard !ranges.isEmpty else { return bytes }
            bytes.replaceSubrange(rng.pick(ranges), with: Array(rng.pick(Self.extremes).utf8))
        case .duplicateLine, .deleteLine, .swapLines:
            var lines = Self.lines(bytes)
            guard !lines.isEmpty else { return bytes }
            let i = rng.int(0 ... lines.count - 1)
            switch self {
            case .duplicateLine: lines.insert(lines[i], at: i)
            case .deleteLine: lines.remove(at: i)
            default: lines.swapAt(i, rng.int(0 ... lines.count - 1))
            }
            bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        case .invalidUTF8:
            let junk: [[UInt8]] = [[0xFF], [0xFE], [0xC3, 0x28], [0xE2, 0x82], [0xF0, 0x90, 0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x80]]
            bytes.insert(contentsOf: rng.pick(junk), at: rng.int(0 ... bytes.count))
        case .deepNesting:
            if dump {
                // Around the 200 levels a scenario's views may nest (a deeper chain only makes the dump bigger).
                let depth = rng.pick([20, 150, 198, 199, 200, 201, 250])
                var lines = Self.lines(bytes)
                let at = rng.int(0 ... lines.count)
                let chain = (1 ... depth).map { level in
                    Array((String(repeating: "   | ", count: level) + "<UIView: 0x\(level + 4096); frame = (0 0; 10 10); layer = <CALayer: 0x1>>").utf8)
                }
                lines.insert(contentsOf: chain, at: at)
                bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
            } else {
                // Around the YAML parser's limit of 1000 levels, and far past it.
                let depth = rng.pick([20, 200, 401, 999, 1000, 1001, 3000])
                let nested = Array((String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)).utf8)
                let ranges = Self.numberRanges(in: bytes)
                if !ranges.isEmpty {
                    bytes.replaceSubrange(rng.pick(ranges), with: nested)
                } else {
                    bytes += Array("\nx: ".utf8) + nested
                }
            }
        }
        return bytes
    }

    /// The byte ranges of decimal numbers (`12`, `-3.5`, `1e3`).
    static func numberRanges(in bytes: [UInt8]) -> [Range<Int>] {
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        var ranges: [Range<Int>] = []
        var i = 0
        while i < bytes.count {
            guard isDigit(bytes[i]) else { i += 1; continue }
            var start = i
            if start > 0, bytes[start - 1] == UInt8(ascii: "-") { start -= 1 }
            while i < bytes.count, isDigit(bytes[i]) || bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "e") { i += 1 }
            ranges.append(start ..< i)
        }
        return ranges
    }

    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    }
}
