import ArgumentParser

/// `--excel`, on every command that writes the CSV files (`sweep run`, `submit`, `merge`): each CSV file starts with
/// a UTF-8 byte order mark, which Excel needs to read non-ASCII text as UTF-8. Nothing else changes: after its
/// three bytes a file is byte for byte the plain one (docs/reports.md, "Reading the CSV files").
struct ExcelOption: ParsableArguments {
    @Flag(help: "Start every CSV file with a UTF-8 byte order mark, for Excel (nothing else changes).")
    var excel = false
}
