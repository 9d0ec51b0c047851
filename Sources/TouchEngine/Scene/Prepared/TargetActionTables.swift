/// Target-action (§5.5), per view: whether it declares actions, what each of its registrations does, and the events
/// whose performed actions count as its primary action (``RunSummary/performedActions``).
struct TargetActionTables: PreparedTableGroup {
    var declaresActions: [Bool]
    var actionTable: [[PreparedAction]]
    var judgedEvents: [ControlEventSet]

    init(_ scene: Scene, views: ViewTables) {
        declaresActions = scene.views.indices.map(scene.declaresActions)
        actionTable = Array(repeating: [], count: scene.views.count)
        judgedEvents = Array(repeating: .all, count: scene.views.count)
        let primary: ControlEventSet = [.of(.touchUpInside), .of(.valueChanged), .of(.primaryActionTriggered)]
        for v in scene.views.indices where declaresActions[v] {
            actionTable[v] = scene.registrations(of: v).map { PreparedAction(scene, $0, sender: v) }
            if actionTable[v].contains(where: { !$0.events.isDisjoint(with: primary) }) { judgedEvents[v] = primary }
        }
    }

    /// The inputs: each view's primary action, action setup, actions and parent (`Scene.registrations`,
    /// `Scene.resolveNilTarget`), the controllers and the first responder.
    static func sameInputs(_ pair: ScenePair, views: ViewTables) -> Bool {
        guard pair.scene.firstResponder == pair.other.scene.firstResponder,
            pair.scene.controllers == pair.other.scene.controllers
        else { return false }
        return pair.sameViewStorage
            || pair.specsAgree { a, b, v in
                a[v].parent == b[v].parent && a[v].primaryAction == b[v].primaryAction
                    && a[v].actionSetup == b[v].actionSetup && a[v].actions == b[v].actions
            }
    }
}
