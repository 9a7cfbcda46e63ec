// A program that embeds Sift: opens the example database, compiles a predicate from text, and
// runs it with a parameter — the same query twice, without compiling again.
//
//     swift run sift-example [DATABASE] [MODELS]
//
// (`make examples` builds Examples/example.sqlite from Examples/example.sql.)
import Foundation
import Sift
import SiftSQLite

let arguments = CommandLine.arguments
let databasePath = arguments.count > 1 ? arguments[1] : "Examples/example.sqlite"
let modelPath = arguments.count > 2 ? arguments[2] : "Examples/Models.swift"

do {
    let db = try SiftDatabase(path: databasePath, modelFile: modelPath)
    let query = try db.compile(#"#Predicate<User> { $0.name.localizedStandardContains(searchString) && $0.age >= minimumAge }"#)
    print("SQL:", query.sql.split(separator: "\n").joined(separator: " "))
    print("parameters:", query.parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", "))
    for (search, age) in [("kim", Int64(18)), ("zoe", Int64(0))] {
        let users = try db.fetch(query, parameters: ["searchString": .string(search), "minimumAge": .int(age)])
        let names = users.compactMap { user -> String? in
            if case .string(let name)? = user["name"] { return name }
            return nil
        }
        print("\(search), \(age)+: \(users.count) users: \(names.joined(separator: ", "))")
    }
} catch let error as CompileError {
    FileHandle.standardError.write(Data(error.description.utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
