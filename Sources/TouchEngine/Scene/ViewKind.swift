/// What a view is, which decides its default properties and its built-in touch behaviour.
public enum ViewKind: String, Sendable, CaseIterable {
    /// A plain `UIView`: its `touches…` methods forward up the responder chain (R1).
    case view
    /// `UILabel`: like a plain view but `isUserInteractionEnabled` defaults to false (H1).
    case label
    /// `UIImageView`: like a plain view but `isUserInteractionEnabled` defaults to false (H1).
    case imageView
    /// `UIButton`: a control that vetoes foreign one-finger single taps (§5.4).
    case button
    /// A custom `UIControl` subclass: control tracking without any veto (§5.4).
    case control
    /// `UISwitch`: vetoes foreign single taps and foreign pans parallel to it that start on the knob (§5.4).
    case `switch`
    /// `UISlider`: begins tracking only on its thumb; vetoes foreign parallel swipes that start on the thumb.
    case slider
    /// `UIStepper`: vetoes foreign single taps.
    case stepper
    /// `UISegmentedControl`: vetoes foreign single taps.
    case segmentedControl
    /// `UIPageControl`: vetoes foreign single taps.
    case pageControl
    /// `UITextField`: a control; a "text input" for the seed-004 touchesShouldCancel policy.
    case textField
    /// `UIScrollView`.
    case scrollView
    /// `UITableView`: a scroll view that bounces vertically even when its content is short (§7).
    case tableView
    /// `UICollectionView`: a scroll view (needs `alwaysBounceVertical` to bounce when short, §7).
    case collectionView
    /// `UITextView`: a vertically scrolling scroll view; a "text input" for the seed-004 policy.
    case textView
    /// A table/collection cell: highlights when its touch begins, selects when it ends, unhighlights
    /// when cancelled (§7).
    case cell

    /// Whether this kind is a `UIControl` (tracks touches, §5).
    @inlinable public var isControl: Bool {
        switch self {
        case .button, .control, .switch, .slider, .stepper, .segmentedControl, .pageControl, .textField: return true
        default: return false
        }
    }
    /// Whether this kind is a `UIScrollView` (owns a delay recognizer and a pan, §6).
    @inlinable public var isScrollView: Bool {
        switch self {
        case .scrollView, .tableView, .collectionView, .textView: return true
        default: return false
        }
    }
    /// Default `isUserInteractionEnabled`: false for labels and image views (H1).
    @inlinable public var defaultUserInteractionEnabled: Bool { !(self == .label || self == .imageView) }
    /// Whether the kind vetoes foreign one-finger single-tap recognizers (§5.4 list; UIButton per [RE]).
    @inlinable public var vetoesForeignSingleTaps: Bool {
        switch self {
        case .button, .switch, .stepper, .segmentedControl, .pageControl: return true
        default: return false
        }
    }
    /// A text input, exempt from cancellation under the seed-004 touchesShouldCancel policy.
    @inlinable public var isTextInput: Bool { self == .textField || self == .textView }
    /// The UIKit class this kind stands for, for traces.
    public var uikitClass: String {
        switch self {
        case .view: return "UIView"
        case .label: return "UILabel"
        case .imageView: return "UIImageView"
        case .button: return "UIButton"
        case .control: return "UIControl"
        case .switch: return "UISwitch"
        case .slider: return "UISlider"
        case .stepper: return "UIStepper"
        case .segmentedControl: return "UISegmentedControl"
        case .pageControl: return "UIPageControl"
        case .textField: return "UITextField"
        case .scrollView: return "UIScrollView"
        case .tableView: return "UITableView"
        case .collectionView: return "UICollectionView"
        case .textView: return "UITextView"
        case .cell: return "UITableViewCell"
        }
    }
}
