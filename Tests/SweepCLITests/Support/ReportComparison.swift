import Foundation
import Testing

/// `cmp` of a sweep's reports against a reference run's, printed as one line for the test log (the figures a
/// closing note quotes) and returned: the names that differ. A report that differs only by the output directory
/// it names (examples.csv, when the two runs wrote to different directories) is counted apart, as such.
@discardableResult
func compareReports(_ what: String, _ reports: String, _ reference: String, names: [String] = ShardCLITests.reportNames) -> [String] {
    var identical = 0, butDirectory: [String] = [], differing: [String] = []
    for name in names {
        let a = FileManager.default.contents(atPath: reports + "/" + name)
        let b = FileManager.default.contents(atPath: reference + "/" + name)
        if let a, a == b {
            identical += 1
        } else if let a, let b,
            String(decoding: a, as: UTF8.self).replacingOccurrences(of: reports, with: "OUT")
                == String(decoding: b, as: UTF8.self).replacingOccurrences(of: reference, with: "OUT")
        {
            butDirectory.append(name)
        } else {
            differing.append(name)
        }
    }
    let directory =
        butDirectory.isEmpty ? "" : ", \(butDirectory.count) identical but for the output directory they name (\(butDirectory.joined(separator: ", ")))"
    print(
        "\(what): cmp of \(names.count) reports with sweep run's: \(identical) identical\(directory), \(differing.count) differ\(differing.isEmpty ? "" : " (\(differing.joined(separator: ", ")))")"
    )
    return differing
}
