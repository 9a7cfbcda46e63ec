import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a child process and measures it: wall time from spawn to exit, and the child's own peak
/// resident set size.
///
/// Peak RSS cannot come from `wait4`'s `ru_maxrss` of a child that `posix_spawn` started: glibc
/// spawns with `vfork` semantics, and Linux records the high-water mark of the memory the child
/// had *before* `exec` — the benchmark's own — in the same maximum. So a child runs under
/// `/usr/bin/time -f %M` (which forks from a small process and reports its child's own maximum),
/// and on a pseudo-terminal `VmHWM` is read from `/proc/PID/status` at the first prompt.
enum Subprocess {
    static let timeTool = "/usr/bin/time"
    struct Outcome {
        /// Spawn to exit, in nanoseconds.
        var wallNanoseconds: Double
        /// Spawn to the first prompt (pseudo-terminal runs only), in nanoseconds.
        var promptNanoseconds: Double?
        /// Peak resident set size in bytes (NaN when it could not be measured).
        var peakBytes: Double
        /// The exit status, or nil when a signal ended the child.
        var exitStatus: Int32?
        var signal: Int32?
        /// What the child wrote (standard output and error), up to 64 KB.
        var output: String

        var succeeded: Bool { exitStatus == 0 }

        var failureDescription: String {
            if let signal { return "killed by signal \(signal)\(signal == SIGSEGV || signal == SIGBUS ? " (stack overflow?)" : "")" }
            return "exit status \(exitStatus ?? -1): \(output.prefix(400))"
        }
    }

    /// The environment with `extra` added (or replaced).
    static func environment(_ extra: [String: String]) -> [String] {
        var values = ProcessInfo.processInfo.environment
        for (key, value) in extra { values[key] = value }
        return values.map { "\($0.key)=\($0.value)" }
    }

    /// Runs `arguments` with standard input from `inputPath` (or /dev/null) and output to a pipe.
    static func run(_ arguments: [String], inputPath: String? = nil, environment extra: [String: String] = [:]) throws -> Outcome {
        let useTime = FileManager.default.isExecutableFile(atPath: timeTool)
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("sift-bench-time-\(getpid())").path
        let command = useTime ? [timeTool, "-f", "%M", "-o", report] + arguments : arguments
        var outcome = try runDirect(command, inputPath: inputPath, environment: extra)
        if useTime {
            let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: report)
            let lines = text.split(whereSeparator: \.isNewline)
            outcome.peakBytes = lines.last.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.map { $0 * 1024 } ?? .nan
            if let line = lines.first(where: { $0.contains("terminated by signal") }), let number = line.split(separator: " ").last.flatMap({ Int32($0) }) {
                outcome.signal = number
                outcome.exitStatus = nil
            }
        } else {
            outcome.peakBytes = .nan  // ru_maxrss would include the benchmark's own memory (see above)
        }
        return outcome
    }

    private static func runDirect(_ arguments: [String], inputPath: String?, environment extra: [String: String]) throws -> Outcome {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw BenchError(description: "pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let start = MonotonicClock.now()
        let pid = try spawn(arguments, &actions, environment: environment(extra))
        close(pipeEnds[1])
        let output = readAll(pipeEnds[0])
        close(pipeEnds[0])
        return try wait(pid, start: start, prompt: nil, output: output)
    }

    /// Runs `arguments` on a new pseudo-terminal (standard input, output and error): waits for
    /// `prompt` in its output (the time to the first prompt), then types `input` and waits for
    /// the exit. Gives up after `timeoutSeconds`.
    static func runOnTerminal(
        _ arguments: [String], prompt: String, input: String, environment extra: [String: String] = [:], timeoutSeconds: Double = 20
    ) throws -> Outcome {
        // posix_openpt/grantpt/unlockpt/ptsname do not import from Glibc: the Linux ioctls instead.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw BenchError(description: "cannot open /dev/ptmx") }
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned int) (asm-generic).
        let setLock: UInt = 0x4004_5431
        let getNumber: UInt = 0x8004_5430
        guard ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
            throw BenchError(description: "cannot set up a pseudo-terminal")
        }
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        let start = MonotonicClock.now()
        let pid = try spawn(arguments, &actions, environment: environment(extra), newSession: true)
        // The size once the child has it open (the slave exists now; setting it on the master works).
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var output: [UInt8] = []
        var promptAt: UInt64?
        let deadline = start + UInt64(timeoutSeconds * 1e9)
        let promptBytes = Array(prompt.utf8)
        var typed = false
        var peakAtPrompt = Double.nan
        var buffer = [UInt8](repeating: 0, count: 4096)
        while MonotonicClock.now() < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 50)
            if ready > 0 {
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }  // EIO: the child closed the terminal
                output += buffer[0..<count]
                if promptAt == nil, Self.contains(output, promptBytes) {
                    promptAt = MonotonicClock.now()
                    peakAtPrompt = Self.highWaterMark(pid)
                }
            }
            if promptAt != nil, !typed {
                typed = true
                _ = input.withCString { write(master, $0, strlen($0)) }
            }
            var status: Int32 = 0
            var usage = rusage()
            if typed, wait4(pid, &status, WNOHANG, &usage) == pid {
                let end = MonotonicClock.now()
                return Outcome(
                    wallNanoseconds: Double(end - start), promptNanoseconds: promptAt.map { Double($0 - start) },
                    peakBytes: peakAtPrompt, exitStatus: exitStatus(status), signal: signalNumber(status),
                    output: String(decoding: output.prefix(65_536), as: UTF8.self))
            }
        }
        if promptAt == nil || !typed { kill(pid, SIGKILL) }
        var outcome = try wait(pid, start: start, prompt: promptAt, output: String(decoding: output, as: UTF8.self))
        outcome.peakBytes = peakAtPrompt
        return outcome
    }

    /// `VmHWM` of a running process (peak RSS of its current program), in bytes.
    static func highWaterMark(_ pid: pid_t) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return .nan }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).split(separator: " ").first
            return digits.flatMap { Double($0) }.map { $0 * 1024 } ?? .nan
        }
        return .nan
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count, !needle.isEmpty else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }

    private static func spawn(
        _ arguments: [String], _ actions: inout posix_spawn_file_actions_t, environment: [String], newSession: Bool = false
    ) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newSession {
            // POSIX_SPAWN_SETSID (glibc ≥ 2.26; the macro does not import): a new session, so the
            // terminal opened next becomes the child's controlling terminal.
            posix_spawnattr_setflags(&attributes, 0x80)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard code == 0 else {
            throw BenchError(description: "cannot run \(arguments[0]): \(String(cString: strerror(code)))")
        }
        return pid
    }

    private static func readAll(_ descriptor: Int32) -> String {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            if data.count < 65_536 { data += buffer[0..<count] }
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func wait(_ pid: pid_t, start: UInt64, prompt: UInt64?, output: String) throws -> Outcome {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError(description: "wait4 failed") }
        }
        let end = MonotonicClock.now()
        return Outcome(
            wallNanoseconds: Double(end - start), promptNanoseconds: prompt.map { Double($0 - start) },
            peakBytes: Double(usage.ru_maxrss) * 1024, exitStatus: exitStatus(status), signal: signalNumber(status),
            output: output)
    }

    private static func exitStatus(_ status: Int32) -> Int32? {
        (status & 0x7F) == 0 ? (status >> 8) & 0xFF : nil
    }

    private static func signalNumber(_ status: Int32) -> Int32? {
        let signal = status & 0x7F
        return signal != 0 && signal != 0x7F ? signal : nil
    }
}
