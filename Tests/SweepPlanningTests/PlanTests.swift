import TestSupport
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepPlanning

@Suite struct PlanTests {
    @Test func cartesianProductInFileOrderLastAxisFastest() throws {
        let p = try plan(
            """
            name: p
            axes:
              scrollViews.bounces: [true, false]
              contentTouchDelay: [0, 150, 300]
              device: [phone, pad]
            """)
        #expect(p.configurations.count == 12 && p.combinationCount == 12 && p.excludedCount == 0)
        #expect(
            rows(p).prefix(4) == [
                "scrollViews.bounces=true contentTouchDelay=0 device=phone",
                "scrollViews.bounces=true contentTouchDelay=0 device=pad",
                "scrollViews.bounces=true contentTouchDelay=150 device=phone",
                "scrollViews.bounces=true contentTouchDelay=150 device=pad"
            ])
        #expect(rows(p).last == "scrollViews.bounces=false contentTouchDelay=300 device=pad")
        #expect(p.configurations.map(\.index) == Array(0 ..< 12))
        #expect(p.configurations[5]["contentTouchDelay"] == .number(300) && p.configurations[5]["iosVersion"] == nil)
    }

    @Test func aZipGroupIsOneAxisAtThePositionOfItsFirstMember() throws {
        let p = try plan(
            """
            name: z
            axes:
              overlay.passThrough: [false, true]
              contentTouchDelay: [0, 150, 300]
              overlay.panMoved: [false, true]
            zip:
              - [overlay.panMoved, overlay.passThrough]
            """)
        #expect(p.configurations.count == 6)
        // Values stay in axis order; the pair varies slowest (its first member is the first axis).
        #expect(
            rows(p) == [
                "overlay.passThrough=false contentTouchDelay=0 overlay.panMoved=false",
                "overlay.passThrough=false contentTouchDelay=150 overlay.panMoved=false",
                "overlay.passThrough=false contentTouchDelay=300 overlay.panMoved=false",
                "overlay.passThrough=true contentTouchDelay=0 overlay.panMoved=true",
                "overlay.passThrough=true contentTouchDelay=150 overlay.panMoved=true",
                "overlay.passThrough=true contentTouchDelay=300 overlay.panMoved=true"
            ])
    }

    @Test func excludeDropsEveryCombinationMatchingAllItsPairs() throws {
        let p = try plan(
            """
            name: x
            axes:
              scrollViews.delaysContentTouches: bool
              contentTouchDelay: [0, 150, 300]
              device: [phone, pad]
            exclude:
              - {contentTouchDelay: 0, scrollViews.delaysContentTouches: false}
              - {contentTouchDelay: 300, scrollViews.delaysContentTouches: false}
              - {device: pad, contentTouchDelay: 150}
            """)
        #expect(p.combinationCount == 12 && p.configurations.count == 6 && p.excludedCount == 6)
        #expect(
            rows(p) == [
                "scrollViews.delaysContentTouches=false contentTouchDelay=150 device=phone",
                "scrollViews.delaysContentTouches=true contentTouchDelay=0 device=phone",
                "scrollViews.delaysContentTouches=true contentTouchDelay=0 device=pad",
                "scrollViews.delaysContentTouches=true contentTouchDelay=150 device=phone",
                "scrollViews.delaysContentTouches=true contentTouchDelay=300 device=phone",
                "scrollViews.delaysContentTouches=true contentTouchDelay=300 device=pad"
            ])
        // Conditions are kept in axis order.
        #expect(p.config.exclude[0].conditions.map(\.axis) == ["scrollViews.delaysContentTouches", "contentTouchDelay"])
    }

    @Test func idsArePaddedToTheWidthOfTheCount() throws {
        #expect(try plan("name: one\n").configurations.map(\.id) == ["c001"])
        #expect(try plan("name: one\n").configurations[0].values.isEmpty)
        let small = try plan("name: s\naxes: {contentTouchDelay: {from: 0, to: 11, step: 1}}\n")
        #expect(small.configurations.first?.id == "c001" && small.configurations.last?.id == "c012")
        let large = try plan("name: l\naxes: {contentTouchDelay: {from: 0, to: 1233, step: 1}}\n")
        #expect(large.configurations.first?.id == "c0001" && large.configurations.last?.id == "c1234")
    }

    @Test func countsMultiply() throws {
        let p = try plan(
            """
            name: c
            axes: {scrollViews.bounces: bool, device: [phone, pad]}
            trees: {perConfiguration: 7}
            gestures: {families: [quickTap, slowDrag, doubleTap], placements: 2}
            """)
        #expect(p.treeCount == 7 && p.gesturesPerTree == 6 && p.totalRuns == 4 * 7 * 6)
    }

    // MARK: Hash

    static let hashConfig = """
        name: hashed
        seed: 42
        axes:
          contentTouchDelay: {from: 0, to: 100, step: 50}
          scrollViews.touchesShouldCancel: [default, always]
        trees: {perConfiguration: 3, templates: {form: 1, feed: 2}}
        gestures: {families: [slowDrag, quickTap], placements: 2}
        """

    @Test func theCanonicalTextAndItsHashAreFixed() throws {
        let p = try plan(Self.hashConfig)
        #expect(
            p.canonicalText == """
                touchsweep sweep config 1
                name: hashed
                seed: 42
                axes:
                  contentTouchDelay: [0, 50, 100]
                  scrollViews.touchesShouldCancel: [default, always]
                zip: []
                exclude: []
                trees:
                  perConfiguration: 3
                  templates: {feed: 2, form: 1}
                  rows: {min: 8, max: 20}
                  controls: {min: 4, max: 10}
                  random:
                    depth: {min: 2, max: 4}
                    fanOut: {min: 1, max: 4}
                    kindMix: {view: 3, label: 2, button: 3, switch: 1, slider: 1, scrollView: 1, cell: 2}
                  edgeGate: true
                gestures:
                  families: [quickTap, slowDrag]
                  placements: 2
                  sampleRate: 120
                  jitter: 2
                examples: 3

                """)
        #expect(p.configHash == "0eb505f957e34938")
        #expect(FNV1a.hex("") == "cbf29ce484222325" && FNV1a.hex("a") == "af63dc4c8601ec8c")
    }

    @Test func theHashIgnoresOutputDescriptionAndSpellingButNotWhatRuns() throws {
        let base = try plan(Self.hashConfig).configHash
        let respelled = """
            # comments, key order, the output directory and the description do not count
            gestures: {placements: 2, families: [quickTap, slowDrag]}
            trees: {templates: {feed: 2.0, form: 1}, perConfiguration: 3}
            seed: 42
            name: hashed
            output: elsewhere
            description: Another description.
            axes:
              contentTouchDelay: [0, 50, 100]
              scrollViews.touchesShouldCancel: [default, always]
            """
        #expect(try plan(respelled).configHash == base)
        #expect(try plan(Self.hashConfig.replacingOccurrences(of: "seed: 42", with: "seed: 43")).configHash != base)
        #expect(try plan(Self.hashConfig.replacingOccurrences(of: "[default, always]", with: "[always, default]")).configHash != base)
    }

    @Test func theResolvedPlanIsAConfigThatLoadsBackToTheSameHash() throws {
        let p = try plan(
            """
            name: resolved
            description: "Quoted: yes"
            axes:
              iosVersion: ["17.0", "17.4"]
              contentTouchDelay: {from: 0, to: 0.3, step: 0.1}
              overlay.passThrough: bool
              overlay.panMoved: bool
            zip: [[overlay.passThrough, overlay.panMoved]]
            exclude: [{iosVersion: "17.4", contentTouchDelay: 0.2}]
            """)
        let text = p.resolvedYAML()
        #expect(text.contains("configHash: \"\(p.configHash)\""))
        #expect(text.contains("  totalRuns: \(p.totalRuns)\n"))
        #expect(text.contains("    iosVersion: [\"17.0\", \"17.4\"]\n"))
        #expect(text.contains("  - {id: c001, values: {iosVersion: \"17.0\", contentTouchDelay: 0, overlay.passThrough: false, overlay.panMoved: false}}\n"))
        let document = try JSONValue.fromYAML(text, path: "plan.yaml")
        #expect(document["counts"]?["configurations"]?.equals(.number(14)) == true)
        // The `config:` section is a sweep config: it loads back to the same config and hash.
        let node = try SweepConfigLoader.compose(yaml: text, path: "plan.yaml")
        let section = try #require(node.mapping?["config"])
        let reloaded = try SweepConfigLoader.load(node: section, path: "plan.yaml")
        #expect(reloaded == p.config)
        #expect(SweepPlan(reloaded).configHash == p.configHash)
    }

    // MARK: Trees and work units

    @Test func treeSpecsAreDeterministicAndFollowTheWeights() throws {
        let p = try plan("name: t\nseed: 9\ntrees: {perConfiguration: 600, templates: {feed: 3, form: 1}}\n")
        let again = try plan("name: other\nseed: 9\ntrees: {perConfiguration: 5, templates: {form: 1, feed: 3}}\n")
        for i in 0 ..< 5 { #expect(p.treeSpec(i) == again.treeSpec(i)) }
        let specs = (0 ..< 600).map { p.treeSpec($0) }
        #expect(Set(specs.map(\.seed)).count == 600)
        let feeds = specs.filter { $0.template == .feed }.count
        #expect(specs.allSatisfy { $0.template == .feed || $0.template == .form })
        #expect((400 ... 500).contains(feeds), "feed weighs 3 of 4: \(feeds) of 600")
        // The seed is derived from SplitMix64(seed, 1, i).
        var rng = SplitMix64(seed: 9, 1, 17)
        _ = rng.next()
        #expect(p.treeSpec(17).seed == rng.next())
        let other = try plan("name: t\nseed: 10\ntrees: {perConfiguration: 600, templates: {feed: 3, form: 1}}\n")
        #expect(other.treeSpec(0).seed != p.treeSpec(0).seed)
        #expect(p.templateCounts().map(\.count).reduce(0, +) == 600)
    }

    @Test func workUnitsCoverEveryTreeOfEveryConfigurationInPlanOrder() throws {
        let p = try plan("name: u\naxes: {device: [phone, pad], scrollViews.bounces: bool}\ntrees: {perConfiguration: 45}\n")
        let units = p.units(treesPerUnit: 20)
        #expect(units.count == 4 * 3)
        #expect(units.prefix(4).map(\.id) == ["c001-t0001", "c001-t0021", "c001-t0041", "c002-t0001"])
        #expect(units[2].trees == 40 ..< 45 && units[2].configuration == 0 && units[3].configuration == 1)
        #expect(units.map(\.trees.count).reduce(0, +) == 4 * 45)
        #expect(Set(units.map(\.id)).count == units.count)
        #expect(p.units(treesPerUnit: 20) == units)
        #expect(p.units(treesPerUnit: 1000).map(\.id) == ["c001-t0001", "c002-t0001", "c003-t0001", "c004-t0001"])
    }

    @Test func gestureSeedsDependOnTreeFamilyAndPlacementOnly() throws {
        let all = try plan("name: g\nseed: 5\n")
        let narrowed = try plan("name: g\nseed: 5\ngestures: {families: [slowDrag]}\n")
        #expect(
            all.gestureSeed(treeIndex: 3, family: .slowDrag, placement: 1)
                == narrowed.gestureSeed(treeIndex: 3, family: .slowDrag, placement: 1))
        var rng = SplitMix64(seed: 5, 2, 3, UInt64(GestureFamily.allCases.firstIndex(of: .slowDrag)!), 1)
        #expect(all.gestureSeed(treeIndex: 3, family: .slowDrag, placement: 1) == rng.next())
        let seeds = Set(
            (0 ..< 4).flatMap { t in
                GestureFamily.allCases.flatMap { f in
                    (0 ..< 3).map {
                        all.gestureSeed(treeIndex: t, family: f, placement: $0)
                    }
                }
            })
        #expect(seeds.count == 4 * GestureFamily.allCases.count * 3)
    }

    // MARK: Summary

    @Test func theSummaryListsCountsHashAndTheFirstConfigurations() throws {
        let p = try plan(
            """
            name: s
            axes:
              scrollViews.delaysContentTouches: [true, false]
              contentTouchDelay: [0, 150]
            trees: {perConfiguration: 4, templates: [feed]}
            gestures: {families: [quickTap, slowDrag], placements: 3}
            """)
        #expect(
            PlanText.summary(p, path: "s.yaml", show: 2) == """
                sweep                s (s.yaml)
                config hash          \(p.configHash)
                seed                 1
                output               out/s
                configurations       4  (2 axes; 4 combinations, 0 excluded)
                trees                4 per configuration, the same trees for every configuration  (feed 4)
                gestures per tree    6  (2 families × 3 placements)
                total scenario runs  96  (4 × 4 × 6)

                first 2 of 4 configurations:
                  id    scrollViews.delaysContentTouches  contentTouchDelay
                  c001  true                              0
                  c002  true                              150

                """)
        #expect(PlanText.summary(p, path: "s.yaml", show: 0).hasSuffix("(4 × 4 × 6)\n"))
        #expect(PlanText.summary(p, path: "s.yaml", show: 9).contains("\nconfigurations:\n"))
    }
}
