import Foundation
import TestSupport

/// What a fuzzed input is, which decides the loader it goes through.
enum InputKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Scenario files: configs/scenarios, the ground-truth fixtures, the import goldens.
    case scenario
    /// Sweep configs: configs/*.yaml.
    case config
    /// recursiveDescription dumps: configs/screens/*.txt.
    case dump
    /// `sweep import --recognizers` files and `--map` class maps.
    case overlay

    var description: String { rawValue }

    /// Mutations per kind: a few thousand in all, within ~30 s of a debug build on 2 cores.
    var mutations: Int {
        switch self {
        case .scenario: return 2000
        case .config: return 240
        case .dump: return 600
        case .overlay: return 500
        }
    }
}

/// One shipped input: its path (relative to the repository, as errors name it) and its bytes.
struct SeedInput: Sendable {
    var path: String
    var bytes: [UInt8]
}

enum FuzzCorpus {
    /// The shipped inputs of `kind`, sorted by path (the overlays are written here: none ships).
    static func seeds(_ kind: InputKind) -> [SeedInput] {
        switch kind {
        case .scenario:
            return files(under: "configs/scenarios", suffix: ".yaml") + files(under: "Tests/Fixtures", suffix: ".yaml")
                + files(under: "Tests/ScreenImportTests/Goldens", suffix: ".yaml")
        case .config: return files(under: "configs", suffix: ".yaml", recursive: false)
        case .dump: return files(under: "configs/screens", suffix: ".txt")
        case .overlay:
            return [
                SeedInput(path: "recognizers.yaml", bytes: Array(recognizersSeed.utf8)),
                SeedInput(path: "classes.yaml", bytes: Array(classMapSeed.utf8))
            ]
        }
    }

    /// The dump every overlay is imported with.
    static let overlayDump = "configs/screens/34-chisel-pviews-sample-button-320x568.txt"

    static let recognizersSeed = """
        recognizers:
          - class: "UIButton"
            kind: longPress
            minimumPressDuration: 400
            allowableMovement: 10
            touches: 1
          - path: "UIView/UIView"
            id: doubleTap
            kind: tap
            taps: 2
            maximumTapDuration: 750
            maximumIntervalBetweenTaps: 350
            cancelsTouchesInView: false
          - class: "UIWindow"
            kind: pan
            minimumTouches: 1
            maximumTouches: 2
            hysteresis: 10
            shouldBegin: horizontal

        """

    static let classMapSeed = """
        classes:
          UIButtonLabel: label
          "_UILayout*": view
          "*Button": button

        """

    static func files(under directory: String, suffix: String, recursive: Bool = true) -> [SeedInput] {
        let root = Repository.path + "/" + directory
        let names: [String]
        if recursive {
            names = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        } else {
            names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        }
        return names.filter { $0.hasSuffix(suffix) }.sorted().compactMap { name in
            FileManager.default.contents(atPath: root + "/" + name).map { SeedInput(path: directory + "/" + name, bytes: Array($0)) }
        }
    }
}
