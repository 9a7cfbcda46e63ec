import Testing

@Test func placeholder_SiftCheckerTests() { #expect(Bool(true)) }
