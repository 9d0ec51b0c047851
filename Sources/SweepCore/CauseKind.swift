/// Why a defective run went wrong, as the engine decided it (causes.csv, docs/reports.md): a stable,
/// machine-readable name and the rule of docs/rules.md that decides it. Each kind has exactly one rule, so
/// grouping causes.csv by `defect` and `rule` adds up whole kinds.
///
/// New kinds go at the end (the wire carries raw values); a name, once shipped, keeps its meaning.
public enum CauseKind: Int, CaseIterable, Sendable, Comparable {
    /// The engine recorded nothing that explains the defect (rule `-`).
    case unknown
    // Where the touch went (dead buttons).
    case hitNothing
    case hitOtherView
    case droppedByScrollView
    case refusedByTouchesShouldBegin
    case takenByEdgeGate
    case droppedByDelayingRecognizer
    case cancelledBySystem
    case cancelledByScrollPan
    case takenByTap
    case takenByLongPress
    case takenByPan
    case takenBySwipe
    case filteredMultiTouch
    case liftedOutside
    // What stopped the intended scroll view's pan (swallowed scrolls, wrong scrollers, ghost taps).
    case panNeverSawTouch
    case touchesShouldCancelFalse
    case cannotCancelContentTouches
    case otherScrollViewWon
    case panRecognizerWon
    case swipeRecognizerWon
    case longPressWon
    case tapRecognizerWon
    case edgeGateWon
    case requiredRecognizerRecognized
    case delegateRefusedBegin
    case viewVetoedBegin
    case recognizerDisabled
    case transferredToParent
    case panDidNotBegin
    case scrolledTooLittle
    case controlFiredDuringScroll
    case cellSelectedDuringScroll
    // What held feedback or an action back (late feedback, late action).
    case contentTouchDelay
    case edgeGateDelay
    case delaysTouchesBegan
    case neverHighlighted
    case touchesEndedHeld
    // What the control did with its action (dead buttons of controls that declare actions).
    case actionNotPerformed
    // Two-finger recognizers (issue 15 §2).
    case takenByPinchOrRotation
    case pinchOrRotationWon
    // What stopped the intended scroll view's zoom pinch (swallowed zooms).
    case pinchDidNotBegin
    case zoomedTooLittle
    // The back swipe (swallowed and accidental backs, touch-model-system N).
    case backSwipeLostToScrollView
    case backSwipeLostToRecognizer
    case popRefused
    case notABackSwipe
    case edgeSwipePopped
    case contentSwipePopped
    // Sheets and panels (accidental dismissals, stuck sheets, double motion; M, K).
    case sheetPanTookDrag
    case listDroveSheet
    case sheetDidNotMove
    case sheetSettledBack
    case listAndSheetMoved
    case floatingPanelFollowedDrag
    case floatingPanelDidNotMove
    case floatingPanelSettledBack
    case floatingPanelAndListMoved
    case panModalFollowedDrag
    case panModalDidNotMove
    case panModalSettledBack
    case panModalAndListMoved

    /// The causes.csv form, e.g. `touches_should_cancel_false`.
    public var name: String {
        switch self {
        case .unknown: return "unknown"
        case .hitNothing: return "hit_nothing"
        case .hitOtherView: return "hit_other_view"
        case .droppedByScrollView: return "dropped_by_scroll_view"
        case .refusedByTouchesShouldBegin: return "refused_by_touches_should_begin"
        case .takenByEdgeGate: return "taken_by_edge_gate"
        case .droppedByDelayingRecognizer: return "dropped_by_delaying_recognizer"
        case .cancelledBySystem: return "cancelled_by_system"
        case .cancelledByScrollPan: return "cancelled_by_scroll_pan"
        case .takenByTap: return "taken_by_tap"
        case .takenByLongPress: return "taken_by_long_press"
        case .takenByPan: return "taken_by_pan"
        case .takenBySwipe: return "taken_by_swipe"
        case .filteredMultiTouch: return "filtered_multi_touch"
        case .liftedOutside: return "lifted_outside"
        case .panNeverSawTouch: return "pan_never_saw_touch"
        case .touchesShouldCancelFalse: return "touches_should_cancel_false"
        case .cannotCancelContentTouches: return "cannot_cancel_content_touches"
        case .otherScrollViewWon: return "other_scroll_view_won"
        case .panRecognizerWon: return "pan_recognizer_won"
        case .swipeRecognizerWon: return "swipe_recognizer_won"
        case .longPressWon: return "long_press_won"
        case .tapRecognizerWon: return "tap_recognizer_won"
        case .edgeGateWon: return "edge_gate_won"
        case .requiredRecognizerRecognized: return "required_recognizer_recognized"
        case .delegateRefusedBegin: return "delegate_refused_begin"
        case .viewVetoedBegin: return "view_vetoed_begin"
        case .recognizerDisabled: return "recognizer_disabled"
        case .transferredToParent: return "transferred_to_parent"
        case .panDidNotBegin: return "pan_did_not_begin"
        case .scrolledTooLittle: return "scrolled_too_little"
        case .controlFiredDuringScroll: return "control_fired_during_scroll"
        case .cellSelectedDuringScroll: return "cell_selected_during_scroll"
        case .contentTouchDelay: return "content_touch_delay"
        case .edgeGateDelay: return "edge_gate_delay"
        case .delaysTouchesBegan: return "delays_touches_began"
        case .neverHighlighted: return "never_highlighted"
        case .touchesEndedHeld: return "touches_ended_held"
        case .actionNotPerformed: return "action_not_performed"
        case .takenByPinchOrRotation: return "taken_by_pinch_or_rotation"
        case .pinchOrRotationWon: return "pinch_or_rotation_won"
        case .pinchDidNotBegin: return "pinch_did_not_begin"
        case .zoomedTooLittle: return "zoomed_too_little"
        case .backSwipeLostToScrollView: return "back_swipe_lost_to_scroll_view"
        case .backSwipeLostToRecognizer: return "back_swipe_lost_to_recognizer"
        case .popRefused: return "pop_refused"
        case .notABackSwipe: return "not_a_back_swipe"
        case .edgeSwipePopped: return "edge_swipe_popped"
        case .contentSwipePopped: return "content_swipe_popped"
        case .sheetPanTookDrag: return "sheet_pan_took_drag"
        case .listDroveSheet: return "list_drove_sheet"
        case .sheetDidNotMove: return "sheet_did_not_move"
        case .sheetSettledBack: return "sheet_settled_back"
        case .listAndSheetMoved: return "list_and_sheet_moved"
        case .floatingPanelFollowedDrag: return "floating_panel_followed_drag"
        case .floatingPanelDidNotMove: return "floating_panel_did_not_move"
        case .floatingPanelSettledBack: return "floating_panel_settled_back"
        case .floatingPanelAndListMoved: return "floating_panel_and_list_moved"
        case .panModalFollowedDrag: return "pan_modal_followed_drag"
        case .panModalDidNotMove: return "pan_modal_did_not_move"
        case .panModalSettledBack: return "pan_modal_settled_back"
        case .panModalAndListMoved: return "pan_modal_and_list_moved"
        }
    }

    /// The rule id (docs/rules.md) or touch-model section that decides it; `-` where no single rule does.
    public var rule: String {
        switch self {
        case .unknown, .controlFiredDuringScroll, .cellSelectedDuringScroll, .neverHighlighted: return "-"
        case .hitNothing, .hitOtherView: return "H1"
        case .droppedByScrollView: return "S3"
        case .refusedByTouchesShouldBegin: return "S2"
        case .takenByEdgeGate, .edgeGateWon, .edgeGateDelay: return "§8"
        case .droppedByDelayingRecognizer, .delaysTouchesBegan: return "G5"
        case .cancelledBySystem: return "R4"
        case .cancelledByScrollPan, .touchesShouldCancelFalse, .cannotCancelContentTouches: return "S7"
        case .takenByTap, .takenByLongPress, .takenByPan, .takenBySwipe, .takenByPinchOrRotation: return "G4"
        case .filteredMultiTouch: return "H5"
        case .liftedOutside: return "§5.2"
        case .panNeverSawTouch: return "P3"
        case .otherScrollViewWon, .panRecognizerWon, .swipeRecognizerWon, .longPressWon, .tapRecognizerWon,
            .pinchOrRotationWon:
            return "G7"
        case .requiredRecognizerRecognized: return "G10"
        case .delegateRefusedBegin, .viewVetoedBegin: return "G11"
        case .recognizerDisabled: return "§6.5"
        case .transferredToParent: return "S11"
        case .panDidNotBegin: return "S5"
        case .scrolledTooLittle: return "S8"
        case .contentTouchDelay: return "S1"
        case .touchesEndedHeld: return "G6"
        case .actionNotPerformed: return "§5.5"
        case .pinchDidNotBegin: return "§4.5"
        case .zoomedTooLittle: return "§6.1"
        case .backSwipeLostToScrollView, .backSwipeLostToRecognizer: return "N7"
        case .popRefused: return "N4"
        case .notABackSwipe: return "N2"
        case .edgeSwipePopped: return "N5"
        case .contentSwipePopped: return "N6"
        case .sheetPanTookDrag: return "M2"
        case .listDroveSheet, .sheetDidNotMove, .listAndSheetMoved: return "M3"
        case .sheetSettledBack: return "M4"
        case .floatingPanelFollowedDrag, .floatingPanelDidNotMove, .floatingPanelSettledBack, .floatingPanelAndListMoved:
            return "K1"
        case .panModalFollowedDrag, .panModalDidNotMove, .panModalSettledBack, .panModalAndListMoved: return "K2"
        }
    }

    public static func < (a: CauseKind, b: CauseKind) -> Bool { a.rawValue < b.rawValue }
}
