#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let status = SiftCommandLine.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
