import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The signal that asked this process to stop (SIGTERM from `kill`, `scancel`, a requeue or a pod's termination;
/// SIGINT from Ctrl-C), or 0. Set by a handler that only stores it; `sweep submit` polls it between passes of its
/// coordinator, so the journal is flushed and the workers are let go before the process leaves.
let terminationSignal = Atomic<Int32>(0)

enum TerminationSignal {
    /// Catches SIGTERM and SIGINT from now on (until then, and in every other command, they end the process at once).
    static func catchTermination() {
        _ = terminationSignal.load(ordering: .relaxed) // initialised here, never first in the handler
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGTERM, SIGINT] {
            signal(number) { terminationSignal.store($0, ordering: .relaxed) }
            sigaddset(&set, number)
        }
        // A parent that blocks them (a test runner, some supervisors) passes the mask on: this thread takes them.
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signal received, or nil.
    static var received: Int32? {
        let number = terminationSignal.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// `SIGTERM`, `SIGINT`.
    static func name(_ number: Int32) -> String { number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)" }
}
