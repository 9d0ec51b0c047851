/// Per scroll view and axis (index `view * 2 + axis`): S5's can-scroll and the content offset's range, from the views'
/// plain data.
struct ScrollRanges: PreparedTableGroup {
    var canScroll: [Bool]
    var offsetMin: [Double]
    var offsetMax: [Double]

    init(_ scene: Scene, views: ViewTables) {
        let count = views.views.count * 2
        canScroll = Array(repeating: false, count: count)
        offsetMin = Array(repeating: 0.0, count: count)
        offsetMax = Array(repeating: 0.0, count: count)
        for v in views.scrollViewIDs {
            // The plain-data copy of the view's scroll configuration (`ViewInfo.scroll`).
            let config = views.views[v].scroll!, frame = views.views[v].frame
            for axis in Axis.allCases {
                let i = v * 2 + axis.rawValue
                let lead = axis == .horizontal ? config.contentInset.left : config.contentInset.top
                let trail = axis == .horizontal ? config.contentInset.right : config.contentInset.bottom
                offsetMin[i] = -lead
                offsetMax[i] = max(-lead, config.contentSize[axis] + trail - frame.size[axis])
                // S5: isScrollEnabled && (content + insets > bounds || (bounces && alwaysBounce<Axis>)).
                let always = axis == .horizontal ? config.alwaysBounceHorizontal : config.alwaysBounceVertical
                canScroll[i] =
                    config.isScrollEnabled
                    && (config.contentSize[axis] + lead + trail > frame.size[axis] || (config.bounces && always))
            }
        }
    }

    /// The inputs: each view's frame size and scroll configuration's size, insets and flags (`ViewInfo.sameScrollRange`).
    static func sameInputs(_ pair: ScenePair, views: ViewTables) -> Bool {
        if pair.sameViewStorage { return true }
        let others = pair.other.viewTables.views
        return pair.viewsAgree { ViewInfo.sameScrollRange(views.views[$0], others[$0]) }
    }
}
