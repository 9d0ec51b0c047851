import TouchEngine

/// One view of a `recursiveDescription` dump, as the dump states it.
///
/// Only what `-[UIView description]` prints is known: a property the dump leaves out has UIKit's default
/// (`hidden = NO`, `alpha = 1`, `userInteractionEnabled = YES`, `clipsToBounds = NO`).
public struct DumpRecord: Hashable, Sendable {
    /// 1-based line of the dump where the record starts.
    public var line: Int
    /// Nesting below the dump's root (the root is 0).
    public var depth: Int
    /// The class name as printed (`UITableView`, `MyApp.FeedCell`, `_UIButtonBarButton`).
    public var className: String
    /// `baseClass = …`: the nearest UIKit class of a custom class, where the dump prints it.
    public var baseClass: String?
    /// `frame = (x y; w h)` in the superview's bounds coordinates; zero when the record has none.
    public var frame: Rect = Rect(0, 0, 0, 0)
    public var isHidden = false
    public var alpha: Double = 1
    public var isUserInteractionEnabled = true
    /// `UIControl.isEnabled` (controls only): an accessibility tree's `Disabled` / `enabled="false"`.
    public var isEnabled = true
    /// The element stands for no view that takes touches (an accessibility tree's `Other`, `StaticText`, `Image`
    /// …): imported with `hitTest: passThrough`, so a touch on it goes to what lies behind (docs/real-screens.md).
    public var passesThrough = false
    public var clipsToBounds = false
    /// `transform = [a, 0, 0, d, tx, ty]` with a scale or flip (no rotation): the factors a and d. The printed frame
    /// is then the transformed bounding box; the importer turns it back into the untransformed frame around the
    /// same centre. Nil for no transform (or a translation only, which the printed frame already holds).
    public var axisScale: Point?
    /// The key paths of `animations = { position=<CASpringAnimation: …>; opacity=<…>; }`: the layer's animations in
    /// flight when the dump was taken (those that move or resize the view are a sign of a transient state,
    /// `TransientState`). A motion effect's entry (`<_UIParallaxMotionEffect: …>=…`) has no key path.
    public var animatedKeys: [String] = []
    /// `gestureRecognizers = <NSArray: …>`: the view has recognizers the dump does not describe.
    public var hasGestureRecognizers = false
    /// Scroll views: `contentOffset: {x, y}`.
    public var contentOffset: Point?
    /// Scroll views: `contentSize: {w, h}`.
    public var contentSize: Size?
    /// Scroll views: `adjustedContentInset: {top, left, bottom, right}` (or `contentInset` on old systems).
    public var contentInset: EdgeInsets?
    /// Index of the superview's record in the parsed list; nil for the root.
    public var parent: Int?
    /// 1-based column where the record starts, for files that put several on one line (idb's one-line JSON): the
    /// view's name then carries it (`UIButton_L1C2345`). Nil when the line names the record alone.
    public var column: Int?

    public init(line: Int, depth: Int, className: String) {
        self.line = line; self.depth = depth; self.className = className
    }
}

/// Something odd in a dump that the importer skipped or read in a documented way (docs/real-screens.md).
public struct ImportWarning: Hashable, Sendable, CustomStringConvertible {
    /// 1-based line of the dump (or of the map / recognizers file), 0 when the warning is about the whole file.
    public var line: Int
    public var message: String
    public init(line: Int, _ message: String) { self.line = line; self.message = message }
    /// `line N: message`, or the message alone for whole-file warnings.
    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}

/// A file that is not a `recursiveDescription` dump at all, or one no scenario file can hold (views nested
/// deeper than `ScenarioLimits.viewDepth`): one sentence, naming the file and, where one is at fault, the line.
public struct DumpRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based line of the dump at fault; 0 when the refusal is about the whole file.
    public var line: Int
    public var message: String
    public init(file: String, line: Int = 0, message: String) { self.file = file; self.line = line; self.message = message }
    /// `file: message`, or `file:line: message`.
    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}
