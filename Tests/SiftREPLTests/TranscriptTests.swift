import Foundation
import Testing

/// Runs every `Transcripts/*.txt` through the batch-mode loop with the fixture engine and
/// compares the output, exit status and written files exactly.
///
/// To write a new transcript, put the header and the `> ` lines in a file and run the tests with
/// `SIFT_RECORD_TRANSCRIPTS=1`: the file gets the output the REPL produces, to be checked by eye.
@Suite struct TranscriptTests {
    @Test(arguments: Transcript.all())
    func transcript(_ name: String) throws {
        let transcript = try Transcript.load(name)
        let result = try transcript.run()
        if ProcessInfo.processInfo.environment["SIFT_RECORD_TRANSCRIPTS"] == "1" {
            try transcript.recorded(result).write(
                toFile: TestFiles.transcripts + "/" + name, atomically: true, encoding: .utf8)
            return
        }
        #expect(result.output == transcript.expectedOutput, "output of \(name)")
        #expect(result.exitStatus == transcript.expectedExit, "exit status of \(name)")
        for (file, content) in transcript.expectedFiles {
            #expect(result.files[file] == content, "\(file) written by \(name)")
        }
    }

    @Test func thereAreTranscripts() {
        #expect(Transcript.all().count >= 20)
    }
}
