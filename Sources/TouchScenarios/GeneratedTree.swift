import TouchEngine

/// A screen pattern a tree generator can build, named after real screens.
public enum TreeTemplate: String, Sendable, CaseIterable, Codable {
    /// A vertical table of cells with buttons, a switch, cell selection (and some long-press cells).
    case feed
    /// A horizontal collection view inside a vertical scroll view (seed 002).
    case carousel
    /// A scroll view with text fields, sliders, switches, steppers and a tap-to-dismiss-keyboard tap
    /// recognizer on the root view (seed 000).
    case form
    /// A full-screen transparent scroll view (drawer) above content (seed 002, WWDC 2014-235).
    case drawer
    /// A horizontal paging scroll view of vertical tables with swipe-to-delete style pans (horizontal only).
    case pager
    /// A settings screen: grouped table with segmented controls, switches, a page control.
    case settings
    /// A random composition with configurable depth, fan-out and kind mix.
    case random
    /// Not generated: a real screen imported from a `recursiveDescription` dump (`trees.screens`,
    /// docs/real-screens.md). `TreeGenerator` never builds it; it has no weight in `trees.templates`.
    case screen
    /// A full-screen photo viewer: a zooming scroll view with chrome on top, a single tap that toggles the
    /// chrome waiting for a double tap to zoom, and a swipe-down-to-dismiss pan on the container. Opt-in: a
    /// sweep builds it only when `trees.templates` names it (after `screen`, so the older templates keep their
    /// random streams and positions).
    case photo
    /// A detail screen pushed on a navigation controller: a gallery and a chart at the left edge, rows with
    /// swipe pans, sliders and leading buttons (touch-model-system N11). Opt-in, after `photo`.
    case pushedScreen
    /// A page sheet over a dimmed screen: a list (with a shelf) or a signature canvas, detents large or medium and
    /// large (M8). Opt-in.
    case pageSheet
    /// A map under a FloatingPanel- or PanModal-style panel with its tracked list (K4). Opt-in.
    case mapPanel

    /// The templates `TreeGenerator` builds (every case but `screen`), in `allCases` order.
    public static let generated: [TreeTemplate] = allCases.filter { $0 != .screen }
    /// The templates a sweep builds when its config names none: every generated one except the opt-in `photo`
    /// (a sweep asks for it), so a config without `templates` has the trees it always had.
    public static let defaults: [TreeTemplate] = generated.filter { !optIn.contains($0) }
    /// Whether the template builds the system's parts (a navigation controller, a sheet, a panel, canvases).
    public var hasSystemParts: Bool { self == .pushedScreen || self == .pageSheet || self == .mapPanel }

    /// Templates built only when `trees.templates` names them (added after the defaults, which keep their random
    /// streams and positions).
    public static let optIn: [TreeTemplate] = [.photo, .pushedScreen, .pageSheet, .mapPanel]
}

/// What a gesture can aim at.
public enum ElementKind: Hashable, Sendable {
    /// A control (its `ViewKind`), activated by TouchUpInside (or ValueChanged for sliders).
    case control(ViewKind)
    /// A table/collection cell, activated by selection.
    case cell
    /// A scroll view, scrolled along `axes`.
    case scrollView(axes: [Axis])
    /// Content with no action: a plain view inside a scroll view (for drags that start on empty content).
    case empty
    /// A navigation controller's view whose stack can pop (touch-model-system N): what a back swipe aims at. Its
    /// visible rect is the strip along its leading edge where a back swipe starts.
    case navigation
    /// A presented sheet (M): pulled down to dismiss it or to a smaller detent, up to a larger one.
    case sheet
    /// A library panel (K): pulled up or down to another state.
    case panel
    /// A view that reads its own touches (a drawing canvas, a signature pad): strokes are drawn in it.
    case canvas
}

/// One target of a generated tree.
public struct Element: Hashable, Sendable {
    public var view: ViewID
    public var kind: ElementKind
    /// The part of the element visible in the window (window coordinates, clipped by every ancestor's
    /// bounds and the window), where a finger can land. Never empty.
    public var visibleRect: Rect
    /// The nearest scroll view containing the element (for scroll views: their own containing scroll view).
    public var scrollView: ViewID?
    public init(view: ViewID, kind: ElementKind, visibleRect: Rect, scrollView: ViewID?) {
        self.view = view; self.kind = kind; self.visibleRect = visibleRect; self.scrollView = scrollView
    }
}

/// The parts of a generated tree that role-scoped sweep axes change (docs/sweep-config.md).
public struct Roles: Hashable, Sendable {
    /// Every scroll view (tables, collections, pagers, the overlay).
    public var scrollViews: [ViewID] = []
    /// The tap-to-dismiss-keyboard recognizer on the root view (form), if any.
    public var dismissTap: RecognizerID?
    /// Tap recognizers attached to cells (cells that handle taps with a recognizer instead of selection).
    public var cellTaps: [RecognizerID] = []
    /// Long-press recognizers (cells with context actions, draggable items).
    public var longPresses: [RecognizerID] = []
    /// Swipe-to-delete style pans on cells (pager), beginning only on mostly horizontal movement.
    public var swipePans: [RecognizerID] = []
    /// Double-tap recognizers on cells (double tap to like, feed): they hold the touchesEnded of buttons
    /// inside the cell until they fail (touch-model B5).
    public var doubleTaps: [RecognizerID] = []
    /// Full-screen overlay scroll views (drawer); `overlay.passThrough` and `overlay.panMoved` act on them.
    public var overlays: [ViewID] = []
    /// The view an overlay's pan moves to when `overlay.panMoved` is true (its superview).
    public var overlayPanHosts: [ViewID] = []
    /// Swipe-down-to-dismiss pans of photo viewers (attached to the container of a zooming scroll view).
    public var dismissPans: [RecognizerID] = []
    /// Navigation controllers' views (pushed screens; touch-model-system N): the `nav.*` axes act on them.
    public var navigations: [ViewID] = []
    /// Presented sheets (M): the `sheet.*` axes act on them.
    public var sheets: [ViewID] = []
    /// Library panels (K): the `panel.*` axes act on them.
    public var panels: [ViewID] = []
    /// Views that read their own touches (canvases, signature pads): `sheet.contentVetoesPans` acts on them.
    public var canvases: [ViewID] = []
    /// The zoom pinch (`<sv>.pinch`) each dismiss pan may be told to recognize with (`dismissPans.simultaneousWithZoom`),
    /// in the order of `dismissPans`.
    public var dismissPanPinches: [RecognizerID] = []
    public init() {}
}

/// A generated screen: the scene (no script yet), what it is, its role-tagged parts and its targets.
public struct GeneratedTree: Hashable, Sendable {
    public var template: TreeTemplate
    /// The seed the tree was built from (replay: the same seed and options give the same tree).
    public var seed: UInt64
    public var scene: Scene
    public var roles: Roles
    /// Targets in a stable order (document order of their views).
    public var elements: [Element]
    public init(template: TreeTemplate, seed: UInt64, scene: Scene, roles: Roles, elements: [Element]) {
        self.template = template; self.seed = seed; self.scene = scene; self.roles = roles; self.elements = elements
    }
}

extension GeneratedTree {
    /// A tree for an imported screen: its scroll views are the `scrollViews` role (so the scroll-view axes of
    /// a sweep apply to them) and its targets are every reachable, visible control, cell and scroll view.
    /// `seed` only identifies the screen in reports (its index in the sweep's screen list).
    public init(screen scene: Scene, seed: UInt64) {
        var roles = Roles()
        roles.scrollViews = scene.scrollViewIDs
        self.init(template: .screen, seed: seed, scene: scene, roles: roles, elements: TreeGenerator.elements(of: scene))
    }
}

/// Size ranges and the random composition's shape (the `trees:` section of a sweep config).
public struct TreeOptions: Hashable, Sendable {
    /// Cells per table / items per collection.
    public var rows: ClosedRange<Int> = 8 ... 20
    /// Controls per form / settings section.
    public var controls: ClosedRange<Int> = 4 ... 10
    /// Random composition: maximum depth below the root.
    public var depth: ClosedRange<Int> = 2 ... 4
    /// Random composition: children per container.
    public var fanOut: ClosedRange<Int> = 1 ... 4
    /// Random composition: relative weights of leaf kinds.
    public var kindMix: [ViewKind: Double] = [.button: 3, .view: 3, .label: 2, .switch: 1, .slider: 1, .cell: 2, .scrollView: 1]
    /// Install the system edge gates on the bottom and top edges (iOS always has them unless the app defers
    /// system gestures, §8).
    public var edgeGate: Bool = true
    public init() {}
}
