import Foundation

/// Runs the built executables (`sift`, `sift-example`) the way a user or a tool does.
enum CommandRunner {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The directory holding the built products: next to the test runner.
    static var productsDirectory: URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = runner.deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("sift").path) { return directory }
            directory = directory.deletingLastPathComponent()
        }
        return repositoryRoot.appendingPathComponent(".build/debug")
    }

    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `executable` (a built product, or an absolute path) with `arguments` in the repository root, with `input` on standard input.
    static func run(_ arguments: [String], executable: String = "sift", input: String? = nil, environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL =
            executable.hasPrefix("/") ? URL(fileURLWithPath: executable) : productsDirectory.appendingPathComponent(executable)
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        var environmentVariables = ProcessInfo.processInfo.environment
        environmentVariables["NO_COLOR"] = "1"
        for (key, value) in environment { environmentVariables[key] = value }
        process.environment = environmentVariables
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = errorPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = outputPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}
