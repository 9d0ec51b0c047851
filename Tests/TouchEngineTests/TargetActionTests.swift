import Testing
import TouchEngine

/// Target-action (touch-model §5.5): what a control's setup leaves, where a nil-targeted action goes, and what a
/// tap sends, traced and untraced.
@Suite struct TargetActionTests {
    /// R (root of VC) holding a container C holding button B; B's setup is `calls`.
    static func scene(_ calls: [ActionSetupCall], primary: String? = nil, vcImplements: [String] = [])
        -> (scene: Scene, r: ViewID, c: ViewID, b: ViewID)
    {
        var scene = Scene(name: "target-action")
        let r = scene.addView(ViewSpec(name: "R", kind: .view, frame: Rect(0, 0, 390, 844), parent: nil))
        var vc = ControllerSpec(name: "VC", rootView: r)
        vc.actions = ResponderActions(implements: vcImplements)
        scene.addController(vc)
        let c = scene.addView(ViewSpec(name: "C", kind: .view, frame: Rect(0, 80, 390, 100), parent: r))
        var button = ViewSpec(name: "B", kind: .button, frame: Rect(20, 20, 100, 44), parent: c)
        button.actionSetup = calls
        button.primaryAction = primary
        let b = scene.addView(button)
        scene.script = [ScriptEvent(time: .ms(0), action: .down(Point(70, 122))), ScriptEvent(time: .ms(100), action: .up(nil))]
        return (scene, r, c, b)
    }

    static let vc = Responder.controller(0)
    static let up: ControlEventSet = .of(.touchUpInside)

    @Test func aRepeatedRegistrationKeepsItsPlaceAndGainsTheNewEvents() {
        let (scene, r, _, b) = Self.scene(
            [
                .addTarget(Self.vc, action: "save", events: Self.up),
                .addTarget(.view(1), action: "track", events: Self.up),
                .addTarget(Self.vc, action: "save", events: .of(.touchDown))
            ], primary: "open")
        #expect(
            scene.registrations(of: b) == [
                ActionRegistration(handler: .uiAction("open"), events: .of(.primaryActionTriggered)),
                ActionRegistration(handler: .target(Self.vc, action: "save"), events: [.of(.touchUpInside), .of(.touchDown)]),
                ActionRegistration(handler: .target(.view(r), action: "track"), events: Self.up)
            ])
    }

    @Test func removeTargetWithANilTargetMatchesEveryTargetButNoUIAction() {
        let (scene, _, _, b) = Self.scene([
            .addTarget(Self.vc, action: "save", events: Self.up),
            .addTarget(nil, action: "share", events: Self.up),
            .addAction("log", events: Self.up),
            .removeTarget(nil, action: nil, events: .all)
        ])
        #expect(scene.registrations(of: b) == [ActionRegistration(handler: .uiAction("log"), events: Self.up)])
    }

    @Test func removeTargetTakesOnlyTheEventsItNames() {
        let (scene, _, _, b) = Self.scene([
            .addTarget(Self.vc, action: "save", events: [.of(.touchDown), .of(.touchUpInside)]),
            .removeTarget(Self.vc, action: "save", events: Self.up),
            .addAction("log", events: Self.up),
            .removeAction("log", events: Self.up)
        ])
        #expect(scene.registrations(of: b) == [ActionRegistration(handler: .target(Self.vc, action: "save"), events: .of(.touchDown))])
    }

    @Test func aNilTargetStartsAtTheSenderWithoutAFirstResponder() {
        var (scene, r, c, b) = Self.scene([])
        scene.modifyView(c) { $0.actions = ResponderActions(implements: ["share"], refuses: ["share"]) }
        scene.modifyView(r) { $0.actions = ResponderActions(implements: ["share"]) }
        let resolution = scene.resolveNilTarget("share", from: b)
        #expect(resolution == ChainResolution(firstResponder: nil, searched: [.view(b), .view(c), .view(r)], receiver: .view(r)))
    }

    @Test func aNilTargetStartsAtTheFirstResponderWhenThereIsOne() {
        var (scene, r, _, b) = Self.scene([])
        scene.firstResponder = .view(r)
        // B implements it, but the search never passes B: it starts at R and climbs to VC and the window.
        scene.modifyView(b) { $0.actions = ResponderActions(implements: ["share"]) }
        let resolution = scene.resolveNilTarget("share", from: b)
        #expect(resolution == ChainResolution(firstResponder: .view(r), searched: [.view(r), Self.vc, .view(0)], receiver: nil))
    }

    @Test func aTapSendsTheTriggerThenThePrimaryActionAndEachActionInOrder() {
        var (scene, _, _, b) = Self.scene(
            [
                .addTarget(Self.vc, action: "save", events: [.of(.touchUpInside), .of(.primaryActionTriggered)]),
                .addAction("log", events: .of(.primaryActionTriggered))
            ], vcImplements: ["save"])
        let outcome = Engine.outcome(scene)
        #expect(outcome.controlEvents[b]?.map(\.event) == [.touchDown, .touchUpInside, .primaryActionTriggered])
        #expect(
            outcome.controlActions[b]?.map { "\($0.event.rawValue) \($0.delivery.handler.name)" }
                == ["TouchUpInside save", "PrimaryActionTriggered save", "PrimaryActionTriggered log"])

        scene.parameters.combinedPrimaryActionDispatch = true
        let combined = Engine.outcome(scene)
        #expect(
            combined.controlActions[b]?.map { "\($0.event.rawValue) \($0.delivery.handler.name)" }
                == ["TouchUpInside save", "PrimaryActionTriggered log"])
    }

    @Test func theUntracedRunCountsPerformedActionsOfTheJudgedEvents() {
        let calls: [ActionSetupCall] = [
            .addTarget(Self.vc, action: "haptic", events: .of(.touchDown)),
            .addTarget(nil, action: "share", events: Self.up)
        ]
        let (scene, _, _, b) = Self.scene(calls, vcImplements: ["haptic"])
        // TouchDown's action is performed but not judged (the control registers one for TouchUpInside); the
        // nil-targeted share reaches nobody.
        var summary = Engine.summary(scene)
        #expect(summary.performedActions[b] == 0 && summary.firstPerformedAction[b] == .never)
        #expect(summary.primaryActions[b] == 1)

        summary = Engine.summary(Self.scene(calls, vcImplements: ["haptic", "share"]).scene)
        #expect(summary.performedActions[b] == 1 && summary.firstPerformedAction[b] == .ms(100))
    }

    @Test func aControlWithActionsOnlyForOtherEventsIsJudgedOnThoseActions() {
        let (scene, _, _, b) = Self.scene([.addTarget(Self.vc, action: "press", events: .of(.touchDown))], vcImplements: ["press"])
        let summary = Engine.summary(scene)
        #expect(summary.performedActions[b] == 1 && summary.firstPerformedAction[b] == .ms(0))
    }

    @Test func aControlWithoutDeclarationsSendsNoPrimaryActionTriggered() {
        let (scene, _, _, b) = Self.scene([])
        let outcome = Engine.outcome(scene)
        #expect(outcome.controlEvents[b]?.map(\.event) == [.touchDown, .touchUpInside])
        #expect(outcome.controlActions.isEmpty)
    }

    @Test func theTraceLineNamesTheRespondersAsked() {
        var (scene, _, c, _) = Self.scene([.addTarget(nil, action: "share", events: Self.up)])
        scene.modifyView(c) { $0.actions = ResponderActions(implements: ["share"], refuses: ["share"]) }
        let lines = Engine.trace(scene).map { TraceText.describe($0.kind, scene: scene) }
        #expect(
            lines.contains(
                "B → nil-targeted share(_:) (TouchUpInside): from B (no first responder), asked B, "
                    + "C (canPerformAction false), R, VC, W, UIApplication, AppDelegate; no responder performs it"))
    }
}
