/// A sheet presented over the scene (spec M1–M7): a page or form sheet whose view `view` sits above the presenting
/// view, with its own dismiss pan (`<view>.dismissPan`, M1/M2), detents (M5), modality and delegate (M4).
///
/// The sheet's top edge is the sheet view's frame origin y in window points (the sheet view is a child of the window
/// or of a presentation container at the window's origin). At run time the engine moves the view (its frame, as an
/// action handler's `moveView` does) so that later touches hit-test it where it is.
public struct SheetSpec: Hashable, Sendable {
    /// The sheet view `S`.
    public var view: ViewID
    /// `detents`, in the order the app lists them (default `[.large]`, M5).
    public var detents: [SheetDetent] = [.large]
    /// `selectedDetentIdentifier`, as an index into `detents` (nil in UIKit means the smallest; the loader resolves it).
    public var selectedDetent: Int = 0
    /// `isModalInPresentation` (M4): no interactive dismissal; pulling down rubber-bands.
    public var isModalInPresentation = false
    /// The presentation controller's delegate; nil: none (every answer the default, no call traced).
    public var delegate: SheetDelegate? = nil
    /// `prefersScrollingExpandsWhenScrolledToEdge` (M6), default true.
    public var prefersScrollingExpandsWhenScrolledToEdge = true
    /// `largestUndimmedDetentIdentifier` as an index into `detents`; nil (the default): dimmed at every detent, so
    /// touches outside the sheet never reach the presenting view (M5).
    public var largestUndimmedDetent: Int? = nil
    /// The dismiss pan the scene installed for it (`Scene.addSheet`).
    public internal(set) var dismissPan: RecognizerID = -1

    public init(view: ViewID) { self.view = view }
}

/// One `UISheetPresentationController.Detent` (M5).
public enum SheetDetent: Hashable, Sendable {
    /// `.large()`: top at `Parameters.sheetLargeDetentTop`.
    case large
    /// `.medium()`: top at `Parameters.sheetMediumDetentTop`.
    case medium
    /// `.custom(identifier:resolver:)` resolving to `height` points (top = window height − height).
    case custom(identifier: String, height: Double)

    /// The detent's identifier: `large`, `medium` or the custom one.
    public var identifier: String {
        switch self {
        case .large: return "large"
        case .medium: return "medium"
        case .custom(let identifier, _): return identifier
        }
    }

    /// The sheet's top edge (window y) at this detent.
    public func top(windowHeight: Double, parameters: Parameters) -> Double {
        switch self {
        case .large: return parameters.sheetLargeDetentTop
        case .medium: return parameters.sheetMediumDetentTop
        case .custom(_, let height): return windowHeight - height
        }
    }
}

/// What the sheet's `UIAdaptivePresentationControllerDelegate` (and `UISheetPresentationControllerDelegate`) does.
public struct SheetDelegate: Hashable, Sendable {
    /// `presentationControllerShouldDismiss(_:)`'s answer; nil: not implemented (dismissal allowed, no call).
    public var shouldDismiss: Bool? = nil
    /// It implements the other callbacks (willDismiss, didDismiss, didAttemptToDismiss,
    /// didChangeSelectedDetentIdentifier) and logs them: traced runs show each call.
    public var logsCallbacks = true
    public init(shouldDismiss: Bool? = nil, logsCallbacks: Bool = true) {
        self.shouldDismiss = shouldDismiss; self.logsCallbacks = logsCallbacks
    }
}

extension Scene {
    /// Presents `spec` as a sheet and installs its dismiss pan `<S>.dismissPan` on the sheet view (M1): a plain pan,
    /// vertical only, the default pan hysteresis, cancelling touches, no delays. Call after the views (and the scroll
    /// views' recognizers). Returns the sheet's index.
    @discardableResult
    public mutating func addSheet(_ spec: SheetSpec) -> Int {
        var spec = spec
        let index = sheets.count
        let pan = RecognizerSpec(name: views[spec.view].name + ".dismissPan", kind: .sheetPan(sheet: index), view: spec.view)
        spec.dismissPan = addRecognizer(pan)
        sheets.append(spec)
        linkSheetsToBackSwipes()
        return index
    }

    /// The sheet whose view is `v`, if any.
    public func sheet(of v: ViewID) -> Int? { sheets.firstIndex { $0.view == v } }

    /// Sheet `index`'s detent tops (window y), in `detents` order.
    public func detentTops(of index: Int) -> [Double] {
        sheets[index].detents.map { $0.top(windowHeight: windowSize.height, parameters: parameters) }
    }
}
