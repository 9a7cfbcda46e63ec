import Foundation
import Sift
@testable import SiftFuzzCompiler
@testable import SiftFuzzModelFile
import SiftTestSupport
import Testing

/// Paths of the fuzzing material (`Fuzz/` at the package root).
enum FuzzFiles {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fuzzDirectory = packageRoot.appendingPathComponent("Fuzz")

    /// The files of `Fuzz/<folder>/`, sorted (empty when the folder does not exist).
    static func files(in folder: String) -> [URL] {
        let directory = fuzzDirectory.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }
}

/// The seed corpora are a regression suite: every input runs through what the fuzz target runs
/// (parse, check, lower, render and print; read, print and read back a model file), without the
/// sanitizers.
@Suite struct CorpusTests {
    @Test func corporaAreThereAndSmall() {
        let compiler = FuzzFiles.files(in: "corpus-compiler")
        let models = FuzzFiles.files(in: "corpus-model-file")
        #expect(compiler.count >= 300)
        #expect(models.count >= 20)
        #expect(compiler.count + models.count <= 1000, "keep the checked-in corpora small")
    }

    @Test func everyCompilerInputCompiles() throws {
        var checked = 0
        let files = FuzzFiles.files(in: "corpus-compiler")
        for file in files {
            let (text, schema) = CompilerHarness.decode(try FuzzFiles.bytes(file))
            let compilation = CompilerHarness.run(text: text, schema: schema)
            if compilation.checked != nil { checked += 1 }
            #expect(compilation.checked != nil || compilation.hasErrors, "\(file.lastPathComponent): neither checked nor an error")
        }
        // The seeds reach the checker and the lowering, not only the parser.
        #expect(checked * 3 >= files.count, "only \(checked) of \(files.count) corpus inputs check")
    }

    @Test func everyModelFileInputRoundTrips() throws {
        var findings: [String] = []
        for file in FuzzFiles.files(in: "corpus-model-file") {
            if let finding = ModelFileHarness.run(try FuzzFiles.bytes(file)) {
                findings.append("\(file.lastPathComponent): \(finding)")
            }
        }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n\n"))")
    }

    /// The generator mode yields queries that check about half the time (see ``ByteGenerator``).
    @Test func generatorReachesTheChecker() {
        var random = SplitMix64(seed: 0x5EED)
        var checked = 0
        for index in 0..<400 {
            let bytes = [UInt8(0x80 + index % 8)] + (0..<160).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let (text, schema) = CompilerHarness.decode(bytes)
            if CompilerHarness.run(text: text, schema: schema).checked != nil { checked += 1 }
        }
        #expect(checked >= 120, "only \(checked) of 400 generated queries check")
    }

    /// The fuzz target's embedded schemas are the files it was generated from (`Fuzz/embed-schemas.sh`).
    @Test func embeddedSchemasAreCurrent() throws {
        let pairs = [
            (EmbeddedSchemas.exampleModels, "Examples/Models.swift"),
            (EmbeddedSchemas.sized, "Tests/SiftCheckerTests/Golden/schemas/sized.models"),
            (EmbeddedSchemas.pets, "Tests/SiftCheckerTests/Golden/schemas/pets.models"),
        ]
        for (embedded, path) in pairs {
            var text = try String(contentsOf: FuzzFiles.packageRoot.appendingPathComponent(path), encoding: .utf8)
            if text.hasSuffix("\n") { text.removeLast() }
            #expect(embedded == text, "\(path) changed: run Fuzz/embed-schemas.sh")
        }
        // Each reads without a diagnostic, and so does all three in one file (text mode's schema).
        for schema in CompilerHarness.schemas { #expect(!schema.models.isEmpty) }
        #expect(CompilerHarness.textSchema.models.count == CompilerHarness.schemas[0...2].map(\.models.count).reduce(0, +))
    }
}
