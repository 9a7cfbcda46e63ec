import CSiftExtension
import SiftSQL

// The Swift side of Sift's SQLite loadable extension (the entry point `sqlite3_sift_init` is C, in
// CSiftExtension). The functions and collations are `SiftFunction` and `SiftCollation`, the very
// definitions Sift's own runtime registers: this file only moves values between SQLite and them.
// These declarations are public so that the C part links to them; the shared object exports
// nothing but `sqlite3_sift_init` (exports.map).

/// The functions in registration order: a call's user data is its index here (computed once:
/// `allCases` builds a new array at each use).
let registeredFunctions = SiftFunction.allCases

/// Registers every Sift SQL function and collation on `database`: SQLite's result code.
@_cdecl("sift_extension_register")
public func registerSiftExtension(
    _ database: OpaquePointer?, _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    for (index, function) in registeredFunctions.enumerated() {
        let resultCode = sift_extension_create_function(database, function.sqlName, Int32(function.arity), Int32(index))
        if resultCode != 0 {
            message?.pointee = sift_extension_message("sift: cannot register \(function.sqlName) (SQLite result code \(resultCode))")
            return resultCode
        }
    }
    let trapResult = sift_extension_create_trap_function(database, siftTrapFunctionName, siftTrapMessage)
    if trapResult != 0 {
        message?.pointee = sift_extension_message("sift: cannot register \(siftTrapFunctionName) (SQLite result code \(trapResult))")
        return trapResult
    }
    for (index, collation) in SiftCollation.all.enumerated() {
        let resultCode = sift_extension_create_collation(database, collation.sqlName, Int32(index))
        if resultCode != 0 {
            message?.pointee = sift_extension_message("sift: cannot register collation \(collation.sqlName) (SQLite result code \(resultCode))")
            return resultCode
        }
    }
    return 0
}

/// Evaluates the function registered at `index` on SQLite's arguments and sets the call's result.
@_cdecl("sift_extension_call_function")
public func callSiftFunction(
    _ context: OpaquePointer?, _ index: Int32, _ argumentCount: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    let function = registeredFunctions[Int(index)]
    if let arguments, ExtensionTextShortcuts.answer(function, context, arguments) { return }
    let values = (0..<Int(argumentCount)).map { SQLValue(extensionArgument: arguments?[$0]) }
    function.evaluate(values).setExtensionResult(of: context)
}

/// Compares two UTF-8 strings with the collation registered at `index`: -1, 0 or 1.
@_cdecl("sift_extension_compare")
public func compareWithSiftCollation(
    _ index: Int32, _ leftCount: Int32, _ left: UnsafeRawPointer?, _ rightCount: Int32, _ right: UnsafeRawPointer?
) -> Int32 {
    let order = SiftCollation.all[Int(index)].compare(
        SQLValue.decodedText(left, count: Int(leftCount)), SQLValue.decodedText(right, count: Int(rightCount)))
    return order < 0 ? -1 : order > 0 ? 1 : 0
}
