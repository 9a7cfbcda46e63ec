import Foundation

/// A private PostgreSQL server for the test process: `initdb` and `pg_ctl start` in a fresh temporary
/// directory, listening only on a Unix socket in that directory, started once (lazily, on the first
/// call of ``shared()``) and stopped when the process exits.
///
/// PostgreSQL refuses to run as root: when the tests run as root, the server runs as the `postgres`
/// system user (through `runuser`), and its directory belongs to that user. Authentication is `trust`
/// for every role but ``passwordRole``, which must give its password (SCRAM), so that a test can see a
/// wrong password refused.
///
/// A test that needs the server uses ``isInstalled`` to skip, with a message, only where PostgreSQL is
/// not installed at all; anywhere else a server that does not start is an error the test reports.
public final class PostgresServer: Sendable {
    /// The directory holding the socket (`.s.PGSQL.<port>`), the data directory and the server log.
    public let directory: String
    /// The port number, which names the socket file (no TCP port is opened).
    public let port: Int
    /// The superuser, which needs no password.
    public let superuser = "postgres"
    /// The one role that must authenticate with a password (`scram-sha-256`); a test creates it.
    public static let passwordRole = "sift_password_role"

    private let binDirectory: String

    /// The directory of `initdb` and `pg_ctl`: the first on `PATH`, else the newest Debian
    /// installation (`/usr/lib/postgresql/<version>/bin`); nil where PostgreSQL is not installed.
    public static let binDirectory: String? = {
        let pathDirectories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in pathDirectories where FileManager.default.isExecutableFile(atPath: directory + "/initdb") {
            // Debian's /usr/bin has no initdb; a link on PATH is resolved so that pg_ctl is found beside it.
            let initdb = URL(fileURLWithPath: directory + "/initdb").resolvingSymlinksInPath()
            let resolved = initdb.deletingLastPathComponent().path
            if FileManager.default.isExecutableFile(atPath: resolved + "/pg_ctl") { return resolved }
        }
        let debianRoot = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: debianRoot)) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            let bin = "\(debianRoot)/\(version)/bin"
            if FileManager.default.isExecutableFile(atPath: bin + "/initdb"),
                FileManager.default.isExecutableFile(atPath: bin + "/pg_ctl")
            {
                return bin
            }
        }
        return nil
    }()

    /// Whether PostgreSQL's server programs are installed; where not, tests that need a server skip.
    public static var isInstalled: Bool { binDirectory != nil }

    /// Why a test that needs PostgreSQL is skipped here.
    public static let notInstalledMessage =
        "PostgreSQL is not installed (no initdb on PATH nor in /usr/lib/postgresql): `make deps` installs it"

    /// The server of this test process, started on first use.
    public static func shared() throws -> PostgresServer { try started.get() }

    private static let started: Result<PostgresServer, any Error> = Result { try PostgresServer() }

    /// A server of its own (not the shared one), with `settings` added to the server's
    /// configuration (`[("shared_buffers", "1GB")]`): the benchmark's, which loads millions of rows.
    /// Stopped, like the shared one, when the process exits.
    public static func start(settings: [(String, String)]) throws -> PostgresServer { try PostgresServer(settings: settings) }

    /// A libpq connection URI for `database` on this server, as `user`, with `parameters` appended.
    public func uri(database: String = "postgres", user: String? = nil, parameters: [String: String] = [:]) -> String {
        let query = (["host": directory, "port": String(port)].merging(parameters) { $1 })
            .sorted { $0.key < $1.key }
            .map { "\($0.key)=\(Self.percentEncoded($0.value))" }
            .joined(separator: "&")
        return "postgresql://\(Self.percentEncoded(user ?? superuser))@/\(Self.percentEncoded(database))?\(query)"
    }

    /// A new empty database with a unique name (after `label`), owned by the superuser.
    ///
    /// `locale` chooses its collation and character classes (a locale the machine has, such as
    /// `C.UTF-8`); the server's default is `C.UTF-8`. Databases are dropped with the server.
    public func createDatabase(_ label: String, locale: String? = nil) throws -> PostgresTestDatabase {
        let sanitized = label.lowercased().unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "_" }
        let name = "t_\(String(sanitized).prefix(30))_\(Self.nextDatabaseNumber())"
        var statement = "CREATE DATABASE \(name) TEMPLATE template0 ENCODING 'UTF8'"
        if let locale { statement += " LOCALE '\(locale.replacingOccurrences(of: "'", with: "''"))'" }
        let administration = try PlainPostgresConnection(uri: uri())
        try administration.execute(statement)
        return PostgresTestDatabase(server: self, name: name)
    }

    /// The password of ``passwordRole``.
    public static let rolePassword = "right-password"

    /// Creates ``passwordRole`` (with ``rolePassword``) unless it exists; it may connect to every database.
    public func createPasswordRole() throws {
        try PlainPostgresConnection(uri: uri()).execute(
            """
            DO $$ BEGIN
              IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(Self.passwordRole)') THEN
                CREATE ROLE \(Self.passwordRole) LOGIN PASSWORD '\(Self.rolePassword)';
              END IF;
            EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;  -- made meanwhile by another test
            END $$;
            """)
    }

    private static let databaseCounter = LockedCounter()
    private static func nextDatabaseNumber() -> Int { databaseCounter.next() }

    private static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    // MARK: Starting and stopping

    private init(settings: [(String, String)] = []) throws {
        guard let bin = Self.binDirectory else { throw FixtureError(Self.notInstalledMessage) }
        binDirectory = bin
        // A short path: a Unix socket path is limited to about 100 bytes.
        var template = Array("/tmp/sift-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw FixtureError("cannot make a temporary directory: \(errno)") }
        directory = String(cString: made)
        port = try Self.freePort()
        Self.runningServers.add(directory: directory, stop: stopCommand)
        do {
            try prepareDirectory()
            try run(["\(bin)/initdb", "-D", dataDirectory, "-A", "trust", "-U", superuser, "-E", "UTF8",
                     "--locale=C.UTF-8", "--no-sync", "--no-instructions"])
            try """
                local all \(Self.passwordRole) scram-sha-256
                local all all trust

                """.write(toFile: dataDirectory + "/pg_hba.conf", atomically: false, encoding: .utf8)
            let options = "-c listen_addresses='' -k \(directory) -p \(port) -c fsync=off -c full_page_writes=off "
                + "-c synchronous_commit=off -c max_connections=200" + settings.map { " -c \($0.0)=\($0.1)" }.joined()
            try startWatchdog()
            try run(["\(bin)/pg_ctl", "-D", dataDirectory, "-w", "-t", "120", "-l", logFile, "-o", options, "start"])
        } catch {
            let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
            Self.runningServers.stopAll()
            throw FixtureError("cannot start PostgreSQL in \(directory): \(error)\n\(log)")
        }
    }

    private var dataDirectory: String { directory + "/data" }
    private var logFile: String { directory + "/server.log" }
    private var stopCommand: [String] {
        asServerUser(["\(binDirectory)/pg_ctl", "-D", dataDirectory, "-m", "immediate", "-w", "stop"])
    }

    /// Gives the directory to the server's user, readable by nobody else.
    private func prepareDirectory() throws {
        if geteuid() == 0 {
            guard let account = getpwnam("postgres") else {
                throw FixtureError("running as root, but there is no `postgres` user to run PostgreSQL as")
            }
            guard chown(directory, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
                throw FixtureError("cannot give \(directory) to postgres: errno \(errno)")
            }
        }
        chmod(directory, 0o700)
    }

    /// A command run as the server's user: through `runuser` when the tests run as root.
    private func asServerUser(_ command: [String]) -> [String] {
        geteuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + command : command
    }

    /// Runs `command` (as the server's user) and throws with its output when it fails.
    private func run(_ command: [String]) throws {
        try Self.run(asServerUser(command))
    }

    /// Runs `command` and waits for it (posix_spawn and waitpid: Foundation's `Process` may never
    /// see the end of `pg_ctl start`, whose server lives on). Throws with its output when it fails.
    private static func run(_ command: [String]) throws {
        let output = "/tmp/sift-pg-output-\(getpid())-\(UUID().uuidString)"
        defer { unlink(output) }
        let child = try spawn(command, output: output)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { throw FixtureError("waitpid: errno \(errno)") }
        }
        // WIFEXITED and WEXITSTATUS are macros Swift does not import.
        let exitedNormally = status & 0x7f == 0
        guard exitedNormally, (status >> 8) & 0xff == 0 else {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            throw FixtureError("\(command.joined(separator: " ")) failed (wait status \(status)):\n\(text)")
        }
    }

    /// Starts `command` with standard input from /dev/null, its output into the file `output`
    /// (or /dev/null), and none of this process's other descriptors (the server lives on with
    /// whatever it inherits, and would hold the test runner's pipes open).
    private static func spawn(_ command: [String], output: String?) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // (posix_spawn_file_actions_addclosefrom_np does not import: it needs _GNU_SOURCE.)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let arguments = command.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, command[0], &actions, nil, arguments, environ)
        guard result == 0 else { throw FixtureError("cannot run \(command[0]): errno \(result)") }
        return child
    }

    /// A shell that outlives this process only to stop the server and remove its directory once the
    /// process is gone, however it ends (a crash or a signal runs no `atexit` handler). It ignores
    /// the terminal's signals, which reach the whole process group on Control-C.
    private func startWatchdog() throws {
        let stop = stopCommand.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            trap '' INT HUP TERM QUIT
            while [ -d /proc/\(getpid()) ]; do sleep 1; done
            \(stop)
            rm -rf '\(directory)'
            """
        _ = try Self.spawn(["/bin/sh", "-c", script], output: nil)
    }

    /// A port no other process listens on (asked of the kernel with a TCP socket bound to port 0).
    /// The server opens no TCP port: the number only names the socket and keys shared memory.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw FixtureError("socket: errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw FixtureError("cannot find a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Servers to stop at exit: `atexit` takes no context, so they are kept here.
    private static let runningServers: RunningServers = {
        atexit { PostgresServer.runningServers.stopAll() }
        return RunningServers()
    }()

    private final class RunningServers: @unchecked Sendable {
        // @unchecked: `servers` is only touched while `lock` is held.
        private let lock = NSLock()
        private var servers: [(directory: String, stop: [String])] = []

        func add(directory: String, stop: [String]) { lock.withLock { servers.append((directory, stop)) } }

        func stopAll() {
            let stopping = lock.withLock {
                defer { servers = [] }
                return servers
            }
            for server in stopping {
                // Stopping a server that never started fails harmlessly.
                try? PostgresServer.run(server.stop)
                try? FileManager.default.removeItem(atPath: server.directory)
            }
        }
    }
}

/// A database of the test server, made by ``PostgresServer/createDatabase(_:locale:)``.
public struct PostgresTestDatabase: Sendable {
    /// The server holding it.
    public let server: PostgresServer
    /// Its name (lower case, needs no quoting).
    public let name: String

    /// A libpq URI connecting to it as `user` (default: the superuser).
    public func uri(user: String? = nil, parameters: [String: String] = [:]) -> String {
        server.uri(database: name, user: user, parameters: parameters)
    }

    /// Runs an SQL script (several statements, in one transaction unless it has its own `BEGIN`/`COMMIT`).
    public func load(_ script: String) throws {
        try PlainPostgresConnection(uri: uri()).execute(script)
    }
}

/// A thread-safe counter.
final class LockedCounter: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
