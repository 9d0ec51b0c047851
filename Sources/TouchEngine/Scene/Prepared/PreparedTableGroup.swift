/// One group of a prepared scene's tables: the tables computed together from the same parts of a scene (the
/// group's inputs). A scene whose inputs equal another prepared scene's has that scene's group (shared storage); any
/// other scene computes its own. Either way the group equals the one `init(_:views:)` computes, which the sharing
/// test checks group by group.
protocol PreparedTableGroup: Equatable {
    /// The group computed from `scene`, whose view tables are `views`.
    init(_ scene: Scene, views: ViewTables)
    /// Whether `pair.scene`'s inputs to this group equal `pair.other`'s scene's, so that the group comes out the same.
    static func sameInputs(_ pair: ScenePair, views: ViewTables) -> Bool
}

extension PreparedTableGroup {
    /// `pair.other`'s group (at `keyPath`) when its inputs are equal, else the group computed from `scene`.
    static func reused(
        _ keyPath: KeyPath<PreparedScene, Self>, _ scene: Scene, _ pair: ScenePair?, views: ViewTables
    ) -> Self {
        if let pair, sameInputs(pair, views: views) { return pair.other[keyPath: keyPath] }
        return Self(scene, views: views)
    }
}

/// A scene to prepare and a prepared scene whose tables it may share. `mayDiffer`, when given, lists the only views
/// that may differ between the two scenes (every other view is equal, by `PreparedScene`'s precondition), so the
/// groups that read the views compare only those.
struct ScenePair {
    let scene: Scene
    let other: PreparedScene
    let mayDiffer: [ViewID]?

    /// Whether the two scenes' views are one storage (so equal, and every group read from the views alone is shared).
    var sameViewStorage: Bool { sameStorage(scene.views, other.scene.views) }

    /// Whether the scenes have as many views and `same(v)` holds for each view that may differ.
    func viewsAgree(_ same: (ViewID) -> Bool) -> Bool {
        guard scene.views.count == other.scene.views.count else { return false }
        return mayDiffer.map { $0.allSatisfy(same) } ?? scene.views.indices.allSatisfy(same)
    }

    /// Whether `same` holds for every view of the two scenes' specs that may differ, read in place (copying a
    /// `ViewSpec`, with its strings and arrays, costs more than most tables).
    func specsAgree(_ same: (UnsafeBufferPointer<ViewSpec>, UnsafeBufferPointer<ViewSpec>, ViewID) -> Bool) -> Bool {
        scene.views.withUnsafeBufferPointer { a in
            other.scene.views.withUnsafeBufferPointer { b in viewsAgree { same(a, b, $0) } }
        }
    }

    /// Whether the scenes have as many recognizers and `same(r)` holds for each, read in place.
    func recognizersAgree(_ same: (UnsafeBufferPointer<RecognizerSpec>, UnsafeBufferPointer<RecognizerSpec>, Int) -> Bool) -> Bool {
        guard scene.recognizers.count == other.scene.recognizers.count else { return false }
        if sameStorage(scene.recognizers, other.scene.recognizers) { return true }
        return scene.recognizers.withUnsafeBufferPointer { a in
            other.scene.recognizers.withUnsafeBufferPointer { b in a.indices.allSatisfy { same(a, b, $0) } }
        }
    }

    /// Whether the scenes have as many views with the same parents (which the recognizers' relations read through
    /// `Scene.isView(_:inside:)`) and depths.
    var sameHierarchy: Bool {
        guard scene.views.count == other.scene.views.count, scene.depth == other.scene.depth else { return false }
        return specsAgree { a, b, v in a[v].parent == b[v].parent }
    }
}

/// Whether `a` and `b` are the same storage (so equal), without comparing their elements.
func sameStorage<T>(_ a: [T], _ b: [T]) -> Bool {
    a.count == b.count && a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pa.baseAddress == $0.baseAddress } }
}
