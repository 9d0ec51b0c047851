import TouchEngine

/// The UIKit class each view kind becomes, and how to create it.
enum UIKitClass {
    /// The base class of view `id`'s generated subclass. A cell inside a collection view is a
    /// `UICollectionViewCell`; every other cell a `UITableViewCell`.
    static func base(of id: ViewID, in scene: Scene) -> String {
        let kind = scene.views[id].kind
        guard kind == .cell else { return kind.uikitClass }
        var ancestor = scene.views[id].parent
        while let a = ancestor, a != 0 {
            if scene.views[a].kind == .collectionView { return "UICollectionViewCell" }
            if scene.views[a].kind == .tableView { return "UITableViewCell" }
            ancestor = scene.views[a].parent
        }
        return "UITableViewCell"
    }

    /// The initializer call for view `id` (its frame is set separately when the initializer takes none).
    static func initializer(of id: ViewID, className: String, in scene: Scene) -> String {
        let frame = SwiftLiteral.rect(scene.views[id].frame)
        switch scene.views[id].kind {
        case .tableView: return "\(className)(frame: \(frame), style: .plain)"
        case .collectionView: return "\(className)(frame: \(frame), collectionViewLayout: UICollectionViewFlowLayout())"
        case .cell where base(of: id, in: scene) == "UITableViewCell":
            return "\(className)(style: .default, reuseIdentifier: nil)"
        default: return "\(className)(frame: \(frame))"
        }
    }

    /// Whether the initializer above leaves the frame to be set afterwards.
    static func needsFrameAssignment(_ id: ViewID, in scene: Scene) -> Bool {
        scene.views[id].kind == .cell && base(of: id, in: scene) == "UITableViewCell"
    }

    /// The `touchSweepKind` name a view registers (the scenario's `kind`), for `notOnKinds` policies.
    static func kindName(_ kind: ViewKind) -> String { kind.rawValue }
}
