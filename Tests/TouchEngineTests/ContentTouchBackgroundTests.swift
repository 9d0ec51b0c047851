import ScenarioKit
import Testing
import TouchEngine

/// S7 is about content: a drag that starts on the scroll view's own background scrolls even when content
/// touches cannot be cancelled, while the same drag starting on a subview is held back.
@Suite struct ContentTouchBackgroundTests {
    static func scene(startingOnRow: Bool) throws -> Scene {
        let x = startingOnRow ? 100 : 300
        return try ScenarioLoader.load(
            yaml: """
                name: canCancelContentTouches off, drag from \(startingOnRow ? "a row" : "the background")
                parameters:
                  contentTouchDelay: 0
                views:
                  - id: Table
                    kind: tableView
                    frame: [0, 0, 390, 700]
                    contentSize: [390, 2000]
                    canCancelContentTouches: false
                    subviews:
                      - id: Row
                        kind: view
                        frame: [0, 100, 200, 60]
                script:
                  - 0 down (\(x),130)
                  - 16 move (\(x),100)
                  - 33 move (\(x),60)
                  - 50 up (\(x),60)
                """, path: "inline.yaml"
        ).scene
    }

    static func panBegan(_ scene: Scene) -> Bool {
        TraceText.render(scene: scene, trace: Engine.trace(scene)).contains("Table.pan: possible → began")
    }

    @Test func aDragFromTheBackgroundScrolls() throws {
        #expect(Self.panBegan(try Self.scene(startingOnRow: false)))
    }

    @Test func aDragFromContentThatTrackedTheTouchDoesNot() throws {
        #expect(!Self.panBegan(try Self.scene(startingOnRow: true)))
    }
}
