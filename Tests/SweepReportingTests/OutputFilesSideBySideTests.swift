import Foundation
import TestSupport
import Testing

@testable import SweepReporting

/// A report directory's files are written and synced side by side (`POSIXSteps.writeFiles`): every file gets exactly
/// its bytes whatever the scheduling, and a failure names the first file that failed in the order given.
@Suite struct OutputFilesSideBySideTests {
    @Test func everyFileHoldsExactlyItsText() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let files = (0 ..< 64).map { i in
            (path: "\(root)/f\(i).csv", contents: String(repeating: "row \(i),é,\"q\"\r\n", count: i * 97))
        }
        try POSIXSteps(target: root).writeFiles(files)
        for file in files {
            #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == Data(file.contents.utf8), "\(file.path)")
        }
    }

    @Test func theFirstFailingFileInOrderIsTheOneNamed() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let files = (0 ..< 32).map { i in
            (path: i == 5 || i == 20 ? "\(root)/missing/f\(i).csv" : "\(root)/f\(i).csv", contents: "x\r\n")
        }
        #expect {
            try POSIXSteps(target: root).writeFiles(files)
        } throws: { error in
            (error as? OutputDirectoryError)?.description
                == "Cannot write the report directory \(root): cannot create \(root)/missing/f5.csv (No such file or directory)."
        }
    }
}
