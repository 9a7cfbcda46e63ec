import Foundation
import Sift

/// Reading a model from a path: a Swift model file (`Models.swift`), or Xcode's Core Data model
/// (an `.xcdatamodeld` folder, one `.xcdatamodel` version folder, or its `contents` file).
extension SchemaLoader {
    /// A model read from a file: the schema, its diagnostics, and the source they point into.
    public typealias ModelRead = (schema: Schema, diagnostics: [Diagnostic], source: SourceFile)

    /// Reads the model at `path`, choosing the reader by what the path is: an `.xcdatamodeld` or
    /// `.xcdatamodel` folder, a `contents` file or any file starting with `<` (XML) is read as
    /// Xcode's data model, anything else as a Swift model file.
    public static func readModel(_ path: String) throws -> ModelRead {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LoadError(message: "no such file '\(path)'")
        }
        if isDirectory.boolValue {
            switch try xcodeContents(inFolder: path) {
            case .contents(let contents):
                let source = try readText(contents)
                let (schema, diagnostics) = XcodeModelReader.read(source)
                return (schema, diagnostics, source)
            case .unreadableVersionList(let source, let diagnostics):
                return (Schema(models: []), diagnostics, source)
            }
        }
        let source = try readText(path)
        if isXML(source) {
            let (schema, diagnostics) = XcodeModelReader.read(source)
            return (schema, diagnostics, source)
        }
        let (schema, diagnostics) = ModelFileReader.read(source)
        return (schema, diagnostics, source)
    }

    /// Whether the text is XML (its first character other than a byte-order mark or whitespace
    /// is `<`): no Swift model file starts that way.
    static func isXML(_ source: SourceFile) -> Bool {
        for byte in source.bytes where !(byte == 0xEF || byte == 0xBB || byte == 0xBF || byte == 0x20 || (0x09...0x0D).contains(byte)) {
            return byte == UInt8(ascii: "<")
        }
        return false
    }

    enum XcodeContents {
        /// The `contents` file of the model version to read.
        case contents(String)
        /// The `.xccurrentversion` file could not be read: its diagnostics.
        case unreadableVersionList(SourceFile, [Diagnostic])
    }

    /// The `contents` file a folder holds: `X.xcdatamodel/contents`, or for an `.xcdatamodeld`
    /// folder, that of the version its `.xccurrentversion` names (without one, the version named
    /// like the folder, or the only version).
    static func xcodeContents(inFolder folder: String) throws -> XcodeContents {
        let manager = FileManager.default
        let url = URL(fileURLWithPath: folder)
        let contents = url.appendingPathComponent("contents").path
        if manager.fileExists(atPath: contents) { return .contents(contents) }
        if url.pathExtension == "xcdatamodel" { throw LoadError(message: "the model version '\(folder)' has no 'contents' file") }
        let entries = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        let versions = entries.filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        guard url.pathExtension == "xcdatamodeld" || !versions.isEmpty else {
            throw LoadError(
                message: "'\(folder)' is a folder, not a model: give a Swift model file, an .xcdatamodeld folder, an .xcdatamodel folder or its 'contents' file")
        }
        var chosen: String
        let versionList = url.appendingPathComponent(".xccurrentversion").path
        if manager.fileExists(atPath: versionList) {
            let source = try readText(versionList)
            let (name, diagnostics) = XcodeModelReader.currentVersionName(source)
            guard let name else { return .unreadableVersionList(source, diagnostics) }
            guard versions.contains(name) else {
                throw LoadError(
                    message: "'\(versionList)' names the current version '\(name)', which '\(folder)' does not hold"
                        + (versions.isEmpty ? "" : " (it holds " + versions.map { "'\($0)'" }.joined(separator: ", ") + ")"))
            }
            chosen = name
        } else {
            let named = url.deletingPathExtension().lastPathComponent + ".xcdatamodel"
            if versions.contains(named) {
                chosen = named
            } else if versions.count == 1 {
                chosen = versions[0]
            } else {
                throw LoadError(
                    message: versions.isEmpty
                        ? "'\(folder)' holds no .xcdatamodel version"
                        : "'\(folder)' holds \(versions.count) versions and no .xccurrentversion naming the current one; give the version's folder, e.g. '\(url.appendingPathComponent(versions.last!).path)'")
            }
        }
        let chosenContents = url.appendingPathComponent(chosen).appendingPathComponent("contents").path
        guard manager.fileExists(atPath: chosenContents) else {
            throw LoadError(message: "the model version '\(chosen)' has no 'contents' file in '\(folder)'")
        }
        return .contents(chosenContents)
    }
}

extension Schema {
    /// The schema of the model at `path`: a Swift model file, or Xcode's data model (an
    /// `.xcdatamodeld` folder, an `.xcdatamodel` folder or its `contents` file), the reader chosen
    /// by `SchemaLoader.readModel(_:)`. Throws `CompileError` with the diagnostics when the model
    /// has errors, and `SchemaLoader.LoadError` when there is nothing to read.
    public init(modelAt path: String) throws {
        let read = try SchemaLoader.readModel(path)
        if read.diagnostics.hasErrors { throw CompileError(diagnostics: read.diagnostics, source: read.source) }
        self = read.schema
    }
}
