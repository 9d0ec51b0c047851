import ScenarioKit
import TouchEngine

/// An accessibility tree → the records `ScreenImporter.importRecords` turns into a screen (docs/real-screens.md,
/// "Accessibility trees"). In order:
/// 1. The Home Screen's tree (SpringBoard) is refused: the app was not in front.
/// 2. The window: under the application, `Window (Main)` where the format marks it, else the window with the most
///    elements that is not a keyboard's or the status bar's (one holding a `Keyboard` or `StatusBar`); ties go to
///    the first. Formats without windows (idb, Maestro) give the application, which stands for the window.
/// 3. Elements dropped with what is nested in them: scroll-indicator elements (read as the sign of a scroll view),
///    and elements hidden by the format's flag (WDA `visible="false"`), with an empty frame, or wholly off screen.
///    A dropped element that holds an element that is kept stays, as its container.
/// 4. Types to UIKit classes (`AccessibilityTypeTable`); `Disabled` controls are disabled, other disabled elements
///    take no touches. Frames become superview-relative; a scroll view's offset is inferred from content lying above
///    or left of it, else zero; every default assumed is a warning.
enum AccessibilityTreeBuilder {
    static func records(_ tree: AccessibilityTree, file: String, declaredRecognizers: Bool) throws(DumpRefusal) -> DumpParser.Result {
        var warnings = tree.warnings
        var notes = tree.notes
        let elements = tree.elements
        guard !elements.isEmpty else { throw DumpRefusal(file: file, message: "\(tree.format.title) with no element; nothing to import") }
        guard elements.count <= AccessibilityLimits.elements else {
            throw DumpRefusal(
                file: file, line: elements[AccessibilityLimits.elements].line,
                message: "the tree holds more than \(AccessibilityLimits.elements) elements, more than a screen's tree may hold; refused")
        }
        try refuseHomeScreen(tree, file: file)
        var children = [[Int]](repeating: [], count: elements.count)
        for (i, e) in elements.enumerated() { if let p = e.parent { children[p].append(i) } }
        let root = chooseRoot(tree, children: children, notes: &notes)
        let screen = elements[root].frame.flatMap { $0.size.width > 0 && $0.size.height > 0 ? $0 : nil }
        let (keep, scrollEvidence, dropped) = kept(elements, root: root, children: children, screen: screen)
        notes += dropNotes(dropped, elements: elements)
        // The records, in document order.
        var records: [DumpRecord] = []
        var recordOf = [Int?](repeating: nil, count: elements.count)
        var origin = [Point](repeating: .zero, count: elements.count)
        var offset = [Point](repeating: .zero, count: elements.count)
        var unknownTypes: [String: Int] = [:]
        var scrollViews: [(line: Int, type: String, offset: Point, inferred: Bool)] = []
        var maestroKinds = (fields: 0, scrolls: 0)
        for i in elements.indices where keep[i] {
            let e = elements[i]
            let parentRecord = i == root ? nil : e.parent.flatMap { recordOf[$0] }
            let parentElement = parentRecord.map { _ in e.parent ?? root }
            let (type, className) = Self.classOf(
                i, root: root, elements: elements, keep: keep, scrollEvidence: scrollEvidence, maestroKinds: &maestroKinds,
                unknownTypes: &unknownTypes)
            var record = DumpRecord(line: e.line, depth: parentRecord.map { records[$0].depth + 1 } ?? 0, className: className)
            record.parent = parentRecord
            record.column = e.column
            let frame = e.frame ?? Rect(0, 0, 0, 0)
            origin[i] = frame.origin
            if let p = parentElement {
                record.frame = Rect(
                    frame.origin.x - origin[p].x + offset[p].x, frame.origin.y - origin[p].y + offset[p].y, frame.size.width, frame.size.height)
            } else {
                record.frame = i == root ? Rect(0, 0, frame.size.width, frame.size.height) : frame
            }
            let kind = ClassTable.resolve(className, baseClass: nil).kind
            if !e.isEnabled && i != root {
                if kind.isControl { record.isEnabled = false } else { record.isUserInteractionEnabled = false }
            }
            // An accessibility element is no view: only what is a target takes a touch; containers, text and images
            // let it through to what lies behind (a full-screen `Other` over the content would otherwise take them all).
            record.passesThrough = i != root && !(kind.isControl || kind == .cell || kind.isScrollView || kind.isTextInput)
            if kind.isScrollView {
                // Content above or left of the viewport: the offset that brought it there.
                var least = frame.origin
                for c in children[i] where keep[c] {
                    if let f = elements[c].frame { least = Point(min(least.x, f.origin.x), min(least.y, f.origin.y)) }
                }
                offset[i] = Point(frame.origin.x - least.x, frame.origin.y - least.y)
                record.contentOffset = offset[i]
                scrollViews.append((e.line, type, offset[i], offset[i] != .zero))
            }
            recordOf[i] = records.count
            records.append(record)
        }
        // Names stay unique when elements share a line (idb's one-line JSON, one-line XML): the column joins them.
        var perLine: [Int: Int] = [:]
        for r in records { perLine[r.line, default: 0] += 1 }
        for i in records.indices where perLine[records[i].line, default: 0] < 2 { records[i].column = nil }
        warnings += assumedDefaults(tree, scrollViews: scrollViews, declaredRecognizers: declaredRecognizers, maestroKinds: maestroKinds)
        if !unknownTypes.isEmpty {
            let list = unknownTypes.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
            warnings.append(ImportWarning(line: 0, "element types the type table does not know, imported as plain views: \(list)"))
        }
        return DumpParser.Result(records: records, warnings: warnings, notes: notes)
    }

    /// Which elements are kept (decided in reverse document order: what is nested in an element comes after it), the
    /// elements a scroll indicator shows to be scroll views, and what was dropped and why (`dropNotes`).
    static func kept(
        _ elements: [AccessibilityElement], root: Int, children: [[Int]], screen: Rect?
    ) -> (keep: [Bool], scrollEvidence: Set<Int>, dropped: (flag: [Int], empty: [Int], offscreen: [Int], indicators: Int, containers: [Int])) {
        var inSubtree = [Bool](repeating: false, count: elements.count)
        inSubtree[root] = true
        var indicator = [Bool](repeating: false, count: elements.count)
        var scrollEvidence = Set<Int>()
        for i in elements.indices where i != root {
            guard let p = elements[i].parent, inSubtree[p] else { continue }
            inSubtree[i] = true
            indicator[i] = indicator[p] || elements[i].isScrollIndicator
            if elements[i].isScrollIndicator && !indicator[p] { scrollEvidence.insert(p) }
        }
        var keep = [Bool](repeating: false, count: elements.count)
        var dropped = (flag: [Int](), empty: [Int](), offscreen: [Int](), indicators: 0, containers: [Int]())
        for i in elements.indices.reversed() where inSubtree[i] {
            if indicator[i] {
                if elements[i].isScrollIndicator { dropped.indicators += 1 }
                continue
            }
            let e = elements[i]
            let holdsKept = children[i].contains { keep[$0] }
            if i == root {
                keep[i] = true
            } else if e.isVisible == false {
                if holdsKept { dropped.containers.append(i) } else { dropped.flag.append(i) }
                keep[i] = holdsKept
            } else if let f = e.frame, !(f.size.width > 0 && f.size.height > 0) {
                if holdsKept { dropped.containers.append(i) } else { dropped.empty.append(i) }
                keep[i] = holdsKept
            } else if let f = e.frame, let screen, !intersects(f, screen) {
                if holdsKept { dropped.containers.append(i) } else { dropped.offscreen.append(i) }
                keep[i] = holdsKept
            } else {
                keep[i] = true
            }
        }
        return (keep, scrollEvidence, dropped)
    }

    /// Element `i`'s type (Maestro's untyped elements read as text fields by their placeholder, as scroll views by
    /// their scroll bars) and the UIKit class it is imported as (the root is the window; an unknown type is a plain
    /// view, counted in `unknownTypes`).
    static func classOf(
        _ i: Int, root: Int, elements: [AccessibilityElement], keep: [Bool], scrollEvidence: Set<Int>,
        maestroKinds: inout (fields: Int, scrolls: Int), unknownTypes: inout [String: Int]
    ) -> (type: String, className: String) {
        let e = elements[i]
        var type = e.type ?? "Other"
        if e.type == nil {
            // Maestro: no types; a placeholder says text field, scroll-bar elements say scroll view.
            if !e.placeholder.isEmpty {
                type = "TextField"
                maestroKinds.fields += 1
            } else if scrollEvidence.contains(i) {
                type = "ScrollView"
                maestroKinds.scrolls += 1
            }
        } else if scrollEvidence.contains(i) && (type == "Other" || type == "GenericElement") {
            type = "ScrollView"
        }
        let className: String
        if i == root {
            className = "UIWindow"
        } else if let known = AccessibilityTypeTable.className(for: type, container: container(of: i, in: elements, keep: keep)) {
            className = known
        } else {
            className = "UIView"
            unknownTypes[type, default: 0] += 1
        }
        return (type, className)
    }

    static func intersects(_ a: Rect, _ b: Rect) -> Bool {
        a.origin.x < b.origin.x + b.size.width && b.origin.x < a.origin.x + a.size.width && a.origin.y < b.origin.y + b.size.height
            && b.origin.y < a.origin.y + a.size.height
    }

    /// The type of the nearest kept `Table` or `CollectionView` above element `i`.
    static func container(of i: Int, in elements: [AccessibilityElement], keep: [Bool]) -> String? {
        var p = elements[i].parent
        while let c = p {
            if keep[c], let t = elements[c].type, t == "Table" || t == "CollectionView" { return t }
            p = elements[c].parent
        }
        return nil
    }

    /// The element that becomes the window (see the type's documentation).
    static func chooseRoot(_ tree: AccessibilityTree, children: [[Int]], notes: inout [String]) -> Int {
        let elements = tree.elements
        guard elements[0].type == "Application" else { return 0 }
        let windows = children[0].filter { elements[$0].type == "Window" }
        guard !windows.isEmpty else { return 0 }
        func subtree(_ i: Int) -> [Int] {
            var result: [Int] = [], stack = children[i]
            while let j = stack.popLast() {
                result.append(j)
                stack += children[j]
            }
            return result
        }
        func isSystemWindow(_ w: Int) -> String? {
            let types = Set(subtree(w).compactMap { elements[$0].type })
            if types.contains("Keyboard") { return "a keyboard" }
            if types.contains("StatusBar") { return "the status bar" }
            return nil
        }
        let chosen: Int
        if let main = windows.first(where: { elements[$0].isMain }) {
            chosen = main
        } else {
            let candidates = windows.filter { isSystemWindow($0) == nil }
            // The most elements; `max` would take the last of equals.
            var best = (candidates.isEmpty ? windows : candidates)[0]
            for w in candidates where subtree(w).count > subtree(best).count { best = w }
            chosen = best
        }
        let others = windows.filter { $0 != chosen }
        if !others.isEmpty {
            let described = others.map { w in "line \(elements[w].line)\(isSystemWindow(w).map { " (\($0))" } ?? "")" }
            notes.append(
                "the window at line \(elements[chosen].line) is imported\(elements[chosen].isMain ? " (the main window)" : ""); "
                    + "\(others.count == 1 ? "another window is" : "\(others.count) other windows are") skipped: " + described.joined(separator: ", "))
        }
        return chosen
    }

    /// The Home Screen's tree: the app was not in front when the tree was taken.
    static func refuseHomeScreen(_ tree: AccessibilityTree, file: String) throws(DumpRefusal) {
        let springBoard =
            tree.applicationName == "SpringBoard" || tree.bundleIdentifier == "com.apple.springboard"
            || tree.elements.first.map { $0.type == "Application" && ($0.label == "SpringBoard" || $0.identifier == "SpringBoard") } == true
        let icons = tree.elements.first { $0.label == "Home screen icons" || $0.identifier == "Home screen icons" }
        guard springBoard || icons != nil else { return }
        throw DumpRefusal(
            file: file, line: icons?.line ?? tree.elements[0].line,
            message: "this is the Home Screen's tree (SpringBoard), not an app's: the app was not in front when the tree "
                + "was taken; take it again with the app open")
    }

    static func dropNotes(
        _ dropped: (flag: [Int], empty: [Int], offscreen: [Int], indicators: Int, containers: [Int]), elements: [AccessibilityElement]
    ) -> [String] {
        var notes: [String] = []
        func first(_ list: [Int]) -> String { list.min().map { "from line \(elements[$0].line)" } ?? "" }
        if !dropped.flag.isEmpty {
            notes.append("\(plural(dropped.flag.count, "element")) the file marks invisible (\(first(dropped.flag))): left out with what they hold")
        }
        if !dropped.empty.isEmpty {
            notes.append("\(plural(dropped.empty.count, "element")) with an empty frame (\(first(dropped.empty))): left out with what they hold")
        }
        if !dropped.offscreen.isEmpty {
            notes.append("\(plural(dropped.offscreen.count, "element")) wholly off screen (\(first(dropped.offscreen))): left out with what they hold")
        }
        if dropped.indicators > 0 {
            notes.append(
                "\(plural(dropped.indicators, "scroll-indicator element")) ('Vertical scroll bar, N pages'): read as the sign "
                    + "of a scroll view, not imported")
        }
        if !dropped.containers.isEmpty {
            notes.append(
                "\(plural(dropped.containers.count, "element")) invisible, empty or off screen but holding visible elements "
                    + "(\(first(dropped.containers))): kept as their containers")
        }
        return notes
    }

    /// One warning per default the importer assumed: scroll state, recognizers, Maestro's missing types.
    static func assumedDefaults(
        _ tree: AccessibilityTree, scrollViews: [(line: Int, type: String, offset: Point, inferred: Bool)], declaredRecognizers: Bool,
        maestroKinds: (fields: Int, scrolls: Int)
    ) -> [ImportWarning] {
        var warnings: [ImportWarning] = []
        for s in scrollViews {
            let offset = "{\(ScreenImporter.fmt(s.offset.x)), \(ScreenImporter.fmt(s.offset.y))}"
            warnings.append(
                ImportWarning(
                    line: s.line,
                    "the tree gives no scroll state for this \(s.type): contentOffset "
                        + (s.inferred ? "\(offset), inferred from content lying above or left of it" : "assumed \(offset)")
                        + "; contentSize taken from its children; UIKit's default scroll settings (delaysContentTouches, "
                        + "canCancelContentTouches, bounces, paging off)"))
        }
        if tree.format == .maestroJSON {
            warnings.append(
                ImportWarning(
                    line: 0,
                    "Maestro's hierarchy has no element types: every element is a plain view but "
                        + "\(plural(maestroKinds.fields, "text field")) (a hintText) and \(plural(maestroKinds.scrolls, "scroll view")) "
                        + "(a scroll-bar element); buttons and cells cannot be told apart"))
        }
        warnings.append(
            ImportWarning(
                line: 0,
                declaredRecognizers
                    ? "an accessibility tree names no gesture recognizers: only those of the recognizers file and UIKit's "
                        + "own (scroll views' pans, controls' tracking) are modelled"
                    : "an accessibility tree names no gesture recognizers: only UIKit's own (scroll views' pans, controls' "
                        + "tracking) are modelled; declare the app's with --recognizers"))
        return warnings
    }
}
