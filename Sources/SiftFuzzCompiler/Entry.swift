import Sift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One input through the whole compiler (see ``CompilerHarness``); always compiled, so a normal
/// build type-checks what the fuzzer runs.
public func fuzzCompilerInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    CompilerHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if SIFT_LIBFUZZER
    /// libFuzzer's entry point (only with `-DSIFT_LIBFUZZER`, so the tests can link both targets).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        fuzzCompilerInput(data, size)
    }
#else
    /// Without libFuzzer (a normal `swift build`): replays inputs, `sift-fuzz-compiler FILE...`;
    /// `--print` shows the query text each input decodes to (the generator's output included).
    @main
    struct ReplayCompilerInputs {
        static func main() {
            var printing = false
            for argument in CommandLine.arguments.dropFirst() {
                if argument == "--print" {
                    printing = true
                    continue
                }
                if argument.hasPrefix("--stats=") {
                    stats(count: Int(argument.dropFirst("--stats=".count)) ?? 1000)
                    continue
                }
                guard let text = CompilerHarness.readFileBytes(argument) else {
                    CompilerHarness.printError("cannot read \(argument)")
                    exit(2)
                }
                if printing {
                    print(CompilerHarness.decode(text).text)
                } else {
                    CompilerHarness.run(text)
                    print("\(argument): ok")
                }
            }
        }

        /// How many random generator-mode inputs check and lower: the generator's yield.
        static func stats(count: Int) {
            var generator = SystemRandomNumberGenerator()
            var checked = 0
            var messages: [String: Int] = [:]
            for _ in 0..<count {
                let bytes = [0x80] + (0..<200).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let compilation = CompilerHarness.run(text: CompilerHarness.decode(bytes).text, schema: CompilerHarness.decode(bytes).schema)
                if compilation.checked != nil { checked += 1 }
                if let first = compilation.diagnostics.first(where: { $0.severity == .error }) {
                    messages[String(first.message.prefix(60)), default: 0] += 1
                }
            }
            print("\(checked) of \(count) generated queries check")
            for (message, n) in messages.sorted(by: { $0.value > $1.value }).prefix(25) { print("\(n)\t\(message)") }
        }
    }
#endif
