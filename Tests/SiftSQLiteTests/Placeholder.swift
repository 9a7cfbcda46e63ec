import Testing

@Test func placeholder_SiftSQLiteTests() { #expect(Bool(true)) }
