import ScenarioKit
import TouchEngine

/// The character-level grammar of one dump record (see `DumpParser` for the line-level rules).
enum RecordScanner {
    /// The class name of a record that starts with `<Name: 0x` (or `<<Name: 0x`), else nil. Two variants of real
    /// dumps are read too: the address-less records of swift-snapshot-testing's `.recursiveDescription` strategy
    /// (`<UITableView; frame = (0 0; 320 568); …>`), and names whose `_` a markdown source escaped (`<\_UILabel: 0x…`,
    /// read as `_UILabel`).
    static func className<S: StringProtocol>(_ record: S) -> String? {
        var s = Substring(record)
        guard s.first == "<" else { return nil }
        s = s.dropFirst()
        if s.first == "<" { s = s.dropFirst() }
        guard let end = s.firstIndex(where: { $0 == ":" || $0 == ";" }) else { return nil }
        let printed = s[..<end]
        let name = printed.contains("\\_") ? Substring(printed.replacing("\\_", with: "_")) : printed
        guard isClassName(name) else { return nil }
        let rest = s[end...].dropFirst().trimmingWhitespace()
        if s[end] == ":" { return rest.hasPrefix("0x") ? String(name) : nil }
        return startsAddresslessAttributes(rest) ? String(name) : nil
    }

    /// What follows the class of an address-less record: `frame = (…`, or attributes (`baseClass = UIScrollView;
    /// frame = (…`, `identifier = 'login'; frame = (…`, as swift-snapshot-testing prints an app subclass) that lead
    /// to a `frame = (` on the same line.
    static func startsAddresslessAttributes(_ rest: Substring) -> Bool {
        if rest.hasPrefix("frame = (") { return true }
        guard let eq = rest.range(of: " = ") else { return false }
        let key = rest[..<eq.lowerBound]
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return false }
        return rest.contains("; frame = (")
    }

    /// A class name as a dump prints it: letters, digits, `_`, `.`, `$`, and a Swift generic's arguments in balanced
    /// angle brackets (`_UIHostingView<ContentView>`, `UIHostingView<ModifiedContent<A, B>>`).
    static func isClassName(_ name: Substring) -> Bool {
        guard let first = name.first, first != "<" else { return false }
        var depth = 0
        for c in name {
            switch c {
            case "<": depth += 1
            case ">":
                depth -= 1
                if depth < 0 { return false }
            case ",", " ": if depth == 0 { return false }
            default: if !(c.isLetter || c.isNumber || c == "_" || c == "." || c == "$") { return false }
            }
        }
        return depth == 0
    }

    /// The index of the `>` that closes the record `body` starts with (the inner record of `<<…`), or nil
    /// when the text ends first.
    static func recordEnd(_ body: String) -> String.Index? {
        var i = body.startIndex
        if body.hasPrefix("<<") { i = body.index(after: i) }
        var angle = 0
        var inQuote = false
        var lastSignificant: Character = " "
        while i < body.endIndex {
            let c = body[i]
            let next = body.index(after: i)
            if inQuote {
                // A quote closes only where an attribute or the record would end: `'Hold'em'` stays open.
                if c == "'" && (next == body.endIndex || body[next] == ";" || body[next] == ">") { inQuote = false }
            } else {
                switch c {
                case "'" where lastSignificant == "=": inQuote = true
                case "<": angle += 1
                case ">":
                    angle -= 1
                    if angle == 0 { return i }
                default: break
                }
                if c != " " && c != "\t" { lastSignificant = c }
            }
            i = next
        }
        return nil
    }

    /// Splits `text` at `separator` where it is not nested in `<>`, `()`, `{}`, `[]` or quoted text.
    static func splitTopLevel(_ text: Substring, _ separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        walk(text) { c, i, depth in
            if c == separator && depth == 0 {
                parts.append(text[start ..< i])
                start = text.index(after: i)
            }
        }
        parts.append(text[start...])
        return parts
    }

    /// Whether `text` closes every bracket and quote it opens (an attribute that an elision did not cut).
    static func isBalanced(_ text: Substring) -> Bool {
        let end = walk(text) { _, _, _ in }
        return end.depth == 0 && !end.inQuote
    }

    /// Walks `text`, calling `visit` with each character outside quoted text that is not a bracket, its index and
    /// the bracket depth there; returns the depth at the end and whether a quote is still open. A quote opens
    /// after `=` and closes before `;` or the end.
    @discardableResult
    static func walk(_ text: Substring, _ visit: (Character, Substring.Index, Int) -> Void) -> (depth: Int, inQuote: Bool) {
        var depth = 0
        var inQuote = false
        var lastSignificant: Character = " "
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            let next = text.index(after: i)
            if inQuote {
                if c == "'" && (next == text.endIndex || text[next] == ";") { inQuote = false }
            } else {
                switch c {
                case "'" where lastSignificant == "=": inQuote = true
                case "<", "(", "{", "[": depth += 1
                case ">", ")", "}", "]": depth -= 1
                default: visit(c, i, depth)
                }
                if c != " " && c != "\t" { lastSignificant = c }
            }
            i = next
        }
        return (depth, inQuote)
    }

    /// Attributes the importer reads.
    static let readKeys: Set<String> = [
        "frame", "hidden", "alpha", "userInteractionEnabled", "clipsToBounds",
        "gestureRecognizers", "baseClass", "contentOffset", "contentSize",
        "adjustedContentInset", "contentInset"
    ]
    /// Attributes a description (or a tool) prints that play no part in touch handling: read past silently.
    /// Drawing (`backgroundColor`, `tintColor`, `opaque`, `contentMode`, layer details), layout (`autoresize`,
    /// `autoresizesSubviews`, `layoutMargins`, `anchorPoint`, `position`, `center`, `zPosition`) and content
    /// (`text`, `image`, `tag`, `animations`, a slider's `value`) change what a view shows, not which view a touch hits.
    static let ignoredKeys: Set<String> = [
        "layer", "opaque", "autoresize", "autoresizesSubviews", "tag", "text",
        "animations", "tintColor", "placeholder", "borderStyle", "background",
        "backgroundColor", "configuration", "dataSource", "delegate", "layout",
        "collectionViewLayout", "font", "textColor", "image", "title", "name", "minSize",
        "maxSize", "textContainer", "exclusionPaths", "lineBreakMode", "layoutMargins",
        "directionalLayoutMargins", "preservesSuperviewLayoutMargins",
        "insetsLayoutMarginsFromSafeArea", "keyboardAppearance", "tintAdjustmentMode",
        "semanticContentAttribute", "effect", "anchorPoint", "position", "center",
        "zPosition", "contentMode", "contentScaleFactor", "cornerRadius", "masksToBounds",
        "borderWidth", "borderColor", "shadowColor", "shadowOpacity", "shadowOffset",
        "shadowRadius", "attributedText", "textAlignment", "numberOfLines",
        "accessibilityLabel", "accessibilityIdentifier", "identifier",
        "showsHorizontalScrollIndicator", "showsVerticalScrollIndicator",
        "translatesAutoresizingMaskIntoConstraints", "overrideUserInterfaceStyle",
        "value", "minimumValue", "maximumValue"
    ]

    /// `layer.…` attributes read past: the layer's drawing. (`layer.hidden` and `layer.transform` would change
    /// the hit test and are warned about as unknown.)
    static let ignoredLayerKeys: Set<String> = [
        "opaque", "anchorPoint", "position", "zPosition", "cornerRadius",
        "masksToBounds", "backgroundColor", "borderWidth", "borderColor",
        "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "contents",
        "contentsScale", "delegate", "name", "mask", "allowsGroupOpacity"
    ]

    /// Whether `key` is read past silently.
    static func isIgnored(_ key: String) -> Bool {
        if key.hasPrefix("layer.") { return ignoredLayerKeys.contains(String(key.dropFirst(6))) }
        return ignoredKeys.contains(key)
    }

    /// Whether a `transform = [a, b, c, d, tx, ty]` leaves hit testing as the frame says: the identity or a
    /// translation (the printed frame is then the view's exact place).
    static func movesOnly(_ transform: Substring) -> Bool {
        guard let n = numbers(transform, open: "[", close: "]"), n.count == 6 else { return false }
        return n[0] == 1 && n[1] == 0 && n[2] == 0 && n[3] == 1
    }

    /// The factors of a `transform = [a, 0, 0, d, tx, ty]` that scales or flips without turning (a and d finite and
    /// within `ScenarioLimits.scaleFactor`): the printed frame and these give back the untransformed frame. Nil for
    /// anything else (a rotation needs the bounds size, which the dump does not print).
    static func axisScale(_ transform: Substring) -> Point? {
        guard let n = numbers(transform, open: "[", close: "]"), n.count == 6, n[1] == 0, n[2] == 0,
            ScenarioLimits.scaleFactor.contains(abs(n[0])), ScenarioLimits.scaleFactor.contains(abs(n[3]))
        else { return nil }
        return Point(n[0], n[3])
    }

    /// Parses one complete record (`<` … up to, not including, its closing `>`). Nil when the first part is not
    /// `Class: 0xADDRESS`.
    static func parse(_ record: Substring, line: Int, depth: Int, warnings: inout [ImportWarning]) -> DumpRecord? {
        var body = record.dropFirst()
        if body.first == "<" { body = body.dropFirst() }
        let parts = splitTopLevel(body, ";")
        guard let head = parts.first, let name = className("<" + head) ?? addressless(head, parts) else { return nil }
        var r = DumpRecord(line: line, depth: depth, className: name)
        var sawFrame = false
        defer {
            if !sawFrame { warnings.append(ImportWarning(line: line, "\(name) has no frame; read as zero")) }
        }
        for part in parts.dropFirst() {
            let item = part.trimmingWhitespace()
            if item.isEmpty { continue }
            guard let (key, value) = keyValue(item) else {
                warnings.append(ImportWarning(line: line, "unreadable attribute '\(excerpt(item))' of \(name) ignored"))
                continue
            }
            if key == "frame" { sawFrame = true }
            if key == "animations" { r.animatedKeys = animationKeys(value) }
            if isIgnored(key) { continue }
            if key == "transform" {
                if movesOnly(value) { continue }
                if let scale = axisScale(value) {
                    r.axisScale = scale
                    continue
                }
                warnings.append(
                    ImportWarning(
                        line: line,
                        "the transform of \(name) turns it, and the dump does not print its bounds: "
                            + "its frame (the transformed bounding box) is used as is, without the transform"))
                continue
            }
            guard readKeys.contains(key) else {
                warnings.append(ImportWarning(line: line, "unknown attribute '\(key)' of \(name) ignored"))
                continue
            }
            if !read(key, value, into: &r) {
                warnings.append(ImportWarning(line: line, "unreadable value '\(excerpt(value))' of '\(key)' of \(name) ignored"))
            }
        }
        return r
    }

    /// `key = value` or `key: value`.
    static func keyValue(_ item: Substring) -> (String, Substring)? {
        guard let sep = item.firstIndex(where: { $0 == "=" || $0 == ":" }) else { return nil }
        let key = item[..<sep].trimmingWhitespace()
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " || $0 == "." }) else { return nil }
        let compact = key.split(separator: " ").enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }
        return (compact.joined(), item[item.index(after: sep)...].trimmingWhitespace())
    }

    /// Reads a known attribute; false when the value does not parse (the attribute is then ignored).
    static func read(_ key: String, _ value: Substring, into r: inout DumpRecord) -> Bool {
        switch key {
        case "frame":
            guard let n = numbers(value, open: "(", close: ")"), n.count == 4 else { return false }
            r.frame = Rect(n[0], n[1], n[2], n[3])
        case "hidden", "userInteractionEnabled", "clipsToBounds":
            guard value == "YES" || value == "NO" else { return false }
            let yes = value == "YES"
            if key == "hidden" {
                r.isHidden = yes
            } else if key == "clipsToBounds" {
                r.clipsToBounds = yes
            } else {
                r.isUserInteractionEnabled = yes
            }
        case "alpha":
            guard let a = Double(value) else { return false }
            r.alpha = a
        case "gestureRecognizers":
            r.hasGestureRecognizers = value != "(null)"
        case "baseClass":
            guard className("<\(value): 0x0") != nil else { return false }
            r.baseClass = String(value)
        case "contentOffset":
            guard let n = numbers(value, open: "{", close: "}"), n.count == 2 else { return false }
            r.contentOffset = Point(n[0], n[1])
        case "contentSize":
            guard let n = numbers(value, open: "{", close: "}"), n.count == 2 else { return false }
            r.contentSize = Size(n[0], n[1])
        default: // adjustedContentInset, contentInset (the adjusted one wins)
            // iOS 26 prints the scroll edge effects after the inset (`{74, 0, 34, 0} topEdge=<style=automatic …>`):
            // how the bars are drawn, read past.
            guard let n = numbers(leadingBraces(value), open: "{", close: "}"), n.count == 4 else { return false }
            if key == "contentInset" && r.contentInset != nil { return true }
            r.contentInset = EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
        }
        return true
    }

    /// The numbers of `(x y; w h)` or `{a, b, …}`: separated by spaces, commas or semicolons. `nan` and `inf`
    /// read as numbers (the importer decides what to do with them). Binary floating-point noise in the printed
    /// digits (`34.33330000000001`, `1698.6666666666665`) is rounded off at a millionth of a point.
    static func numbers(_ value: Substring, open: Character, close: Character) -> [Double]? {
        guard value.first == open, value.last == close else { return nil }
        var result: [Double] = []
        for token in value.dropFirst().dropLast().split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" }) {
            guard let d = Double(token) else { return nil }
            result.append(denoised(d))
        }
        return result
    }

    /// The key paths of an `animations = { key=<…>; … }` value (entries whose key is no key path are left out).
    static func animationKeys(_ value: Substring) -> [String] {
        guard value.first == "{", value.last == "}" else { return [] }
        return splitTopLevel(value.dropFirst().dropLast(), ";").compactMap { entry in
            let item = entry.trimmingWhitespace()
            guard let eq = item.firstIndex(of: "=") else { return nil }
            let key = item[..<eq].trimmingWhitespace()
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }) else { return nil }
            return String(key)
        }
    }

    /// `d` rounded to six decimals where it is finite and small enough for that to be exact arithmetic.
    static func denoised(_ d: Double) -> Double {
        guard d.isFinite, abs(d) < 1e9 else { return d }
        let rounded = (d * 1e6).rounded() / 1e6
        return rounded == 0 ? 0 : rounded
    }

    /// The `{…}` a value starts with, without what follows it (`{74, 0, 34, 0} topEdge=<…>` → `{74, 0, 34, 0}`).
    static func leadingBraces(_ value: Substring) -> Substring {
        guard value.first == "{", let close = value.firstIndex(of: "}") else { return value }
        return value[...close]
    }

    /// At most 40 characters of `text`, for messages.
    static func excerpt(_ text: Substring) -> String {
        let flat = String(text.replacing("\n", with: " "))
        return flat.count <= 40 ? flat : String(flat.prefix(37)) + "..."
    }
}

extension RecordScanner {
    /// The class of an address-less record (`UITableView` of `<UITableView; frame = (…); …>`): a bare class name
    /// followed by attributes, one of them its frame (`<MyApp.FormView; baseClass = UIScrollView; frame = (…)>`).
    static func addressless(_ head: Substring, _ parts: [Substring]) -> String? {
        guard parts.count > 1, parts.dropFirst().contains(where: { $0.trimmingWhitespace().hasPrefix("frame = (") }) else { return nil }
        return className("<" + head + "; frame = (")
    }
}
