import Foundation
import Logging

/// One log event as a line of text (pure: the time is given), in either `LogFormat`.
///
/// Text: `2026-11-25T02:03:04.123Z info coordinator: worker joined host=a.local slots=2 worker=w3` — the time
/// (ISO 8601, UTC, milliseconds), the level, the component, the message, then the metadata as `key=value` in key
/// order (a value with a space, a quote or an `=` in it, or an empty one, is quoted like a JSON string).
///
/// JSON: `{"timestamp":"2026-11-25T02:03:04.123Z","level":"info","component":"coordinator","message":"worker
/// joined","host":"a.local","slots":2,"worker":"w3"}` — the four fields first, then the metadata as fields of
/// their own in key order (integers and booleans as JSON numbers and booleans; a key that clashes with one of the
/// four gets a `meta_` prefix; lists and maps are JSON arrays and objects).
public enum LogLine {
    public static func render(
        _ format: LogFormat, time: Date, level: Logger.Level, component: String, message: String,
        metadata: Logger.Metadata
    ) -> String {
        let stamp = timestamp(time)
        let keys = metadata.keys.sorted()
        switch format {
        case .text:
            var line = "\(stamp) \(level.rawValue) \(component): \(message)"
            for key in keys { line += " \(key)=\(textValue(metadata[key]!))" }
            return line
        case .json:
            var line =
                "{\"timestamp\":\"\(stamp)\",\"level\":\"\(level.rawValue)\",\"component\":\(jsonString(component)),"
                + "\"message\":\(jsonString(message))"
            for key in keys {
                let name = reserved.contains(key) ? "meta_" + key : key
                line += ",\(jsonString(name)):\(jsonValue(metadata[key]!))"
            }
            return line + "}"
        }
    }

    static let reserved: Set<String> = ["timestamp", "level", "component", "message"]

    /// `2026-11-25T02:03:04.123Z`: UTC, milliseconds (truncated).
    public static func timestamp(_ time: Date) -> String {
        let totalMs = Int64((time.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(totalMs >= 0 ? totalMs / 1000 : (totalMs - 999) / 1000)
        let ms = Int(totalMs - Int64(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(ms), 3))Z"
    }

    static func textValue(_ value: Logger.MetadataValue) -> String {
        switch value {
        case .string(let s):
            let plain = !s.isEmpty && !s.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" || $0.isNewline })
            return plain ? s : jsonString(s)
        case .stringConvertible(let c): return textValue(.string(c.description))
        case .array, .dictionary: return jsonValue(value)
        }
    }

    static func jsonValue(_ value: Logger.MetadataValue) -> String {
        switch value {
        case .string(let s): return jsonString(s)
        case .stringConvertible(let c):
            if c is Bool || c is any BinaryInteger { return c.description }
            if let d = c as? Double, d.isFinite { return c.description }
            return jsonString(c.description)
        case .array(let items): return "[" + items.map(jsonValue).joined(separator: ",") + "]"
        case .dictionary(let map):
            return "{" + map.keys.sorted().map { "\(jsonString($0)):\(jsonValue(map[$0]!))" }.joined(separator: ",") + "}"
        }
    }

    /// `s` as a JSON string literal (Foundation's encoder: quotes, backslashes and control characters escaped).
    public static func jsonString(_ s: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(s)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
