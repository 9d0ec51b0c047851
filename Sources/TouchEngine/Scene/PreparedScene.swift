/// A scene with every table a run needs computed once, in groups (`PreparedTableGroup`): the views' and recognizers'
/// plain data (no strings or arrays inside, so reading them costs no reference counting), the subview lists, the scroll
/// ranges and transforms, the G2 rank order, the arbitration relations (G8, G9), the failure requirements (G10, §8),
/// the controllers' and the target-action tables.
///
/// Sweeps prepare a scene once and run it many times (`Engine.summary(_:)`); `Engine.trace` prepares as it goes.
/// Preparing is a pure function of the scene: a scene prepared with another's groups, where their inputs are equal,
/// equals the scene prepared alone.
public final class PreparedScene: Sendable {
    public let scene: Scene
    let viewTables: ViewTables
    let subviews: SubviewLists
    let scrollRanges: ScrollRanges
    let transforms: TransformTables
    let recognizerTables: RecognizerTables
    let ranks: RankTables
    let arbitration: ArbitrationMatrices
    let requirements: RequirementTables
    let controllers: ControllerTables
    let targetActions: TargetActionTables
    /// The navigation controllers (their views) whose stack can pop (depth 2 or more): where a back swipe can go
    /// back, for the classifier's `swallowed_back` and `accidental_back` (computed once, not per run).
    public let poppableNavigations: [ViewID]

    public convenience init(_ scene: Scene) { self.init(scene, sharing: nil) }

    /// `scene` prepared with each group of `other` whose inputs are equal in the two scenes (shared storage), the rest
    /// computed. Equal to `PreparedScene(scene)`.
    public convenience init(_ scene: Scene, sharingEqualPartsOf other: PreparedScene) { self.init(scene, sharing: other) }

    /// `init(_:sharingEqualPartsOf:)` for a scene whose views are `other.scene`'s but for those in `viewsThatMayDiffer`
    /// (as many views, every other one equal): only those are read and compared; the rest of the view tables is
    /// `other`'s. A sweep's configured states of one tree differ only in the views its axes write.
    /// - Precondition: every view outside `viewsThatMayDiffer` is equal in the two scenes, and they have as many views.
    public convenience init(_ scene: Scene, sharingEqualPartsOf other: PreparedScene, viewsThatMayDiffer: [ViewID]) {
        precondition(scene.views.count == other.scene.views.count, "viewsThatMayDiffer needs scenes of as many views")
        self.init(scene, sharing: other, mayDiffer: viewsThatMayDiffer)
    }

    /// `scene` prepared with every group of `other` when the two scenes differ only in parameters, name or script (a
    /// sweep axis that sets an engine parameter): `init(_:sharingEqualPartsOf:)`, whose checks then find each group's
    /// inputs the same storage.
    public convenience init(_ scene: Scene, reusingTablesOf other: PreparedScene) { self.init(scene, sharing: other) }

    /// Each group `other`'s where its inputs are equal (`PreparedTableGroup.reused`), else computed.
    private init(_ scene: Scene, sharing other: PreparedScene?, mayDiffer: [ViewID]? = nil) {
        self.scene = scene
        let pair = other.map { ScenePair(scene: scene, other: $0, mayDiffer: mayDiffer) }
        let views = pair.map(ViewTables.init) ?? ViewTables(scene)
        viewTables = views
        subviews = .reused(\.subviews, scene, pair, views: views)
        scrollRanges = .reused(\.scrollRanges, scene, pair, views: views)
        transforms = .reused(\.transforms, scene, pair, views: views)
        recognizerTables = .reused(\.recognizerTables, scene, pair, views: views)
        ranks = .reused(\.ranks, scene, pair, views: views)
        arbitration = .reused(\.arbitration, scene, pair, views: views)
        requirements = .reused(\.requirements, scene, pair, views: views)
        controllers = .reused(\.controllers, scene, pair, views: views)
        targetActions = .reused(\.targetActions, scene, pair, views: views)
        poppableNavigations = scene.navigations.filter { $0.depth > 1 }.map(\.view)
    }

    /// S5 for scroll view `view` along `axis`, as the run sees it (the table the engine reads).
    public func canScroll(_ view: ViewID, along axis: Axis) -> Bool { scrollRanges.canScroll[view * 2 + axis.rawValue] }

    /// Whether the groups are equal to `other`'s, group by group, and the scenes too: the same preparation.
    func sameTables(as other: PreparedScene) -> Bool {
        scene == other.scene && viewTables == other.viewTables && subviews == other.subviews
            && scrollRanges == other.scrollRanges && transforms == other.transforms
            && recognizerTables == other.recognizerTables && ranks == other.ranks && arbitration == other.arbitration
            && requirements == other.requirements && controllers == other.controllers
            && targetActions == other.targetActions && poppableNavigations == other.poppableNavigations
    }
}
