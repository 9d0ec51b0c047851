import TouchEngine

/// `<question>@<t> [= true|false]` — one delegate question (issue 15 §4): `shouldReceive@0`, `shouldBegin@40=true`,
/// `shouldRecognizeSimultaneouslyWith(T)@40=false`, `shouldRequireFailureOf(D)@0=true`,
/// `shouldBeRequiredToFailBy(T)@0=false`. Without `=` the answer is not checked.
public struct AskedEntry: Hashable, Sendable, CustomStringConvertible {
    public var question: DelegateQuestion
    /// The other recognizer's name, for rendering (`shouldRecognizeSimultaneouslyWith(T)`, `shouldRequireFailureOf(D)`).
    public var otherName: String?
    public var time: Double
    public var answer: Bool?

    public var description: String {
        Self.name(question, otherName) + "@\(formatNumber(time))" + (answer.map { "=\($0)" } ?? "")
    }

    static func name(_ question: DelegateQuestion, _ other: String?) -> String {
        switch question {
        case .shouldReceive: return "shouldReceive"
        case .shouldBegin: return "shouldBegin"
        case .shouldRecognizeSimultaneously: return "shouldRecognizeSimultaneouslyWith(\(other ?? "?"))"
        case .shouldRequireFailure: return "shouldRequireFailureOf(\(other ?? "?"))"
        case .shouldBeRequiredToFail: return "shouldBeRequiredToFailBy(\(other ?? "?"))"
        }
    }

    func matches(_ record: Outcome.AskedRecord) -> Bool {
        guard abs(record.time.milliseconds - time) <= Expectations.tolerance else { return false }
        if let answer, answer != record.answer { return false }
        switch (question, record.question) {
        case (.shouldReceive, .shouldReceive), (.shouldBegin, .shouldBegin): return true
        case let (.shouldRecognizeSimultaneously(a), .shouldRecognizeSimultaneously(b)),
            let (.shouldRequireFailure(a), .shouldRequireFailure(b)),
            let (.shouldBeRequiredToFail(a), .shouldBeRequiredToFail(b)):
            return a == b
        default: return false
        }
    }

    static func render(_ record: Outcome.AskedRecord, scene: Scene) -> String {
        let other = record.question.other.map { scene.recognizers[$0].name }
        return name(record.question, other) + "@\(formatNumber(record.time.milliseconds))=\(record.answer)"
    }
}

extension EntryGrammar {
    static let questions =
        "shouldReceive, shouldBegin, shouldRecognizeSimultaneouslyWith(<recognizer>), "
        + "shouldRequireFailureOf(<recognizer>) or shouldBeRequiredToFailBy(<recognizer>)"

    static func asked(_ text: String, scene: Scene) -> Result<AskedEntry, EntryError> {
        var s = EntryScanner(text)
        s.skipSpaces()
        guard let name = s.letters() else { return .failure(.init("does not start with a question (\(questions))")) }
        let question: DelegateQuestion
        var other: String?
        switch name {
        case "shouldReceive": question = .shouldReceive(touch: 0)
        case "shouldBegin": question = .shouldBegin
        case "shouldRecognizeSimultaneouslyWith", "shouldRequireFailureOf", "shouldBeRequiredToFailBy":
            guard s.take("("), let word = s.word(), s.take(")") else {
                return .failure(.init("needs the other recognizer in parentheses: \(name)(<recognizer>)"))
            }
            guard let id = scene.recognizer(named: word) else {
                return .failure(.init("names '\(word)', which is not a recognizer of the scene"))
            }
            switch name {
            case "shouldRequireFailureOf": question = .shouldRequireFailure(of: id)
            case "shouldBeRequiredToFailBy": question = .shouldBeRequiredToFail(by: id)
            default: question = .shouldRecognizeSimultaneously(with: id)
            }
            other = word
        default: return .failure(.init("has unknown question '\(name)'; expected \(questions)"))
        }
        guard let time = s.atTime() else { return .failure(.init("needs '@<time in ms>' after the question")) }
        var answer: Bool?
        s.skipSpaces()
        if s.take("=") {
            s.skipSpaces()
            if s.take("true") {
                answer = true
            } else if s.take("false") {
                answer = false
            } else {
                return .failure(.init("needs true or false after '='"))
            }
            s.skipSpaces()
        }
        guard s.isAtEnd else { return .failure(.init("has unexpected text '\(s.rest)'; the only qualifier is '=true' or '=false'")) }
        return .success(AskedEntry(question: question, otherName: other, time: time, answer: answer))
    }
}
