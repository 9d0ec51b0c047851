/// G2: the recognizers in rank order (deeper view first, then most recently added) and each one's position; and
/// each scroll view's delay and pan recognizers (-1 when none).
struct RankTables: PreparedTableGroup {
    var rankOrder: [RecognizerID]
    var rank: [Int]
    var scrollDelayOf: [RecognizerID]
    var scrollPanOf: [RecognizerID]

    init(_ scene: Scene, views: ViewTables) {
        // The sort keys read once per recognizer (a comparison that copied two `RecognizerSpec`s cost more).
        let depths = scene.recognizers.indices.map { scene.depth[scene.recognizers[$0].view] }
        let addOrders = scene.recognizers.indices.map { scene.recognizers[$0].addOrder }
        rankOrder = scene.recognizers.indices.sorted { a, b in
            if depths[a] != depths[b] { return depths[a] > depths[b] }
            if addOrders[a] != addOrders[b] { return addOrders[a] > addOrders[b] }
            return a > b
        }
        rank = Array(repeating: 0, count: scene.recognizers.count)
        for (i, id) in rankOrder.enumerated() { rank[id] = i }
        scrollDelayOf = Array(repeating: -1, count: scene.views.count)
        scrollPanOf = Array(repeating: -1, count: scene.views.count)
        for i in scene.recognizers.indices {
            switch scene.recognizers[i].kind {
            case .scrollDelay(let sv): scrollDelayOf[sv] = i
            case .scrollPan(let sv): scrollPanOf[sv] = i
            default: break
            }
        }
    }

    /// The inputs: the recognizers' views, add orders and kinds, the views' depths and their number.
    static func sameInputs(_ pair: ScenePair, views: ViewTables) -> Bool {
        pair.scene.views.count == pair.other.scene.views.count && pair.scene.depth == pair.other.scene.depth
            && pair.recognizersAgree { a, b, r in a[r].view == b[r].view && a[r].addOrder == b[r].addOrder && a[r].kind == b[r].kind }
    }
}
