/// What the tests were compiled as, for traits such as `.enabled(if: BuildConfiguration.isDebug, "…")`:
/// a test that needs a debug-only check is skipped, with its reason shown, instead of compiled out.
public enum BuildConfiguration {
    /// True in a debug build (`swift build`, `swift test`), false in a release build (`-c release`).
    public static let isDebug: Bool = {
        #if DEBUG
            return true
        #else
            return false
        #endif
    }()
}
