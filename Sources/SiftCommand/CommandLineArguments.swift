/// A command line split into positional arguments and `--options`, as every `sift` subcommand
/// reads it. `--name value`, `--name=value` and flags are supported; `--` ends the options.
struct CommandLineArguments {
    var positional: [String] = []
    var options: [String: [String]] = [:]
    var flags: Set<String> = []

    /// A command line error: the message, then the usage hint.
    struct UsageError: Error {
        var message: String
    }

    /// Splits `arguments`. `valued` lists the options that take a value; `flags` those that do not;
    /// `repeatable` the valued options that may be given more than once (`--param`, `--schema`):
    /// any other given twice is a usage error, not a silent choice of one value.
    init(_ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>, repeatable: Set<String> = []) throws {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if valued.contains(name) {
                if let inlineValue {
                    options[name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    options[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError(message: "option '\(name)' needs a value")
                }
            } else if allowedFlags.contains(name), inlineValue == nil {
                flags.insert(name)
            } else {
                let known = Array(valued) + Array(allowedFlags)
                let suggestion = Suggestions.closest(to: name, among: known).first
                throw UsageError(message: "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            }
        }
        for (name, values) in options.sorted(by: { $0.key < $1.key }) where values.count > 1 && !repeatable.contains(name) {
            throw UsageError(message: "option '\(name)' is given \(values.count) times; give it once")
        }
    }

    /// The value of an option given at most once.
    func value(_ name: String) -> String? { options[name]?.first }

    /// Every value of a repeatable option, in order.
    func values(_ name: String) -> [String] { options[name] ?? [] }
}

import Sift
