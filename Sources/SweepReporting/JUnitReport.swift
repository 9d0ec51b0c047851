/// A JUnit XML report (the format GitHub Actions test reporters and GitLab's `artifacts:reports:junit` read):
/// `<testsuites>` of `<testsuite>`s of `<testcase>`s, each passed, failed (`<failure message=…>`) or skipped
/// (`<skipped message=…>`). Pure: the caller writes the text.
public struct JUnitReport: Sendable, Equatable {
    public struct TestCase: Sendable, Equatable {
        public enum Result: Sendable, Equatable {
            case passed
            case failed(message: String)
            case skipped(message: String)
        }

        public var name: String
        public var className: String
        public var result: Result

        public init(name: String, className: String, result: Result) {
            self.name = name; self.className = className; self.result = result
        }
    }

    public struct Suite: Sendable, Equatable {
        public var name: String
        public var cases: [TestCase]

        public init(name: String, cases: [TestCase]) { self.name = name; self.cases = cases }

        public var failures: Int { cases.filter { if case .failed = $0.result { true } else { false } }.count }
        public var skipped: Int { cases.filter { if case .skipped = $0.result { true } else { false } }.count }
    }

    public var name: String
    public var suites: [Suite]

    public init(name: String, suites: [Suite]) { self.name = name; self.suites = suites }

    /// The document, UTF-8, LF line ends, in the order given.
    public func render() -> String {
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.failures }, skipped = suites.reduce(0) { $0 + $1.skipped }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(Self.escape(name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
        for suite in suites {
            out +=
                "  <testsuite name=\"\(Self.escape(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(suite.failures)\" "
                + "errors=\"0\" skipped=\"\(suite.skipped)\">\n"
            for test in suite.cases {
                let open = "    <testcase classname=\"\(Self.escape(test.className))\" name=\"\(Self.escape(test.name))\""
                switch test.result {
                case .passed:
                    out += open + "/>\n"
                case .failed(let message):
                    out +=
                        open + ">\n      <failure message=\"\(Self.escape(message))\" type=\"rate\">\(Self.escape(message))</failure>\n"
                        + "    </testcase>\n"
                case .skipped(let message):
                    out += open + ">\n      <skipped message=\"\(Self.escape(message))\"/>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// Text for an attribute or element: the five XML entities escaped, line ends and tabs as character references
    /// (so attributes keep them), and characters XML 1.0 forbids (other C0 controls, U+FFFE, U+FFFF) replaced by U+FFFD.
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let reference = references[scalar] {
                out += reference
            } else if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                out += "\u{FFFD}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static let references: [Unicode.Scalar: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"
    ]
}
