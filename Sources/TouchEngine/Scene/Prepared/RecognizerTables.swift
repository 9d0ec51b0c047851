/// The recognizers' plain data (no strings or arrays inside, so reading them costs no reference counting).
struct RecognizerTables: PreparedTableGroup {
    var recs: [RecognizerInfo]
    /// Some recognizer's delegate logs its questions: traced runs emit them (issue 15 §4).
    var anyDelegateLogs: Bool

    init(_ scene: Scene, views: ViewTables) {
        recs = scene.recognizers.map(RecognizerInfo.init)
        anyDelegateLogs = scene.recognizers.contains(where: \.delegateLogs)
    }

    /// The input: the recognizers.
    static func sameInputs(_ pair: ScenePair, views: ViewTables) -> Bool { pair.scene.recognizers == pair.other.scene.recognizers }
}
