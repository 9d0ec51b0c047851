import TouchEngine

/// A sign that the dump caught the screen in a transient state: a view mid-animation, a presented alert's or
/// search's dimming view, a row's delete confirmation mid-swipe.
public struct TransientSign: Hashable, Sendable, CustomStringConvertible {
    /// The dump line of the view that shows it.
    public var line: Int
    public var what: String
    public var description: String { "line \(line): \(what)" }
}

public enum TransientState {
    /// UIKit's controls that exist only while a row's swipe actions or delete confirmation show: never targets
    /// (the class table makes them plain views, so that no gesture aims at them).
    public static let transientControls: Set<String> = [
        "UITableViewCellDeleteConfirmationView", "UITableViewCellDeleteConfirmationControl",
        "_UITableViewCellDeleteConfirmationControl", "UITableViewCellDeleteConfirmationButton",
        "_UITableViewCellActionButton", "UISwipeActionPullView", "UISwipeActionStandardButton"
    ]

    /// Containers a view controller's view sits in: a view directly inside one, shifted sideways by less than its
    /// width, is caught mid-push or mid-pop.
    static let controllerContainers: Set<String> = ["UIViewControllerWrapperView", "UINavigationTransitionView"]

    /// Animated key paths that move or resize a view (or its hit area): a view animating one of them is caught
    /// between two places. Other animations leave the screen as it is: a caret's or scroll indicator's blink or
    /// fade (`opacity` on a view narrower than 44 pt), an animated image (`UIImageAnimation`, `contents`), a
    /// backdrop's filters, a motion effect.
    static let movingKeys: Set<String> = ["position", "bounds", "bounds.origin", "bounds.size", "frame", "transform", "anchorPoint"]

    /// The first animated key path of `r` that moves, resizes or fades it (a fade of a view at least 44 pt wide and
    /// high), or nil.
    static func movingAnimation(_ r: DumpRecord) -> String? {
        r.animatedKeys.first { key in
            if movingKeys.contains(key) || key.hasPrefix("transform.") || key.hasPrefix("position.") { return true }
            return key == "opacity" && r.frame.size.width >= 44 && r.frame.size.height >= 44
        }
    }

    /// The signs in `records`, in document order: the first view of each kind of sign (an alert is many views,
    /// a fade or a push moves a whole subtree), with how many views show it.
    public static func signs(in records: [DumpRecord]) -> [TransientSign] {
        var signs: [TransientSign] = []
        var counts: [Int] = []
        var kinds: [Kind] = []
        for r in records {
            guard let (kind, what) = sign(of: r, parent: r.parent.map { records[$0] }) else { continue }
            if let i = kinds.firstIndex(of: kind) {
                counts[i] += 1
            } else {
                kinds.append(kind)
                counts.append(1)
                signs.append(TransientSign(line: r.line, what: what))
            }
        }
        for i in signs.indices where counts[i] > 1 { signs[i].what += " (and \(counts[i] - 1) more such views)" }
        return signs
    }

    enum Kind: Hashable { case animating, swipeActions, alert, search, fade, shifted }

    static func sign(of r: DumpRecord, parent: DumpRecord?) -> (Kind, String)? {
        let name = r.className
        if let key = movingAnimation(r) { return (.animating, "\(name) has an animation of its \(key) in flight") }
        if transientControls.contains(name) { return (.swipeActions, "\(name) shows a row's swipe actions or delete confirmation mid-swipe") }
        if name.contains("AlertController") && (name.hasPrefix("_UI") || name.hasPrefix("UI")) {
            return (.alert, "\(name) belongs to a presented alert (its dimming view blocks the screen below until it is answered)")
        }
        if name.contains("DimmingView") && name.contains("Search") {
            return (.search, "\(name) dims the screen while a search is presented")
        }
        if r.alpha > 0 && r.alpha < 1, abs(r.alpha * 100 - (r.alpha * 100).rounded()) > 1e-6 {
            return (.fade, "\(name) has alpha = \(r.alpha), not a value a design sets: it looks mid-fade")
        }
        if let parent, controllerContainers.contains(parent.className), r.frame.size.width > 0, !name.contains("DimmingView"),
            r.frame.origin.x != 0, abs(r.frame.origin.x) < r.frame.size.width
        {
            return (.shifted, "\(name) is shifted sideways by \(ScreenImporter.fmt(r.frame.origin.x)) pt in \(parent.className): mid-push or mid-pop")
        }
        return nil
    }
}

extension ImportReport {
    /// The warnings and notes of the rules of this file and of `SwiftUIHosting`, and of the class map's entries.
    mutating func readNotes(
        map: ClassMap, records: [DumpRecord], kinds: [ViewKind], passThrough: Int, swiftUIScrollViews: Int
    ) {
        let transientControls = records.indices.filter {
            TransientState.transientControls.contains(records[$0].className) && kinds[$0] == .view
        }.count
        warnings += map.unmatchedEntries(in: records)
        transient = TransientState.signs(in: records)
        for sign in transient {
            warnings.append(
                ImportWarning(
                    line: sign.line,
                    "the dump looks transient: \(sign.what); a sweep of it tests a moment, not the screen "
                        + "(--exclude-transient, or trees.excludeTransient in a sweep, leaves such dumps out)"))
        }
        warnings += SwiftUIHosting.warnings(records: records, kinds: kinds)
        if transientControls > 0 {
            notes.append(
                "\(transientControls) private view\(transientControls == 1 ? "" : "s") of a row's swipe actions or "
                    + "delete confirmation imported as plain views: they exist only mid-swipe and are never targets")
        }
        if passThrough > 0 {
            notes.append(
                "\(passThrough) private UIKit container\(passThrough == 1 ? "" : "s") (_UITouchPassthroughView and "
                    + "its subclasses) imported with hitTest: passThrough: a touch on their empty area goes to the views behind")
        }
        if swiftUIScrollViews > 0 {
            notes.append(
                "\(swiftUIScrollViews) SwiftUI scroll view\(swiftUIScrollViews == 1 ? "" : "s") bounce along their axis "
                    + "even when the content fits (SwiftUI's default scroll bounce behavior is .always)")
        }
    }
}
