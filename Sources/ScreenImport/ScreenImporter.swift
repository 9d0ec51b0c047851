import ScenarioKit
import TouchEngine
import TouchScenarios

/// What an import found, for the `sweep import` summary and the sweep's checks.
public struct ImportReport: Hashable, Sendable {
    /// A class name the heuristics (or nothing) decided.
    public struct ClassNote: Hashable, Sendable {
        public var line: Int
        public var className: String
        public var kind: ViewKind
    }

    /// Views imported (the window included when the dump's root is one).
    public var views = 0
    /// Reachable, visible, enabled controls and cells: what the sweep taps.
    public var interactive = 0
    /// Scroll views in the tree, and how many of them can be dragged (reachable, visible, with an axis).
    public var scrollViews = 0
    public var scrollable = 0
    /// Heuristic guesses, one per view, in document order.
    public var guesses: [ClassNote] = []
    /// Classes nothing mapped (imported as plain views), one per view.
    public var unmapped: [ClassNote] = []
    /// App views (not UIKit's) the dump says have gesture recognizers that no `--recognizers` entry declared.
    public var undeclaredRecognizers: [String] = []
    /// UIKit views with recognizers of their own (text interaction, a navigation controller's edge pan, …): not
    /// modelled unless declared. Scroll views' own recognizers are implicit and not counted.
    public var systemRecognizerViews = 0
    /// Recognizers added from the overlay.
    public var declaredRecognizers = 0
    public var warnings: [ImportWarning] = []
    /// Statements about how the screen was read (a root that is not a window, inferred scroll geometry).
    public var notes: [String] = []
    /// Signs that the dump caught the screen mid-change (`TransientState`); each is also a warning.
    public var transient: [TransientSign] = []
    public init() {}
}

/// A dump turned into an engine scene (no script) with its report.
public struct ImportedScreen: Hashable, Sendable {
    public var scene: Scene
    public var report: ImportReport
    /// The sweep targets (`GeneratedTree(screen:seed:)`'s elements).
    public var elements: [Element] { TreeGenerator.elements(of: scene) }
}

/// Turns `recursiveDescription` dumps into scenes (docs/real-screens.md). Pure: text in, values out.
public enum ScreenImporter {
    /// Window size used when the dump's root has no usable frame.
    public static let fallbackWindow = Size(390, 844)

    /// Imports `text` (the dump named `file` in messages). A text that is not a dump, or one nested deeper than a
    /// scenario file's views may be, is a `DumpRefusal`; a bad recognizers overlay is a `ScenarioError` naming the
    /// overlay's file:line:column. Numbers a scenario file cannot hold are read as zero or left out, with a warning.
    public static func importDump(
        _ text: String, file: String, name: String? = nil, map: ClassMap = ClassMap(),
        recognizers: RecognizerOverlay? = nil
    ) throws -> ImportedScreen {
        try importRecords(DumpParser.parse(text, file: file), file: file, name: name, map: map, recognizers: recognizers)
    }

    /// Imports records read from `file` by any reader (a `recursiveDescription` dump, an accessibility tree): the
    /// records' frames are in their superview's coordinates, `parent` links them, the first is the root.
    public static func importRecords(
        _ parsed: DumpParser.Result, file: String, name: String? = nil, map: ClassMap = ClassMap(),
        recognizers: RecognizerOverlay? = nil
    ) throws -> ImportedScreen {
        guard !parsed.records.isEmpty else { throw DumpRefusal(file: file, message: "the file holds no view") }
        var report = ImportReport()
        report.warnings = parsed.warnings
        report.notes = parsed.notes
        let records = parsed.records
        let root = records[0]
        let rootIsWindow = isWindow(root)
        try checkDepth(records, rootIsWindow: rootIsWindow, file: file)
        var size = root.frame.size
        if !(size.width > 0 && size.height > 0 && isInRange(size)) {
            report.warnings.append(
                ImportWarning(
                    line: root.line,
                    "the root \(root.className) has no usable frame; "
                        + "the window is taken as \(fmt(fallbackWindow.width))×\(fmt(fallbackWindow.height))"))
            size = fallbackWindow
        }
        var scene = Scene(name: name ?? defaultName(file), windowSize: size)
        var kinds = [ViewKind](repeating: .view, count: records.count)
        var passThrough = 0, swiftUIScrollViews = 0
        // ViewID of each record (the window for a window root).
        var ids = [ViewID](repeating: 0, count: records.count)
        if rootIsWindow {
            scene.modifyView(0) { $0.className = root.className }
        } else {
            report.notes.append(
                "the dump's root is a \(root.className), not a window: it is placed at the window's origin "
                    + "and the window is its size (\(fmt(size.width))×\(fmt(size.height)))")
        }
        for (index, record) in records.enumerated() {
            if index == 0 && rootIsWindow { continue }
            let (kind, how) = ClassTable.resolve(record.className, baseClass: record.baseClass, map: map)
            kinds[index] = kind
            let note = ImportReport.ClassNote(line: record.line, className: record.className, kind: kind)
            if how == .heuristic { report.guesses.append(note) }
            if how == .unmapped { report.unmapped.append(note) }
            var spec = viewSpec(record, root: index == 0, kind: kind, parent: record.parent.map { ids[$0] } ?? 0, report: &report)
            if !record.passesThrough && spec.hitTestOverride == .passThrough { passThrough += 1 }
            if kind.isScrollView { scrollGeometry(&spec, index: index, records: records, report: &report) }
            if SwiftUIHosting.applyBounceDefault(&spec, className: record.className) { swiftUIScrollViews += 1 }
            ids[index] = scene.addView(spec)
        }
        report.readNotes(
            map: map, records: records, kinds: kinds, passThrough: passThrough,
            swiftUIScrollViews: swiftUIScrollViews)
        scene.installScrollViewRecognizers()
        installSystemParts(&scene, records: records, ids: ids, report: &report)
        if let overlay = recognizers {
            scene = try attach(overlay, to: scene, root: rootIsWindow ? 0 : ids[0], report: &report)
        }
        let declared = Set(
            scene.recognizers.compactMap { r -> ViewID? in
                if case .scrollDelay = r.kind { return nil }
                if case .scrollPan = r.kind { return nil }
                return r.view
            })
        for (index, record) in records.enumerated() where record.hasGestureRecognizers {
            let v = ids[index]
            guard scene.views[v].scroll == nil, !declared.contains(v) else { continue }
            if v == 0 || recognizersAreUIKits(record, in: records, map: map) {
                report.systemRecognizerViews += 1
            } else {
                report.undeclaredRecognizers.append(scene.views[v].name)
            }
        }
        let elements = TreeGenerator.elements(of: scene)
        report.views = records.count
        report.interactive = elements.filter(\.isInteractive).count
        report.scrollViews = scene.views.filter { $0.scroll != nil }.count
        report.scrollable = elements.filter { if case .scrollView(let axes) = $0.kind { return !axes.isEmpty } else { return false } }.count
        return ImportedScreen(scene: scene, report: report)
    }

    /// The view a record describes: its frame (the root's at the origin; a scaled one as its bounds with the scale as
    /// its transform; a frame no scenario holds read as zero, with a warning), flags, alpha, hit-test override and
    /// content offset.
    static func viewSpec(
        _ record: DumpRecord, root: Bool, kind: ViewKind, parent: ViewID, report: inout ImportReport
    ) -> ViewSpec {
        var frame = record.frame
        if root { frame.origin = .zero }
        if !isFinite(frame) {
            report.warnings.append(
                ImportWarning(
                    line: record.line,
                    "the frame of \(record.className) is not a finite "
                        + "rectangle; read as zero"))
            frame = Rect(0, 0, 0, 0)
        } else if !isInRange(frame) {
            report.warnings.append(
                ImportWarning(
                    line: record.line,
                    "the frame of \(record.className) is beyond what a "
                        + "scenario file holds (\(rangesText)); read as zero"))
            frame = Rect(0, 0, 0, 0)
        }
        var transform = AffineTransform.identity
        if let scale = record.axisScale, frame.size.width > 0 || frame.size.height > 0 {
            // The printed frame is the scaled box; the view's own frame is as big as its bounds, around the same
            // centre, with the scale as its transform (docs/real-screens.md).
            let size = Size(frame.size.width / abs(scale.x), frame.size.height / abs(scale.y))
            let untransformed = Rect(frame.midX - size.width / 2, frame.midY - size.height / 2, size.width, size.height)
            if isInRange(untransformed) {
                frame = untransformed
                transform = .scale(scale.x, scale.y)
            }
        }
        var spec = ViewSpec(name: viewName(record), kind: kind, frame: frame, parent: parent)
        spec.transform = transform
        spec.className = record.className
        spec.isHidden = record.isHidden
        if record.alpha.isNaN {
            report.warnings.append(
                ImportWarning(
                    line: record.line,
                    "alpha = nan of \(record.className) read as 0 "
                        + "(a hit test skips the view)"))
            spec.alpha = 0
        } else {
            spec.alpha = min(max(record.alpha, 0), 1)
        }
        spec.isUserInteractionEnabled = record.isUserInteractionEnabled
        spec.isEnabled = record.isEnabled
        spec.clipsToBounds = record.clipsToBounds
        spec.hitTestOverride = record.passesThrough ? .passThrough : ClassTable.hitTestOverride(record.className, baseClass: record.baseClass)
        if let offset = record.contentOffset {
            if isInRange(offset) {
                spec.boundsOrigin = offset
            } else {
                report.warnings.append(
                    ImportWarning(
                        line: record.line,
                        "the contentOffset of \(record.className) is outside "
                            + "what a scenario file holds (\(ScenarioLimits.describe(ScenarioLimits.coordinate, unit: "pt"))); read as zero"))
            }
        }
        return spec
    }

    /// Content size, insets and offset of a scroll view, inferring what old systems do not print.
    static func scrollGeometry(_ spec: inout ViewSpec, index: Int, records: [DumpRecord], report: inout ImportReport) {
        guard var scroll = spec.scroll else { return }
        let record = records[index]
        let name = spec.name
        if let size = record.contentSize, !isInRange(size) {
            report.warnings.append(
                ImportWarning(
                    line: record.line,
                    "the contentSize of \(record.className) is outside what a "
                        + "scenario file holds (\(ScenarioLimits.describe(ScenarioLimits.length, unit: "pt"))); taken from its subviews instead"))
        }
        if let size = record.contentSize, isInRange(size) {
            scroll.contentSize = size
        } else {
            // The union of the subviews' frames: what the content must at least hold. A table's wrapper view
            // (iOS 7–10) keeps the unscrolled table's frame: its rows count where they lie in the table.
            var w = 0.0, h = 0.0
            func extend(_ frame: Rect, by origin: Point) {
                guard isFinite(frame), isInRange(frame), isInRange(origin) else { return }
                w = max(w, origin.x + frame.origin.x + frame.size.width)
                h = max(h, origin.y + frame.origin.y + frame.size.height)
            }
            for (i, r) in records.enumerated() where r.parent == index {
                extend(r.frame, by: .zero)
                guard ClassTable.defersPointInside(r.className, baseClass: r.baseClass) else { continue }
                let origin = r.frame.origin - (r.contentOffset.flatMap { isInRange($0) ? $0 : nil } ?? .zero)
                for row in records where row.parent == i { extend(row.frame, by: origin) }
            }
            let most = ScenarioLimits.length.upperBound
            w = min(w, most)
            h = min(h, most)
            scroll.contentSize = Size(w, h)
            report.notes.append("\(name): contentSize is not in the dump; taken as {\(fmt(w)), \(fmt(h))}, the extent of its subviews")
        }
        if let inset = record.contentInset, !isInRange(inset) {
            report.warnings.append(
                ImportWarning(
                    line: record.line,
                    "the content inset of \(record.className) is outside "
                        + "what a scenario file holds (\(ScenarioLimits.describe(ScenarioLimits.coordinate, unit: "pt"))); ignored"))
        }
        let offset = record.contentOffset.flatMap { isInRange($0) ? $0 : nil }
        if let inset = record.contentInset, isInRange(inset) {
            scroll.contentInset = inset
        } else if let offset, offset.x < 0 || offset.y < 0 {
            // An offset above the content with no inset printed: the inset UIKit added (bars), not an overscroll.
            scroll.contentInset = EdgeInsets(top: max(0, -offset.y), left: max(0, -offset.x), bottom: 0, right: 0)
            report.notes.append(
                "\(name): adjustedContentInset is not in the dump; top \(fmt(max(0, -offset.y))), left "
                    + "\(fmt(max(0, -offset.x))) taken from the negative contentOffset")
        }
        spec.scroll = scroll
    }

    static func attach(_ overlay: RecognizerOverlay, to scene: Scene, root: ViewID, report: inout ImportReport) throws(ScenarioError) -> Scene {
        var attached: [ScenarioLoader.AttachedRecognizer] = []
        for entry in overlay.entries {
            var matched = 0
            for v in scene.views.indices where RecognizerOverlay.matches(entry.selector, view: v, in: scene, root: root) {
                attached.append(.init(node: entry.node, id: scene.views[v].name + "." + entry.id, view: v))
                matched += 1
            }
            if matched == 0 {
                report.warnings.append(
                    ImportWarning(
                        line: 0,
                        "\(overlay.file):\(entry.line): this recognizer matches no view "
                            + "of the dump"))
            }
        }
        report.declaredRecognizers = attached.count
        return try ScenarioLoader.attach(attached, to: scene, file: overlay.file)
    }

    /// Whether the recognizers a record says its view has are UIKit's own: the view is a window, of a class
    /// UIKit adds recognizers to (`ClassTable.ownRecognizers`, private `_UI…` classes), or a plain UIKit view
    /// that a private UIKit component built (its superview is a `_UI…` view that is not a scroll view, as the
    /// views of an alert). Any other view — a plain `UIView`, `UIImageView`, `UILabel`, a `UIButton`, an app
    /// class — has them from the app.
    static func recognizersAreUIKits(_ record: DumpRecord, in records: [DumpRecord], map: ClassMap) -> Bool {
        if isWindow(record) || ClassTable.installsOwnRecognizers(record.className) { return true }
        guard ClassTable.isSystem(record.className), let parent = record.parent.map({ records[$0] }),
            ClassTable.isPrivate(parent.className)
        else { return false }
        return !ClassTable.resolve(parent.className, baseClass: parent.baseClass, map: map).kind.isScrollView
    }

    /// A root that is a window: `UIWindow`, a subclass (`baseClass = UIWindow`), or a class named `…Window`.
    static func isWindow(_ record: DumpRecord) -> Bool {
        record.className == "UIWindow" || record.baseClass == "UIWindow" || record.className.hasSuffix("Window")
    }

    /// `<Class>_L<line>`: unique in the dump and easy to find in it. Characters an id cannot hold become `_`.
    static func viewName(_ record: DumpRecord) -> String {
        let safe = String(
            record.className.unicodeScalars.map { c -> Character in
                (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "." ? Character(c) : "_"
            })
        return "\(safe)_L\(record.line)" + (record.column.map { "C\($0)" } ?? "")
    }

    static func defaultName(_ file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
        return String(base[..<dot])
    }

    static func isFinite(_ r: Rect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
            && r.size.width >= 0 && r.size.height >= 0
    }

    static func fmt(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d) }
}

extension Element {
    /// A control or a cell: what the import summary counts as interactive.
    var isInteractive: Bool {
        switch kind {
        case .control, .cell: return true
        default: return false
        }
    }
}
