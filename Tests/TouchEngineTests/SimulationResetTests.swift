import TestSupport
import Testing

@testable import TouchEngine

/// `reset` and `rebind` against the declaration: a simulation run and reset, or rebound from another scene, equals one
/// made new for the scene, every stored property compared (through `Mirror`, so a property added later is compared
/// too), but for the few that keep what no run reads.
@Suite struct SimulationResetTests {
    /// What a reset or rebound simulation keeps, each for a reason: a count since the simulation was made, path marks
    /// older than their stamp (which mean nothing), the slots' recognizer lists and the verdict reasons, which are read
    /// only up to the counts a touch-down and a step set. `prepared` and `recorder` are the same objects on both sides.
    static let kept: Set<String> = [
        "specialisedMoves", "pathMark", "pathStamp", "recsStorage", "candidateReasons", "prepared", "recorder"
    ]

    @Test("a run and reset, or a rebind, leaves every stored property as a new simulation has it")
    func resetAndRebindGiveANewSimulation() {
        var previous: Simulation<NoTrace>?
        var compared = 0
        for seed in 0 ..< 60 {
            let scene = PropertyScenes.make(seed: seed)
            let prepared = PreparedScene(scene)
            let fresh = Self.fields(Simulation(prepared: prepared, recorder: NoTrace()))
            var simulation = Simulation(prepared: prepared, recorder: NoTrace())
            simulation.run()
            simulation.reset()
            #expect(Self.differences(Self.fields(simulation), fresh) == [], "seed \(seed): reset")
            if var other = previous {
                other.rebind(to: prepared)
                #expect(Self.differences(Self.fields(other), fresh) == [], "seed \(seed): rebound")
            }
            simulation.run()
            previous = simulation
            compared += fresh.count
        }
        #expect(compared > 60 * 40, "every stored property is compared")
    }

    @Test("the comparison sees a property that reset would forget")
    func aForgottenPropertyIsNamed() {
        let scene = PropertyScenes.make(seed: 3)
        let prepared = PreparedScene(scene)
        let fresh = Self.fields(Simulation(prepared: prepared, recorder: NoTrace()))
        var simulation = Simulation(prepared: prepared, recorder: NoTrace())
        simulation.run()
        simulation.reset()
        simulation.stepSerial = 7
        #expect(Self.differences(Self.fields(simulation), fresh) == ["stepSerial"])
    }

    /// Every stored property of `simulation` but the kept ones, by name, as text that shows the contents of its tables.
    static func fields(_ simulation: Simulation<NoTrace>) -> [String: String] {
        var fields: [String: String] = [:]
        for child in Mirror(reflecting: simulation).children {
            guard let label = child.label, !kept.contains(label) else { continue }
            fields[label] = describe(child.value)
        }
        return fields
    }

    static func differences(_ a: [String: String], _ b: [String: String]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    /// A value's contents: a run table's elements (not its storage's address), a struct's fields, an enum or a scalar
    /// as it prints.
    static func describe(_ value: Any) -> String {
        if let table = value as? any ListedTable { return "[" + table.elements.map(describe).joined(separator: ", ") + "]" }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .tuple?, .collection?, .optional?:
            return "(" + mirror.children.map { "\($0.label ?? ""): " + describe($0.value) }.joined(separator: ", ") + ")"
        default:
            return String(reflecting: value)
        }
    }
}

/// A run table's elements, for ``SimulationResetTests/describe(_:)``.
protocol ListedTable {
    var elements: [Any] { get }
}

extension RunTable: ListedTable {
    var elements: [Any] { (0 ..< count).map { self[$0] } }
}
