import Testing

@Test func placeholder_SiftSyntaxTests() { #expect(Bool(true)) }
