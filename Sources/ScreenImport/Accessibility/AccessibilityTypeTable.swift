/// Accessibility element types to the UIKit classes the importer gives them (docs/real-screens.md, "Accessibility
/// trees", lists the same table). The class decides the view kind through `ClassTable`, so an imported tree gets
/// UIKit's defaults for that class: a scroll view's flags, a cell that selects, a control that tracks.
///
/// Keys are `XCUIElement.ElementType` names without the prefix (XCUITest text, WDA's `XCUIElementType…` tags) and
/// idb's `type` names (`GenericElement`, `ScrollArea`, `Heading`). `Cell` depends on its container: a cell in a
/// `Table` is a `UITableViewCell`, any other a `UICollectionViewCell`.
enum AccessibilityTypeTable {
    static let classes: [String: String] = [
        // The window and containers.
        "Window": "UIWindow",
        "Other": "UIView", "GenericElement": "UIView", "Group": "UIView", "Any": "UIView", "Alert": "UIView",
        "Sheet": "UIView", "Dialog": "UIView", "Map": "UIView", "Menu": "UIView", "MenuBar": "UIView",
        "Keyboard": "UIView", "Browser": "UIView", "Matte": "UIView", "LayoutArea": "UIView", "LayoutItem": "UIView",
        "Touchbar": "UIView", "Grid": "UIView", "Outline": "UIView", "Ruler": "UIView", "Splitter": "UIView",
        "NavigationBar": "UINavigationBar", "TabBar": "UITabBar", "Toolbar": "UIToolbar", "StatusBar": "UIView",
        "TabGroup": "UIView", "Picker": "UIPickerView", "ActivityIndicator": "UIActivityIndicatorView",
        "ProgressIndicator": "UIProgressView", "LevelIndicator": "UIProgressView", "RatingIndicator": "UIView",
        // Scroll views: UIKit's default flags, content sized from the children.
        "ScrollView": "UIScrollView", "ScrollArea": "UIScrollView", "WebView": "UIScrollView",
        "Table": "UITableView", "CollectionView": "UICollectionView", "TextView": "UITextView",
        "PickerWheel": "UIPickerTableView",
        // Controls.
        "Button": "UIButton", "Link": "UIButton", "Key": "UIButton", "MenuItem": "UIButton", "MenuButton": "UIButton",
        "PopUpButton": "UIButton", "Tab": "UIButton", "DisclosureTriangle": "UIButton", "ToggleButton": "UIButton",
        "Switch": "UISwitch", "Toggle": "UISwitch", "CheckBox": "UISwitch", "RadioButton": "UIButton",
        "Slider": "UISlider", "Stepper": "UIStepper", "Incrementor": "UIStepper",
        "SegmentedControl": "UISegmentedControl", "PageIndicator": "UIPageControl", "DatePicker": "UIDatePicker",
        "ColorWell": "UIColorWell",
        "TextField": "UITextField", "SecureTextField": "UITextField", "SearchField": "UISearchTextField",
        // Content.
        "StaticText": "UILabel", "Heading": "UILabel", "Image": "UIImageView", "Icon": "UIImageView",
        "Cell": "UICollectionViewCell"
    ]

    /// The class for an element of `type` whose nearest `Table` or `CollectionView` ancestor (if any) is `container`;
    /// nil for a type the table does not know (imported as `UIView`, with a note).
    static func className(for type: String, container: String?) -> String? {
        if type == "Cell" { return container == "Table" ? "UITableViewCell" : "UICollectionViewCell" }
        return classes[type]
    }

    /// An XML tag or type attribute without WDA's prefix: `XCUIElementTypeButton` → `Button`.
    static func typeName(_ raw: String) -> String {
        raw.hasPrefix("XCUIElementType") ? String(raw.dropFirst("XCUIElementType".count)) : raw
    }
}
