import Foundation

/// The benchmark database: the people part of the example schema (`Examples/example.sql`:
/// companies, users, interests, userInterests) filled by a seeded generator at a chosen scale.
///
/// - Scale 1 (the default): 1,000,000 users, 1,000 companies, 50 interests and about 3,000,000
///   user–interest links (0 to 6 interests per user, 3 on average, popularity skewed so some
///   interests are rare). Users and companies scale linearly; the 50 interests do not.
/// - Storage as in the example: `birth` and `founded` REAL seconds since 2001-01-01 (negative
///   before), `isActive` 0/1, `identifier` an upper-case UUID string, `nickname`, `companyID`,
///   `city`, `founded` and `category` nullable.
/// - Indexes a careful developer creates: every foreign key (`users(companyID)`,
///   `userInterests(interestID)`; `userID` leads the join table's primary key), `users(age)`,
///   `users(name)`, `users(birth)`, `interests(title)`, `companies(name)`, the UNIQUE
///   `users(identifier)` and the join table's primary key. No `ANALYZE` (as in the example).
/// - Text facts (what `SiftDatabase` learns as NFC facts): `users.name` is **not** NFC-only — one
///   accented name in twenty is stored decomposed (`Jose` + U+0301 ...), so Sift must normalise
///   that column; `users.nickname`, `companies.name`, `companies.city`, `interests.title` and
///   `interests.category` hold non-ASCII text (accents, Hangul) but only in NFC, so Sift may use
///   them bare. The corpus's needles never end just before a combining mark, so the hand-written
///   `instr`/`=`/range SQL gives Swift's answers on this data (the start-up check proves it).
/// - The last 2% of companies and interests 49 and 50 have no users (empty relationships).
///
/// The file is cached in `bench-data/` under a name holding scale, seed and generator version,
/// and rebuilt only when missing (into a temporary file, renamed when complete).
enum BenchData {
    /// Bump when the generated data changes, so cached files are not reused.
    static let generatorVersion = 2
    static let defaultSeed: UInt64 = 20_261_129

    struct Size: CustomStringConvertible {
        var users: Int
        var companies: Int
        var interests = 50

        init(scale: Double) {
            users = max(100, Int((1_000_000 * scale).rounded()))
            companies = max(10, Int((1_000 * scale).rounded()))
        }

        var description: String { "\(users) users, \(companies) companies, \(interests) interests" }
    }

    /// "2026-11-29 00:00:00 UTC" in seconds since 2001, the example's "now".
    static let now = 817_603_200.0

    static func fileName(scale: Double, seed: UInt64) -> String {
        "people-scale\(Format.scale(scale))-seed\(seed)-v\(generatorVersion).sqlite"
    }

    /// The path of the database for `scale` and `seed`, building it when missing. Prints a line
    /// when building (it takes a while at scale 1).
    static func database(root: URL, scale: Double, seed: UInt64) throws -> String {
        let directory = root.appendingPathComponent("bench-data")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(fileName(scale: scale, seed: seed)).path
        if FileManager.default.fileExists(atPath: path) { return path }
        let size = Size(scale: scale)
        print("building the benchmark database (\(size), seed \(seed)) at \(path) …")
        let start = MonotonicClock.now()
        let temporary = path + ".building-\(getpid())"
        try? FileManager.default.removeItem(atPath: temporary)
        do {
            try build(path: temporary, size: size, seed: seed)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print(
            "built in \(Format.duration(Double(MonotonicClock.now() - start))) (\(Format.fixed(Double(bytes) / 1e6, 1)) MB)"
        )
        return path
    }

    static let schemaSQL = """
        CREATE TABLE companies (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          city TEXT,
          founded REAL
        );
        CREATE TABLE users (
          id INTEGER PRIMARY KEY,
          identifier TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL,
          nickname TEXT,
          age INTEGER NOT NULL,
          birth REAL NOT NULL,
          score REAL NOT NULL,
          isActive INTEGER NOT NULL CHECK (isActive IN (0, 1)),
          companyID INTEGER REFERENCES companies(id) ON DELETE SET NULL
        );
        CREATE TABLE interests (
          id INTEGER PRIMARY KEY,
          title TEXT NOT NULL,
          category TEXT
        );
        CREATE TABLE userInterests (
          userID INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          interestID INTEGER NOT NULL REFERENCES interests(id) ON DELETE CASCADE,
          PRIMARY KEY (userID, interestID)
        );
        """

    /// Created after the rows are in (faster than maintaining them row by row).
    static let indexSQL = """
        CREATE INDEX users_age ON users(age);
        CREATE INDEX users_name ON users(name);
        CREATE INDEX users_birth ON users(birth);
        CREATE INDEX users_companyID ON users(companyID);
        CREATE INDEX userInterests_interestID ON userInterests(interestID);
        CREATE INDEX interests_title ON interests(title);
        CREATE INDEX companies_name ON companies(name);
        """

    // MARK: Vocabulary

    /// First names: ASCII, accented (stored composed, or decomposed 1 time in 20 in users.name),
    /// Korean given names are in `koreanGiven`.
    static let firstNames = [
        "James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "William", "Elizabeth",
        "David", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
        "Kim", "Kimberly", "Joakim", "Anna", "Emma", "Olivia", "Liam", "Noah", "Lucas", "Mia", "Sophia", "Ethan",
        "Oliver", "Amelia", "Hiro", "Yuki", "Wei", "Priya", "Arjun", "Omar", "Fatima", "Ava", "Isabella", "Mateo",
        "Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory", "Niaj",
        "Olga", "Peggy", "Rupert", "Sybil", "Trent", "Victor", "Walter", "Xavier", "Yolanda", "Zach",
    ]
    static let accentedFirstNames = [
        "José", "Zoë", "Chloé", "Renée", "Noël", "André", "Inés", "Björn", "François", "Jérôme", "Agnès", "Léa",
        "Ñoño", "Ümit", "Çelik", "Søren", "Łukasz", "Åsa",
    ]
    static let lastNames = [
        "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
        "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Taylor", "Moore", "Jackson", "Martin", "Lee",
        "Kim", "Park", "Choi", "Nguyen", "Tanaka", "Suzuki", "Wang", "Chen", "Singh", "Patel", "Cohen", "O'Brien",
        "Schmidt", "Fischer", "Rossi", "Bianchi", "Novak", "Ivanov", "Silva", "Santos", "Kowalski", "Jansen",
    ]
    static let accentedLastNames = ["García", "Müller", "Núñez", "Schröder", "Dvořák", "Lefèvre", "Gómez", "Sørensen"]
    static let koreanFamily = ["김", "이", "박", "최", "정", "강", "조", "윤"]
    static let koreanGiven = ["민준", "서연", "도윤", "지우", "하은", "지호", "서준", "하윤", "예준", "수아"]
    static let nicknames = [
        "Ace", "Bear", "Sunny", "Sunshine", "Kimmy", "Doc", "Red", "Sky", "Zo", "Pepe", "Coco", "Max", "Lulu",
        "Bibi", "Rocket", "Chef", "Nana", "Jojo", "Bé", "Zoé", "Ren", "민준", "지호", "서연", "Café", "",
    ]
    static let companyWords = [
        "Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Stark", "Wayne", "Wonka", "Tyrell",
        "Cyberdyne", "Soylent", "Aperture", "Oscorp", "Gringotts", "Monarch", "Nakatomi", "Pied Piper", "Dunder",
        "Massive", "Northwind", "Contoso", "Fabrikam", "Straße", "Société", "Hanbit 한빛", "Café", "Zürich",
    ]
    static let companySuffixes = ["Inc", "Labs", "GmbH", "Traders", "Systems", "& Sons", "Group", "Co", "주식회사"]
    static let cities = [
        "Seoul", "Busan", "San Francisco", "Berlin", "Dublin", "München", "Zürich", "São Paulo", "Montréal",
        "Tokyo", "Paris", "London", "New York", "서울", "Reykjavík", "Kraków",
    ]
    /// 50 interests; 49 and 50 have no users.
    static let interests: [(title: String, category: String?)] = [
        ("Hiking", "outdoors"), ("Reading", "culture"), ("Cooking", nil), ("Chess", "games"),
        ("Photography", "arts"), ("Running", "fitness"), ("Yoga", "fitness"), ("Cycling", "outdoors"),
        ("Swimming", "fitness"), ("Gardening", "outdoors"), ("Painting", "arts"), ("Music", "culture"),
        ("Travel", nil), ("Movies", "culture"), ("Board games", "games"), ("Video games", "games"),
        ("Knitting", nil), ("Baking", "food"), ("Climbing", "outdoors"), ("Skiing", "outdoors"),
        ("등산", "outdoors"), ("독서", "culture"), ("요리", "food"), ("요가", "fitness"), ("요트", "outdoors"),
        ("Café hopping", "food"), ("kimchi making", "food"), ("50% discount hunting", "shopping"),
        ("snake_case naming", nil), ("Birdwatching", "outdoors"), ("Pottery", "arts"), ("Dancing", "fitness"),
        ("Writing", "culture"), ("Astronomy", "science"), ("Robotics", "science"), ("Fishing", "outdoors"),
        ("Surfing", "outdoors"), ("Tennis", "sports"), ("Football", "sports"), ("Basketball", "sports"),
        ("Origami", nil), ("Calligraphy", "arts"), ("Wine tasting", "food"), ("Tea ceremony", "culture"),
        ("Woodworking", "crafts"), ("Sewing", "crafts"), ("Poetry", "culture"), ("Crosswords", "games"),
        ("Stamp collecting", "hobby"), ("Falconry", nil),
    ]

    // MARK: Building

    static func build(path: String, size: Size, seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let database = try RawSQLite(path: path, readOnly: false)
        try database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -200000;")
        try database.execute(schemaSQL)
        try database.execute("BEGIN")

        // Companies: the last 2% have no users.
        let companyInsert = try database.prepare("INSERT INTO companies (id, name, city, founded) VALUES (?1, ?2, ?3, ?4)")
        for id in 1...size.companies {
            // Company 1 is "Acme Inc" at every scale (the corpus looks it up); names repeat.
            var name = "\(random.pick(companyWords)) \(random.pick(companySuffixes))" + (id > companyWords.count * 3 ? " \(id)" : "")
            if id == 1 { name = "Acme Inc" }
            companyInsert.bind(id, at: 1)
            companyInsert.bind(name, at: 2)
            if random.chance(0.1) { companyInsert.bindNull(at: 3) } else { companyInsert.bind(random.pick(cities), at: 3) }
            if random.chance(0.1) {
                companyInsert.bindNull(at: 4)
            } else {
                // Founded 1900–2024, millisecond precision.
                let seconds = -3_187_296_000.0 + Double(random.below(3_944_000_000_000)) / 1000
                companyInsert.bind(seconds, at: 4)
            }
            try companyInsert.run()
        }
        let companiesWithUsers = max(1, size.companies - size.companies / 50)

        let interestInsert = try database.prepare("INSERT INTO interests (id, title, category) VALUES (?1, ?2, ?3)")
        for (offset, interest) in interests.prefix(size.interests).enumerated() {
            interestInsert.bind(offset + 1, at: 1)
            interestInsert.bind(interest.title, at: 2)
            if let category = interest.category { interestInsert.bind(category, at: 3) } else { interestInsert.bindNull(at: 3) }
            try interestInsert.run()
        }
        // Skewed popularity over interests 1...48: weight 1 / (rank + 2).
        let popular = min(48, size.interests)
        var cumulative: [Double] = []
        var total = 0.0
        for rank in 0..<popular {
            total += 1 / Double(rank + 2)
            cumulative.append(total)
        }

        let userInsert = try database.prepare(
            "INSERT INTO users (id, identifier, name, nickname, age, birth, score, isActive, companyID) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
        )
        let linkInsert = try database.prepare("INSERT INTO userInterests (userID, interestID) VALUES (?1, ?2)")
        var chosen: [Int] = []
        for id in 1...size.users {
            userInsert.bind(id, at: 1)
            userInsert.bind(uuidString(&random), at: 2)
            userInsert.bind(name(&random), at: 3)
            if random.chance(0.4) { userInsert.bindNull(at: 4) } else { userInsert.bind(random.pick(nicknames), at: 4) }
            let age = random.below(100)
            userInsert.bind(age, at: 5)
            // Born `age` years and up to a year before "now", millisecond precision.
            let days = Double(age) * 365.25 + Double(random.below(365_000)) / 1000
            let birth = ((now - days * 86_400) * 1000).rounded() / 1000
            userInsert.bind(birth, at: 6)
            userInsert.bind(Double(random.below(1001)) / 10, at: 7)
            userInsert.bind(random.chance(0.7) ? 1 : 0, at: 8)
            if random.chance(0.15) { userInsert.bindNull(at: 9) } else { userInsert.bind(1 + random.below(companiesWithUsers), at: 9) }
            try userInsert.run()

            let count = random.below(7)
            chosen.removeAll(keepingCapacity: true)
            while chosen.count < count {
                let x = random.unit() * total
                var low = 0
                var high = cumulative.count - 1
                while low < high {
                    let middle = (low + high) / 2
                    if cumulative[middle] < x { low = middle + 1 } else { high = middle }
                }
                let interest = low + 1
                if !chosen.contains(interest) { chosen.append(interest) }
            }
            chosen.sort()
            for interest in chosen {
                linkInsert.bind(id, at: 1)
                linkInsert.bind(interest, at: 2)
                try linkInsert.run()
            }
        }
        try database.execute("COMMIT")
        try database.execute(indexSQL)
    }

    /// A name: "First Last" (ASCII or accented; a name with an accent is stored decomposed 1 time
    /// in 20, the whole name, so it has exactly two stored forms) or a Korean full name (family +
    /// given, no space, always NFC), 1 time in 10.
    static func name(_ random: inout SeededRandom) -> String {
        if random.chance(0.1) { return random.pick(koreanFamily) + random.pick(koreanGiven) }
        let first = random.chance(0.15) ? random.pick(accentedFirstNames) : random.pick(firstNames)
        let last = random.chance(0.1) ? random.pick(accentedLastNames) : random.pick(lastNames)
        let name = first + " " + last
        if name.utf8.count != name.unicodeScalars.count, random.chance(0.05) {
            return name.decomposedStringWithCanonicalMapping
        }
        return name
    }

    /// A version-4 UUID string in upper case, as `UUID().uuidString`.
    static func uuidString(_ random: inout SeededRandom) -> String {
        var high = random.next()
        var low = random.next()
        high = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for (index, shift) in stride(from: 60, through: 0, by: -4).enumerated() {
            if index == 8 || index == 12 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(digits[Int((high >> UInt64(shift)) & 0xF)])
        }
        for (index, shift) in stride(from: 60, through: 0, by: -4).enumerated() {
            if index == 0 || index == 4 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(digits[Int((low >> UInt64(shift)) & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
