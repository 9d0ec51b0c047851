import Testing
import TouchEngine

@testable import TouchScenarios

/// The pager's swipe-to-delete pans begin only on mostly horizontal movement, as apps ship them
/// (docs/templates.md): what a vertical and a horizontal drag do on generated pagers, read from their traces,
/// and what `swipePans.beginsInAnyDirection` turns back on.
@Suite struct PagerSwipeTests {
    /// A generated pager with its current page, a swipe-to-delete row and a plain row of that page, both fully
    /// visible.
    struct Pager {
        var tree: GeneratedTree
        var pager: ViewID
        var page: ViewID
        var swipeRow: Element
        var plainRow: Element
        var swipe: RecognizerID
        var scene: Scene { tree.scene }
        func name(_ v: ViewID) -> String { scene.views[v].name }
    }

    static func pagers() -> [Pager] {
        (UInt64(0) ..< 24).compactMap { seed in
            let tree = TreeGenerator.generate(.pager, seed: seed, options: TreeOptions())
            let scene = tree.scene
            guard let pager = scene.view(named: "Pager") else { return nil }
            let rows = tree.elements.filter { $0.kind == .cell && $0.visibleRect.size.height >= 60 && $0.visibleRect.minY > 150 }
            func swipe(of e: Element) -> RecognizerID? { tree.roles.swipePans.first { scene.recognizers[$0].view == e.view } }
            guard let swipeRow = rows.first(where: { swipe(of: $0) != nil }), let page = swipeRow.scrollView,
                let plainRow = rows.first(where: { swipe(of: $0) == nil && $0.scrollView == page })
            else { return nil }
            let p = Pager(tree: tree, pager: pager, page: page, swipeRow: swipeRow, plainRow: plainRow, swipe: swipe(of: swipeRow)!)
            return abs(verticalTravel(p)) >= 60 ? p : nil
        }
    }

    /// A drag from the middle of `element` by (dx, dy) over 120 ms, sampled every 10 ms, then a lift one sample later.
    static func drag(from element: Element, dx: Double, dy: Double) -> [ScriptEvent] {
        let start = Point(element.visibleRect.midX, element.visibleRect.midY)
        var script = [ScriptEvent(time: .zero, action: .down(start))]
        for k in 1 ... 12 {
            let f = Double(k) / 12
            script.append(ScriptEvent(time: .ms(Double(k) * 10), action: .move(Point(start.x + dx * f, start.y + dy * f))))
        }
        script.append(ScriptEvent(time: .ms(130), action: .up(Point(start.x + dx, start.y + dy))))
        return script
    }

    /// How far a vertical drag can move the page's content: toward whichever end has more room, at most 120 pt.
    static func verticalTravel(_ p: Pager) -> Double {
        let spec = p.scene.views[p.page]
        let offset = spec.boundsOrigin.y, maxOffset = max(0, spec.scroll!.contentSize.height - spec.frame.size.height)
        // A finger moving up (negative dy) moves the content toward larger offsets.
        return maxOffset - offset >= offset ? -min(120, maxOffset - offset) : min(120, offset)
    }

    static func verticalDrag(_ p: Pager) -> [ScriptEvent] { drag(from: p.swipeRow, dx: 0, dy: verticalTravel(p)) }

    /// A horizontal drag toward a page that exists.
    static func horizontalDrag(from row: Element, _ p: Pager) -> [ScriptEvent] {
        let content = p.scene.views[p.pager].scroll!.contentSize.width
        let towardNext = p.scene.views[p.pager].boundsOrigin.x + 390 < content
        return drag(from: row, dx: towardNext ? -150 : 150, dy: 0)
    }

    static func run(_ scene: Scene, _ script: [ScriptEvent]) -> (text: String, summary: RunSummary) {
        var s = scene
        s.script = script
        return (TraceText.render(scene: s, trace: Engine.trace(s)), Engine.summary(s))
    }

    @Test func thereArePagersToTry() {
        #expect(Self.pagers().count >= 12)
    }

    /// G11: the row's delegate answers no to a vertical start, the page's pan begins on the same move and scrolls.
    @Test func aVerticalDragOnASwipeRowScrollsItsPage() {
        for p in Self.pagers() {
            let (text, summary) = Self.run(p.scene, Self.verticalDrag(p))
            let swipe = p.scene.recognizers[p.swipe].name
            #expect(text.contains("\(swipe): possible → failed — delegate gestureRecognizerShouldBegin returned false (G11)"), "\(p.tree.scene.name)")
            #expect(text.contains("\(p.name(p.page)).pan: possible → began"), "\(p.tree.scene.name)")
            #expect(summary.displacement(of: p.page, along: .vertical) >= abs(Self.verticalTravel(p)) / 2, "\(p.tree.scene.name)")
            #expect(!summary.recognized[p.swipe])
        }
    }

    /// A horizontal drag that starts on a row without swipe actions pages the pager (the page's table cannot
    /// scroll sideways, S5).
    @Test func aHorizontalDragOnAPlainRowPages() {
        for p in Self.pagers() {
            let (text, summary) = Self.run(p.scene, Self.horizontalDrag(from: p.plainRow, p))
            #expect(text.contains("Pager.pan: possible → began"), "\(p.tree.scene.name)")
            #expect(summary.displacement(of: p.pager, along: .horizontal) >= 75, "\(p.tree.scene.name)")
        }
    }

    /// On a swipe row a horizontal drag is the row's: its pan is on the deeper view and wins the tie with the
    /// pager's (G7), as a sideways drag on a Mail message reveals its actions. The generator therefore never
    /// aims a page drag there (next test): it would count a designed swipe as a swallowed scroll.
    @Test func aHorizontalDragOnASwipeRowSwipesTheRow() {
        for p in Self.pagers() {
            let (text, summary) = Self.run(p.scene, Self.horizontalDrag(from: p.swipeRow, p))
            let swipe = p.scene.recognizers[p.swipe].name
            #expect(text.contains("\(swipe): possible → began"), "\(p.tree.scene.name)")
            #expect(text.contains("Pager.pan: possible → failed — excluded by \(swipe), which won first (G7)"), "\(p.tree.scene.name)")
            #expect(summary.displacement(of: p.pager, along: .horizontal) == 0)
        }
    }

    /// `swipePans.beginsInAnyDirection: true`, the pattern apps do not ship: the row's pan takes the vertical
    /// drag too and the page never scrolls (touch-model §13 B3/B7) — the swallowed scroll a "what if" counts.
    @Test func withThePanBeginningInAnyDirectionTheVerticalDragIsSwallowed() throws {
        let axis = try #require(AxisCatalog.definition(named: "swipePans.beginsInAnyDirection"))
        for p in Self.pagers() {
            var what = p.tree
            axis.apply(.bool(true), to: &what)
            let (text, summary) = Self.run(what.scene, Self.verticalDrag(p))
            let swipe = p.scene.recognizers[p.swipe].name
            #expect(text.contains("\(swipe): possible → began"), "\(p.tree.scene.name)")
            #expect(text.contains("\(p.name(p.page)).pan: possible → failed — excluded by \(swipe), which won first (G7)"), "\(p.tree.scene.name)")
            #expect(summary.displacement(of: p.page, along: .vertical) == 0)
        }
    }

    /// The generator aims page drags away from swipe rows, and still drags pages vertically from them.
    @Test func theGeneratorAimsPageDragsAwayFromSwipeRowsButStillScrollsPagesFromThem() {
        var pageDrags = 0, verticalFromSwipeRows = 0
        for seed in UInt64(0) ..< 40 {
            let tree = TreeGenerator.generate(.pager, seed: seed, options: TreeOptions())
            let swipeRects = tree.roles.swipePans.map { TreeGenerator.clippedWindowRect(of: tree.scene.recognizers[$0].view, in: tree.scene) }
            for family in GestureGenerator.scrollFamilies + [.dragFromCell] {
                for placement in 0 ..< 4 {
                    guard
                        let g = GestureGenerator.generate(
                            family, on: tree, placement: placement, seed: seed &* 7 &+ UInt64(placement),
                            options: GestureOptions()),
                        case let .scroll(_, axis, _) = g.intent, case let .down(start) = g.script[0].action
                    else { continue }
                    let onSwipeRow = swipeRects.contains { $0.contains(start) }
                    if axis == .horizontal {
                        pageDrags += 1
                        #expect(!onSwipeRow, "\(tree.scene.name) \(family) #\(placement)")
                    } else if onSwipeRow {
                        verticalFromSwipeRows += 1
                    }
                }
            }
        }
        #expect(pageDrags > 20 && verticalFromSwipeRows > 20, "\(pageDrags) page drags, \(verticalFromSwipeRows) vertical drags from swipe rows")
    }
}
