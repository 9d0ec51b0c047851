import ScenarioKit
import TestSupport
import Testing
import TouchEngine

@testable import SweepShrinker

/// A handler's `moveView` (issue 31 §2) through a shrink step: it follows its views' new ids, and drops out with the
/// view it moves or the view it reads the translation in.
@Suite struct RebuildHandlerTests {
    @Test func aMoveFollowsItsViewsAndDropsOutWithThem() throws {
        let path = Repository.path + "/configs/scenarios/golden/CR-07c-handler-acts-on-ended-reading-another-view.yaml"
        let scene = try ScenarioLoader.load(path: path).scene
        let board = scene.view(named: "Board")!, card = scene.view(named: "Card")!
        let all = [Bool](repeating: true, count: scene.views.count)
        let recognizers = [Bool](repeating: true, count: scene.recognizers.count)
        let controllers = [Bool](repeating: true, count: scene.controllers.count)
        let kept = scene.rebuilt(keepingViews: all, recognizers: recognizers, controllers: controllers).scene
        let move = try #require(kept.recognizers.first { $0.name == "P" }?.actions.movesView)
        #expect(move == ViewMove(view: kept.view(named: "Card")!, translationIn: kept.view(named: "Board")!, on: [.began, .ended]))

        var withoutBoard = all
        withoutBoard[board] = false
        let rebuilt = scene.rebuilt(keepingViews: withoutBoard, recognizers: recognizers, controllers: controllers).scene
        #expect(rebuilt.view(named: "Card") != nil && rebuilt.recognizers.first { $0.name == "P" }?.actions.movesView == nil)

        var withoutCard = all
        withoutCard[card] = false
        let noCard = scene.rebuilt(keepingViews: withoutCard, recognizers: recognizers, controllers: controllers).scene
        #expect(noCard.recognizers.first { $0.name == "P" }?.actions.movesView == nil)
    }
}
