import ScenarioKit
import Testing
import TouchEngine

/// `transform:` on a view: each operation, a list applied in order, the matrix form, and the refusals.
@Suite struct TransformLoaderTests {
    func scenario(_ transform: String) -> String {
        """
        name: t
        views:
          - id: R
            frame: [0, 0, 390, 844]
            subviews:
              - { id: B, kind: button, frame: [100, 200, 100, 40], transform: \(transform) }
        script:
          - 0 down (150,220)
          - 50 up
        """
    }

    func transform(_ text: String) throws -> AffineTransform {
        try ScenarioLoader.load(yaml: scenario(text), path: "s.yaml").scene.views.first { $0.name == "B" }!.transform
    }

    @Test func eachOperationIsTheCoreGraphicsTransformOfTheSameName() throws {
        #expect(try transform("{scale: 2}") == .scale(2, 2))
        #expect(try transform("{scale: [2, 0.5]}") == .scale(2, 0.5))
        #expect(try transform("{rotate: 90}") == AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        #expect(try transform("{rotate: -90}") == AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0))
        #expect(try transform("{translate: [10, -4]}") == .translation(10, -4))
        #expect(try transform("{flip: horizontal}") == .scale(-1, 1))
        #expect(try transform("{flip: vertical}") == .scale(1, -1))
        #expect(try transform("{matrix: [1, 0.5, 0, 1, 3, 4]}") == AffineTransform(a: 1, b: 0.5, c: 0, d: 1, tx: 3, ty: 4))
    }

    @Test func aListAppliesInTheOrderWritten() throws {
        // Scale first, then move 10 pt: the translation is not scaled.
        let t = try transform("[{scale: 2}, {translate: [10, 0]}]")
        #expect(t.apply(Point(1, 1)) == Point(12, 2))
        // Move first, then scale: the translation is.
        #expect(try transform("[{translate: [10, 0]}, {scale: 2}]").apply(Point(1, 1)) == Point(22, 2))
    }

    @Test(arguments: [
        ("{scale: 0}", "s.yaml:6:79: expected a scale factor whose size is from 0.001 to 1000 (negative flips) for 'scale', got '0'"),
        ("{rotate: 1e9}", "s.yaml:6:80: expected an angle from -3600 to 3600 degrees for 'rotate', got '1e9'"),
        (
            "{scale: 2, rotate: 3}",
            "s.yaml:6:71: a transform operation has exactly one of the keys scale, rotate, translate, flip, matrix; "
                + "to combine several, list them in the order they apply"
        ),
        ("{skew: 3}", "s.yaml:6:72: unknown key 'skew' in a transform operation; allowed keys are scale, rotate, translate, flip, matrix"),
        (
            "{matrix: [1, 1, 1, 1, 0, 0]}",
            "s.yaml:6:71: this transform flattens the view (its determinant is 0.0); what UIKit hit-tests "
                + "then is not documented, so scenarios may not use one — give the view a small scale or hide it"
        ),
        ("[]", "s.yaml:6:71: expected a transform operation or a non-empty list of them for 'transform', got a list of 0 items"),
        ("{flip: diagonal}", "s.yaml:6:78: expected one of horizontal, vertical for 'flip', got 'diagonal'")
    ])
    func aBadTransformIsOneSentenceAtItsPlace(_ text: String, _ message: String) {
        #expect(loadError(scenario(text)) == message)
    }

    @Test func theWriterWritesTheMatrixAndTheLoaderReadsItBack() throws {
        let loaded = try ScenarioLoader.load(yaml: scenario("[{scale: [2, 3]}, {rotate: 30}, {translate: [5, 7]}]"), path: "s.yaml").scene
        let written = ScenarioWriter.yaml(loaded, description: nil)
        #expect(written.contains("transform: {matrix: ["))
        let again = try ScenarioLoader.load(yaml: written, path: "w.yaml").scene
        #expect(again.views.map(\.transform) == loaded.views.map(\.transform))
    }
}
