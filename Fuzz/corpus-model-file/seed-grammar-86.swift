import SwiftData

@Model final class Account<Owner: Identifiable>: Identifiable where Owner: Sendable {
    @Attribute(.unique) var id: UUID
    public private(set) var balance: Decimal = 0
    var owner: Owner? { didSet { touched = true } }
    var label: String { "account" }
    var tags: [String: Int] = [:], notes = ""
    static let kind = "account"; let opened: Date
    init(id: UUID) { self.id = id }
    func deposit(_ amount: Decimal) -> Decimal { balance += amount; return balance }
    typealias ID = UUID
}

enum Priority: Int, Codable { case low = 1, medium, high; case urgent = 10 }

indirect enum Filter { case all, matching(String); var isAll: Bool { true } }

extension Account { func close() {} }
