import Testing
import TouchEngine

@testable import ScenarioKit

/// The error `ScenarioLoader` reports for `yaml`, as printed (`file:line:column: message`).
func loadError(_ yaml: String) -> String {
    do {
        _ = try ScenarioLoader.load(yaml: yaml, path: "s.yaml")
        return "no error"
    } catch {
        return error.description
    }
}

@Suite struct ScenarioLoaderErrorTests {
    // MARK: YAML and document shape

    @Test func yamlSyntaxErrorHasItsPosition() {
        #expect(loadError("a: b\n  c: d\n") == "s.yaml:2:4: invalid YAML: mapping values are not allowed in this context")
    }

    @Test func duplicateYAMLKey() {
        #expect(loadError("views:\n  - id: B\n    id: C\n") == "s.yaml:2:5: key 'id' appears more than once in the same map")
    }

    @Test func emptyFileAndNonMapDocument() {
        #expect(loadError("") == "s.yaml:1:1: the scenario file is empty")
        #expect(loadError("foo") == "s.yaml:1:1: expected a map for the scenario, got 'foo'")
    }

    @Test func unknownTopLevelKey() {
        #expect(
            loadError("name: x\nscenery: y\n") == "s.yaml:2:1: unknown key 'scenery' in the scenario; allowed keys are "
                + "name, description, source, parameters, window, views, controllers, firstResponder, recognizers, script, expect, truth")
    }

    @Test func wrongContainerType() {
        #expect(loadError("views: B\n") == "s.yaml:1:8: expected a list for 'views', got 'B'")
    }

    // MARK: Views

    @Test func unknownViewKeyListsTheAllowedKeys() {
        let yaml = """
            views:
              - id: B
                frame: [0, 0, 10, 10]
                colour: red
            """
        #expect(
            loadError(yaml) == "s.yaml:4:5: unknown key 'colour' in view 'B'; allowed keys are id, kind, frame, bounds, "
                + "hidden, alpha, userInteractionEnabled, enabled, clipsToBounds, multipleTouchEnabled, exclusiveTouch, "
                + "touches, hitTest, value, class, controller, subviews, animating, allowUserInteraction, transform, navigation, vetoesPans, sheet, panel, implements, refuses"
        )
    }

    @Test func scrollKeyOnANonScrollView() {
        #expect(
            loadError("views:\n  - { id: B, kind: button, frame: [0, 0, 1, 1], contentSize: [1, 1] }\n")
                == "s.yaml:2:49: key 'contentSize' applies only to scroll views (scrollView, tableView, collectionView, "
                + "textView), but view 'B' is a button")
    }

    @Test func boundsOnAScrollView() {
        #expect(
            loadError("views:\n  - {id: SV, kind: scrollView, frame: [0, 0, 1, 1], bounds: [0, 5]}\n")
                == "s.yaml:2:53: view 'SV' is a scroll view, so it takes 'contentOffset' instead of 'bounds'")
    }

    @Test func wrongScalarTypes() {
        #expect(
            loadError("views:\n  - id: B\n    frame: [0, 0, 10, 10]\n    alpha: abc\n")
                == "s.yaml:4:12: expected a number for 'alpha', got 'abc'")
        #expect(
            loadError("views:\n  - id: B\n    frame: [0, 0, 10, 10]\n    hidden: yes\n")
                == "s.yaml:4:13: expected true or false for 'hidden', got 'yes'")
        #expect(
            loadError("views:\n  - id: B\n    frame: [0, 0, 10, 10]\n    alpha: [1]\n")
                == "s.yaml:4:12: expected a number for 'alpha', got a list of 1 item")
    }

    @Test func alphaOutsideZeroToOne() {
        #expect(
            loadError("views:\n  - id: B\n    frame: [0, 0, 10, 10]\n    alpha: 1.5\n")
                == "s.yaml:4:12: expected a number between 0 and 1 for 'alpha', got '1.5'")
    }

    @Test func negativeSize() {
        #expect(
            loadError("views:\n  - { id: B, frame: [0, 0, -10, 10] }\n")
                == "s.yaml:2:28: expected a non-negative width for 'frame', got '-10'")
        #expect(loadError("window:\n  size: [390, -1]\n") == "s.yaml:2:15: expected a non-negative height for 'size', got '-1'")
    }

    @Test func malformedFrame() {
        #expect(
            loadError("views:\n  - { id: B, frame: [0, 0, 10] }\n")
                == "s.yaml:2:21: expected [x, y, width, height] for 'frame', got a list of 3 items")
    }

    @Test func missingRequiredKey() {
        #expect(loadError("views:\n  - id: B\n") == "s.yaml:2:5: view 'B' is missing the required key 'frame'")
        #expect(loadError("views:\n  - frame: [0, 0, 1, 1]\n") == "s.yaml:2:5: a view is missing the required key 'id'")
    }

    @Test func unknownKind() {
        #expect(
            loadError("views:\n  - { id: B, kind: buton, frame: [0, 0, 1, 1] }\n")
                == "s.yaml:2:20: expected one of view, label, imageView, button, control, switch, slider, stepper, "
                + "segmentedControl, pageControl, textField, scrollView, tableView, collectionView, textView, cell "
                + "for 'kind', got 'buton'")
    }

    @Test func duplicateIDNamesTheFirstDefinition() {
        let yaml = """
            views:
              - { id: A, frame: [0, 0, 1, 1] }
              - id: B
                frame: [0, 0, 1, 1]
                subviews:
                  - { id: A, frame: [0, 0, 1, 1] }
            """
        #expect(loadError(yaml) == "s.yaml:6:15: duplicate id 'A', already defined as a view at line 2")
    }

    @Test func idsAreUniqueAcrossViewsControllersAndRecognizers() {
        let yaml = """
            views:
              - { id: SV, kind: scrollView, frame: [0, 0, 1, 1], controller: C }
            recognizers:
              - { id: C, kind: tap, view: SV }
            """
        #expect(loadError(yaml) == "s.yaml:4:11: duplicate id 'C', already defined as the controller of view 'SV' at line 2")
        let pan = "views:\n  - { id: SV, kind: scrollView, frame: [0, 0, 1, 1] }\nrecognizers:\n  - { id: SV.pan, kind: tap, view: SV }\n"
        #expect(loadError(pan) == "s.yaml:4:11: duplicate id 'SV.pan', already defined as the pan recognizer of scroll view 'SV' at line 2")
    }

    @Test func reservedWindowID() {
        #expect(
            loadError("views:\n  - {id: window, frame: [0, 0, 1, 1]}\n")
                == "s.yaml:2:10: the id 'window' is reserved for the window; choose another id")
    }

    @Test func undefinedViewInScrollReferences() {
        #expect(
            loadError("views:\n  - {id: SV, kind: scrollView, frame: [0, 0, 1, 1], panHost: X}\n")
                == "s.yaml:2:62: scroll view 'SV' hosts its pan on view 'X', which is not defined")
        #expect(
            loadError("views:\n  - {id: SV, kind: scrollView, frame: [0, 0, 1, 1], touchesShouldBegin: {reject: [X]}}\n")
                == "s.yaml:2:83: scroll view 'SV' refers to view 'X' in 'touchesShouldBegin', which is not defined")
    }

    // MARK: Controllers

    @Test func controllerOnUndefinedView() {
        #expect(
            loadError("controllers:\n  - { id: VC, view: X }\n")
                == "s.yaml:2:21: controller 'VC' has root view 'X', which is not defined")
    }

    @Test func controllerListDisagreesWithShorthand() {
        let yaml = """
            views:
              - { id: R, controller: VC, frame: [0, 0, 1, 1] }
              - { id: S, frame: [0, 0, 1, 1] }
            controllers:
              - { id: VC, view: S }
            """
        #expect(loadError(yaml) == "s.yaml:5:21: controller 'VC' is the controller of view 'R' (line 2), but its 'view' is 'S'")
    }

    // MARK: Recognizers

    @Test func recognizerOnUndefinedView() {
        #expect(
            loadError("views:\n  - { id: A, frame: [0, 0, 1, 1] }\nrecognizers:\n  - { id: T, kind: tap, view: X }\n")
                == "s.yaml:4:31: recognizer 'T' is attached to view 'X', which is not defined")
    }

    @Test func undefinedRecognizerReference() {
        #expect(
            loadError("recognizers:\n  - { id: T, kind: tap, view: window, requireToFail: [Q] }\n")
                == "s.yaml:2:55: recognizer 'T' refers to recognizer 'Q' in 'requireToFail', which is not defined")
        #expect(
            loadError("views:\n  - { id: SV, kind: scrollView, frame: [0, 0, 1, 1], pan: {simultaneousWith: [Q]} }\n")
                == "s.yaml:2:79: the pan of scroll view 'SV' refers to recognizer 'Q' in 'simultaneousWith', which is not defined")
    }

    @Test func undefinedViewInShouldReceive() {
        #expect(
            loadError("recognizers:\n  - { id: T, kind: tap, view: window, shouldReceive: {notIn: [X]} }\n")
                == "s.yaml:2:63: recognizer 'T' refers to view 'X' in 'shouldReceive', which is not defined")
    }

    @Test func keyOfAnotherRecognizerKind() {
        #expect(
            loadError("recognizers:\n  - { id: P, kind: pan, view: window, taps: 2 }\n")
                == "s.yaml:2:39: key 'taps' applies only to tap recognizers, but recognizer 'P' is a pan")
        #expect(
            loadError("recognizers:\n  - { id: P, kind: pan, view: window, touches: 2 }\n")
                == "s.yaml:2:39: key 'touches' applies only to tap, longPress and swipe recognizers, but recognizer 'P' is a pan")
    }

    @Test func tapsBelowOne() {
        #expect(
            loadError("recognizers:\n  - { id: T, kind: tap, view: window, taps: 0 }\n")
                == "s.yaml:2:45: expected an integer from 1 to 100 for 'taps', got '0'")
    }

    @Test func maximumTouchesBelowMinimum() {
        #expect(
            loadError("recognizers:\n  - { id: P, kind: pan, view: window, minimumTouches: 2, maximumTouches: 1 }\n")
                == "s.yaml:2:74: expected an integer from 2 to 100 for 'maximumTouches', got '1'")
    }

    @Test func missingRecognizerKind() {
        #expect(loadError("recognizers:\n  - { id: T, view: window }\n") == "s.yaml:2:5: recognizer 'T' is missing the required key 'kind'")
    }

    @Test func badPolicyValue() {
        #expect(
            loadError("recognizers:\n  - { id: T, kind: tap, view: window, simultaneousWith: some }\n")
                == "s.yaml:2:57: expected one of all, none for 'simultaneousWith' (or a list of recognizer ids, or {except: […]}), got 'some'")
    }

    // MARK: Parameters and window

    @Test func badParameters() {
        #expect(
            loadError("parameters:\n  iosVersion: seventeen\n")
                == "s.yaml:2:15: expected a version such as \"17.4\" for 'iosVersion', got 'seventeen'")
        #expect(
            loadError("parameters:\n  contentTouchDelay: -5\n")
                == "s.yaml:2:22: expected a time from 0 to 3600000 ms for 'contentTouchDelay', got '-5'")
        #expect(
            loadError("parameters:\n  tapSlop: 3\n") == "s.yaml:2:3: unknown key 'tapSlop' in 'parameters'; allowed keys are "
                + "contentTouchDelay, scrollHysteresis, scrollDelayEarlyRelease, decelerationRate, decelerationRateFast, decelerationMinimumVelocity, "
                + "flightStartDelay, flingRestInterval, displayRefreshRate, framePhase, "
                + "springBackRate, edgeBounceRate, bounceStopDistance, bounceBackDuration, rubberBandCoefficient, iosVersion, scrollTransferToParent, panHysteresis, panVelocitySmoothing, "
                + "tapAllowableMovement, tapMaximumDuration, multiTapInterval, longPressDuration, longPressAllowableMovement, "
                + "swipeMinimumPrimaryMovement, swipeMaximumSecondaryMovement, swipeMaximumDuration, "
                + "swipeMinimumMovementDecayRate, swipeMaximumMovementDecayRate, swipeMinimumRate, pinchHysteresis, rotationThreshold, tapCountInterval, tapCountDistance, "
                + "device, controlTrackingTolerance, "
                + "controlMinimumHighlight, edgeGateDelay, edgeGateRegion, topEdgeGateRegion, topEdgeGateDelay, hitTestAlphaThreshold, "
                + "combinedPrimaryActionDispatch, edgeRegion, edgeBackProjectionFactor, edgeHysteresis, edgeTimeLimit, "
                + "contentPopHysteresis, contentPopVerticalBase, contentPopVerticalSlope, contentPopVerticalCap, "
                + "popFinishProjectionTime, popFinishDistance, popFinishMaximumProgress, sheetLargeDetentTop, sheetMediumDetentTop, "
                + "sheetDecelerationRate, sheetQuickReswipeInterval, sheetDismissDuration, floatingPanelProjectionRate, "
                + "floatingPanelRemovalThreshold, panModalSnapVelocity")
    }

    @Test func badEdge() {
        #expect(
            loadError("window:\n  edgeGate: [bottom, middle]\n")
                == "s.yaml:2:22: expected one of top, left, bottom, right for 'edgeGate', got 'middle'")
    }

    // MARK: Script

    @Test func outOfOrderTimestamps() {
        #expect(
            loadError("script:\n  - 0 down (1,1)\n  - 50 move (1,2)\n  - 40 up\n")
                == "s.yaml:4:5: script step 3 is at 40 ms, earlier than step 2 at 50 ms; script times must be non-decreasing")
        #expect(
            loadError("script:\n  - 16.5 down (1,1)\n  - {t: 16.25, up: ~}\n")
                == "s.yaml:3:9: script step 2 is at 16.25 ms, earlier than step 1 at 16.5 ms; script times must be non-decreasing")
    }

    @Test func unknownVerbPointsAtTheVerb() {
        #expect(
            loadError("script:\n  - 0 dwn (1,2)\n")
                == "s.yaml:2:7: script step 1 ('0 dwn (1,2)') has unknown verb 'dwn'; expected one of down, move, up, cancel, disable, enable")
        #expect(
            loadError("script:\n  - '0 dwn (1,2)'\n")
                == "s.yaml:2:8: script step 1 ('0 dwn (1,2)') has unknown verb 'dwn'; expected one of down, move, up, cancel, disable, enable")
    }

    @Test func malformedStringSteps() {
        #expect(loadError("script:\n  - 0 down\n") == "s.yaml:2:7: script step 1 ('0 down') needs a location '(x,y)' after 'down'")
        #expect(
            loadError("script:\n  - x down (1,1)\n")
                == "s.yaml:2:5: script step 1 ('x down (1,1)') must start with a time from 0 to 3600000 ms, got 'x'")
        #expect(
            loadError("script:\n  - 0 down (1;1)\n")
                == "s.yaml:2:12: script step 1 ('0 down (1;1)') has a malformed location; expected '(x,y)' with two numbers")
        #expect(
            loadError("script:\n  - 0 down (1,1) finger 2\n")
                == "s.yaml:2:18: script step 1 ('0 down (1,1) finger 2') has unexpected 'finger'; "
                + "expected '<t> <verb> [(x,y)] [touch <n>]', '<t> <verb> <n>:(x,y) <n>:(x,y)' or '<t> disable|enable <recognizer>'")
        #expect(
            loadError("script:\n  - 0 down (1,1)\n  - 5 cancel (1,1)\n")
                == "s.yaml:3:7: script step 2 ('5 cancel (1,1)') cannot have a location; 'cancel' takes none")
    }

    @Test func touchAlreadyDownOrNotDown() {
        #expect(
            loadError("script:\n  - 0 down (1,1)\n  - 10 down (2,2)\n")
                == "s.yaml:3:5: script step 2 puts touch 1 down at 10 ms, but touch 1 is already down")
        #expect(loadError("script:\n  - 5 move (1,1) touch 2\n") == "s.yaml:2:5: script step 1 moves touch 2 at 5 ms, but touch 2 is not down")
        #expect(
            loadError("script:\n  - {tap: [1, 1], t: 0, duration: 80}\n  - 80 up\n")
                == "s.yaml:3:5: script step 2 lifts touch 1 at 80 ms, but touch 1 is not down")
    }

    @Test func undefinedRecognizerInScript() {
        #expect(loadError("script:\n  - 100 disable Q\n") == "s.yaml:2:17: script step 1 disables recognizer 'Q', which is not defined")
        #expect(loadError("script:\n  - {t: 5, enable: Q}\n") == "s.yaml:2:20: script step 1 enables recognizer 'Q', which is not defined")
    }

    @Test func mapStepShape() {
        #expect(
            loadError("script:\n  - {t: 0, down: [1, 1], up: [1, 1]}\n")
                == "s.yaml:2:26: script step 1 has both 'down' and 'up'; a step has exactly one action")
        #expect(loadError("script:\n  - {tap: [1, 1], t: 0}\n") == "s.yaml:2:5: script step 1 ('tap') is missing the required key 'duration'")
        #expect(
            loadError("script:\n  - {t: 0}\n")
                == "s.yaml:2:5: script step 1 has no action; expected one of the keys down, move, up, cancel, disable, enable, tap, swipe, drag")
        #expect(
            loadError("script:\n  - {t: 0, tap: [1, 1], duration: 5, hz: 60}\n")
                == "s.yaml:2:38: unknown key 'hz' in script step 1 ('tap'); allowed keys are tap, t, duration, touch")
        #expect(
            loadError("script:\n  - {swipe: {from: [0, 0], to: [0, 9]}, t: 0, duration: 10, hz: 0}\n")
                == "s.yaml:2:65: expected a number from 1 to 1000 Hz for 'hz', got '0'")
    }
}
