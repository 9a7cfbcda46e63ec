import Sift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Round-trip findings are reported, not fatal, unless `SIFT_FUZZ_ROUNDTRIP=abort`; the first few
/// are printed, and every finding's input is saved to `$SIFT_FUZZ_ROUNDTRIP_DIR` when it is set.
nonisolated(unsafe) var reportedFindings = 0

/// One input as a model file (see ``ModelFileHarness``); always compiled.
public func fuzzModelFileInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let finding = ModelFileHarness.run(bytes) else { return 0 }
    if let mode = getenv("SIFT_FUZZ_ROUNDTRIP"), String(cString: mode) == "abort" {
        fatalError("round trip: \(finding)")
    }
    reportedFindings += 1
    if reportedFindings <= 5 {
        ModelFileHarness.printError("ROUND-TRIP FINDING (\(reportedFindings)): \(finding.kind)\n\(finding.detail)")
    }
    if let directory = getenv("SIFT_FUZZ_ROUNDTRIP_DIR").map({ String(cString: $0) }), reportedFindings <= 200 {
        let kind = finding.kind.replacingSpaces()
        let path = directory + "/\(kind)-\(reportedFindings).swift"
        if let file = fopen(path, "wb") {
            _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
        }
    }
    return 0
}

extension String {
    func replacingSpaces() -> String { String(map { $0 == " " ? "-" : $0 }) }
}

#if SIFT_LIBFUZZER
    /// libFuzzer's entry point (only with `-DSIFT_LIBFUZZER`, so the tests can link both targets).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        fuzzModelFileInput(data, size)
    }
#else
    /// Without libFuzzer (a normal `swift build`): replays inputs, `sift-fuzz-model-file FILE...`,
    /// and prints round-trip findings.
    @main
    struct ReplayModelFileInputs {
        static func main() {
            for argument in CommandLine.arguments.dropFirst() {
                guard let bytes = ModelFileHarness.readFileBytes(argument) else {
                    ModelFileHarness.printError("cannot read \(argument)")
                    exit(2)
                }
                if let finding = ModelFileHarness.run(bytes) {
                    print("\(argument): \(finding)")
                } else {
                    print("\(argument): ok")
                }
            }
        }
    }
#endif
