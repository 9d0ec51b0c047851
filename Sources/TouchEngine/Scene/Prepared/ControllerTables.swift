/// The controllers' tables: each view's controller (-1 when no controller's root view), each controller's root view
/// and touch methods.
struct ControllerTables: PreparedTableGroup {
    var controllerOf: [Int]
    var controllerRootView: [ViewID]
    var controllerTouches: [TouchMethods]

    init(_ scene: Scene, views: ViewTables) {
        controllerOf = Array(repeating: -1, count: scene.views.count)
        for (i, c) in scene.controllers.enumerated() { controllerOf[c.rootView] = i }
        controllerRootView = scene.controllers.map(\.rootView)
        controllerTouches = scene.controllers.map(\.touches)
    }

    /// The inputs: the controllers and the number of views.
    static func sameInputs(_ pair: ScenePair, views: ViewTables) -> Bool {
        pair.scene.views.count == pair.other.scene.views.count && pair.scene.controllers == pair.other.scene.controllers
    }
}
