import Testing

@Test func placeholder_SiftCommandTests() { #expect(Bool(true)) }
