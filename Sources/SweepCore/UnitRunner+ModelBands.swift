import TouchEngine

extension UnitRunner {
    /// How the counts of `runs` move at the inferred parameters' range ends: each run whose verdict read a banded
    /// parameter (`ConfiguredRuns.reads`) runs again with that parameter alone at each end of its range (an end
    /// equal to the value in force is the run itself), and each class it gains or loses there changes that end's
    /// count. The scenes at the ends share `prepared`'s tables (only a parameter differs).
    mutating func modelBandChanges(_ gestures: [GestureEntry], _ runs: ConfiguredRuns, on prepared: PreparedScene) -> ModelBandCounts {
        var changes = ModelBandCounts()
        guard !banded.isEmpty else { return changes }
        var scenes: [Int: PreparedScene] = [:]
        for index in gestures.indices {
            let reads = runs.reads[index].intersection(banded)
            guard !reads.isEmpty else { continue }
            let base = runs.verdicts[index].defects, gesture = gestures[index].gesture
            for parameter in reads.members {
                for end in RangeEnd.allCases {
                    let value = end.value(of: parameter)
                    guard value != parameter.value(in: prepared.scene.parameters) else { continue }
                    let key = parameter.rawValue * RangeEnd.allCases.count + end.rawValue
                    let scene: PreparedScene
                    if let known = scenes[key] {
                        scene = known
                    } else {
                        var moved = prepared.scene
                        moved.parameters = parameter.setting(value, in: moved.parameters)
                        scene = PreparedScene(moved, reusingTablesOf: prepared)
                        scenes[key] = scene
                    }
                    let defects = engine.withSummary(scene, script: gesture.script) { summary in
                        Classifier.classify(gesture: gesture, prepared: scene, summary: summary).defects
                    }
                    guard defects != base else { continue }
                    for d in DefectClass.allCases where defects.contains(d) != base.contains(d) {
                        changes.add(parameter, end, d, defects.contains(d) ? 1 : -1)
                    }
                }
            }
        }
        return changes
    }
}
