import TouchEngine

/// A documented fix — a seed article's, or one the system gestures' bug reports settle on (touch-model-system §B) — as
/// the values of one sweep axis that apply it. A configuration applies every
/// documented fix when each seed-fix axis its config names has one of these values (the "residual after the
/// fix" rows, docs/reports.md); docs/sweep-config.md's axis table and the config schema give them per axis.
public struct SeedFix: Sendable {
    /// The axis that applies the fix.
    public let axis: String
    /// The values that apply it, the seed's own first.
    public let values: [AxisValue]
    /// Who documents it (a seed article, or a B row of touch-model-system §B) and what it does, in one line (rule ids
    /// of docs/rules.md).
    public let source: String

    /// Whether `value` applies the fix.
    public func isFix(_ value: AxisValue) -> Bool { values.contains(value) }
}

extension AxisCatalog {
    /// Every documented fix of the seed articles (configs/scenarios/seeds reproduces each experiment): the one
    /// place where fix values are written. `Tests/SweepCoreTests/SeedFixTests.swift` shows that each drives the
    /// defect it fixes to 0 on the screens it is about.
    public static let seedFixes: [SeedFix] = [
        // Seed 004, "按钮一点即亮": without the 150 ms content delay a control highlights at touch-down (S4, B1). The
        // article applies it together with its touchesShouldCancel(in:) override, or drags that start on a control
        // stop scrolling (B2).
        SeedFix(
            axis: "scrollViews.delaysContentTouches", values: [.bool(false)],
            source: "seed 004: no content-touch delay, so controls highlight at touch-down (S4, B1); with the touchesShouldCancel fix"),
        // Seed 004's ControlContainableScrollView returns true for every UIControl but UITextInput, UISlider and
        // UISwitch; seed 000 returns YES for its UIButton. `always` is the blunt form: it cancels every content view.
        SeedFix(
            axis: "scrollViews.touchesShouldCancel",
            values: [.text(TouchesShouldCancelPolicy.controlsExceptTextInputsSlidersSwitches.rawValue), .text(TouchesShouldCancelPolicy.always.rawValue)],
            source:
                "seed 004: ControlContainableScrollView (controlsExceptTextInputsSlidersSwitches) or every view (always; seed 000 returns YES for buttons), so a drag from a control scrolls (S7, B2)"
        ),
        // Seeds 000 and 003: the tap-to-dismiss-keyboard recognizer with cancelsTouchesInView = NO lets the cell and
        // the controls under it finish their touches (G4, B4).
        SeedFix(
            axis: "dismissTap.cancelsTouchesInView", values: [.bool(false)],
            source: "seeds 000 and 003: cancelsTouchesInView = NO leaves the tap to the controls and cells under it (G4, B4)"),
        // Seed 001 (and seed 000's variant): gestureRecognizer(_:shouldReceive:) returns NO on the table and its
        // cells' content, so the recognizer never sees their touches (G3).
        SeedFix(
            axis: "dismissTap.shouldReceive", values: [.text("notOnControls"), .text("notInScrollViews")],
            source: "seed 001: shouldReceive keeps the recognizer off controls and cells (notOnControls) or off the table (notInScrollViews) (G3)"),
        // Seed 002: hitTest returns nil on the overlay's empty area, and its panGestureRecognizer is added to the
        // superview so drags anywhere still scroll it (H3, §6.5; WWDC 2014-235 does the same).
        SeedFix(
            axis: "overlay.passThrough", values: [.bool(true)],
            source: "seed 002: the overlay's hitTest passes empty-area touches through (H3), with its pan moved"),
        SeedFix(
            axis: "overlay.panMoved", values: [.bool(true)],
            source: "seed 002: the overlay's pan added to its superview, so drags anywhere still scroll it (§6.5), with pass-through"),
        // The system's gestures (touch-model-system §B): the fix each bug's reports settle on.
        SeedFix(
            axis: "nav.pansRequirePop", values: [.bool(true)],
            source: "B8, B14: the app's horizontal pans require(toFail:) the back swipe, which wins at the edge (N7.3)"),
        SeedFix(
            axis: "nav.edgeDelaysTouchesBegan", values: [.bool(false)],
            source: "B16: interactivePopGestureRecognizer.delaysTouchesBegan = false, so buttons at the edge highlight at once (N2.2, G5)"),
        SeedFix(
            axis: "nav.popEnabled", values: [.bool(true)],
            source: "B13: keep the system back item (backButtonTitle) so the back swipe stays enabled (N4)"),
        SeedFix(
            axis: "canvases.vetoPans", values: [.bool(true)],
            source: "B17, B19: the canvas refuses other views' pans in gestureRecognizerShouldBegin, so strokes stay its own (G11)"),
        SeedFix(
            axis: "panel.tracksList", values: [.bool(true)],
            source: "B20: FloatingPanel's track(scrollView:) (PanModal's panScrollable), so the list hands its drags to the panel (K1.2)"),
        SeedFix(
            axis: "panel.pinsList", values: [.bool(true)],
            source: "B21: the list is held while the panel moves (FloatingPanel since PR #221, K1.4; PanModal's halt, K2.4)")
    ]

    /// The seed fix the axis named `name` applies, if any.
    public static func seedFix(forAxis name: String) -> SeedFix? { seedFixes.first { $0.axis == name } }
}

extension AxisDefinition {
    /// The seed article's fix this axis applies, if any (``AxisCatalog/seedFixes``).
    public var fix: SeedFix? { AxisCatalog.seedFix(forAxis: name) }
}
