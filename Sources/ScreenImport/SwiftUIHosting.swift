import TouchEngine

/// What a `recursiveDescription` shows of a SwiftUI screen, and the defaults SwiftUI's containers have
/// (docs/real-screens.md, 'SwiftUI-hosted screens').
///
/// - A hosting view (`_UIHostingView<ContentView>`, `UIHostingView<…>`, or the mangled `_TtGC7SwiftUI14_UIHostingView…`)
///   draws most of its content without views: buttons, toggles drawn by SwiftUI, text and shapes have no record.
///   The dump cannot say where they are; each hosting view gets a warning naming what is missing, not a guess.
/// - SwiftUI's own scroll views (`ScrollView`, `List`, `Form`: classes of the `SwiftUI` module that are scroll
///   views, such as `SwiftUI.HostingScrollView` or `SwiftUI.UpdateCoalescingCollectionView`) bounce along their axis
///   even when the content fits: `ScrollBounceBehavior.automatic` is `.always` by default (Apple's documentation
///   of `ScrollBounceBehavior.automatic` and `.always`). Imported with `alwaysBounceVertical` (or, for a scroll
///   view whose content is wider than it and no taller, `alwaysBounceHorizontal`).
/// - `List` and `Form` rows are collection (or, before iOS 16, table) view cells: they select like UIKit's cells,
///   through the class table and its `…Cell` heuristic.
/// - Views SwiftUI hosts from UIKit (`UIViewRepresentable`, inside `PlatformViewHost<…>`) are UIKit views: read
///   as any other.
enum SwiftUIHosting {
    /// A SwiftUI hosting view's class name.
    static func isHostingView(_ className: String) -> Bool {
        className.hasPrefix("_UIHostingView<") || className.hasPrefix("UIHostingView<") || className == "_UIHostingView"
            || className.hasPrefix("SwiftUI._UIHostingView") || className.hasPrefix("_TtGC7SwiftUI14_UIHostingView")
    }

    /// A class of the SwiftUI module (`SwiftUI.HostingScrollView`, mangled `_TtC7SwiftUI…` / `_TtGC7SwiftUI…`).
    static func isSwiftUIClass(_ className: String) -> Bool {
        className.hasPrefix("SwiftUI.") || className.hasPrefix("_TtC7SwiftUI") || className.hasPrefix("_TtGC7SwiftUI")
    }

    /// Sets SwiftUI's bounce default on a scroll view of SwiftUI's own classes; false for any other view.
    static func applyBounceDefault(_ spec: inout ViewSpec, className: String) -> Bool {
        guard isSwiftUIClass(className), var scroll = spec.scroll else { return false }
        let frame = spec.frame.size
        if scroll.contentSize.width > frame.width && scroll.contentSize.height <= frame.height {
            scroll.alwaysBounceHorizontal = true
        } else {
            scroll.alwaysBounceVertical = true
        }
        spec.scroll = scroll
        return true
    }

    /// One warning per hosting view: what its dump cannot show, and how many UIKit targets it does show.
    static func warnings(records: [DumpRecord], kinds: [ViewKind]) -> [ImportWarning] {
        // The controls and cells below each hosting view, in one pass: a record's nearest hosting ancestor (a
        // superview precedes its subviews, so its entry is known).
        var host = [Int?](repeating: nil, count: records.count)
        var targets = [Int](repeating: 0, count: records.count)
        for (j, r) in records.enumerated() {
            guard let p = r.parent else { continue }
            host[j] = isHostingView(records[p].className) ? p : host[p]
            if let h = host[j], kinds[j].isControl || kinds[j] == .cell {
                // Every hosting ancestor counts it, not only the nearest.
                var a: Int? = h
                while let c = a {
                    targets[c] += 1
                    a = host[c]
                }
            }
        }
        var result: [ImportWarning] = []
        for (i, r) in records.enumerated() where isHostingView(r.className) {
            let hostedTargets = targets[i]
            result.append(
                ImportWarning(
                    line: r.line,
                    "\(r.className) hosts SwiftUI content: its buttons, toggles and text drawn by SwiftUI have no view "
                        + "in a recursiveDescription, so they are no targets (\(hostedTargets) UIKit control"
                        + "\(hostedTargets == 1 ? "" : "s") or cell\(hostedTargets == 1 ? "" : "s") inside it are); "
                        + "import the screen's accessibility tree (XCUITest, Appium, idb, Maestro) for the rest"))
        }
        return result
    }
}
