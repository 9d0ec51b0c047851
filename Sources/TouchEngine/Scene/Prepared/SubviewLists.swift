/// The subviews of view v, back to front: `childList[childStart[v] ..< childStart[v] + childCount[v]]` (the hit test
/// walks them front to back, H1).
struct SubviewLists: PreparedTableGroup {
    var childStart: [Int]
    var childCount: [Int]
    var childList: [ViewID]

    init(_ scene: Scene, views: ViewTables) {
        childStart = []; childCount = []; childList = []
        childStart.reserveCapacity(scene.children.count)
        childCount.reserveCapacity(scene.children.count)
        childList.reserveCapacity(max(0, scene.views.count - 1))
        for v in scene.children.indices {
            childStart.append(childList.count)
            childCount.append(scene.children[v].count)
            childList += scene.children[v]
        }
    }

    /// The input: the scene's subview lists.
    static func sameInputs(_ pair: ScenePair, views: ViewTables) -> Bool { pair.scene.children == pair.other.scene.children }
}
