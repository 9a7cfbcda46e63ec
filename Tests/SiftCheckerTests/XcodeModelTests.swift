import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Xcode's Core Data model read as a schema: every attribute type, parent and abstract entities,
/// ordered and optional relationships, the exact diagnostics of malformed models, and the choice
/// of version in an `.xcdatamodeld` folder.
@Suite struct XcodeModelTests {
    let temporaryFiles = TemporaryFiles()

    /// A `contents` file around `entities`.
    static func contents(_ entities: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22758" systemVersion="23F79" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
        \(entities)
        </model>

        """
    }

    static func read(_ entities: String) -> (Schema, [Diagnostic], SourceFile) {
        let source = SourceFile(name: "Model.xcdatamodel/contents", text: contents(entities))
        let (schema, diagnostics) = XcodeModelReader.read(source)
        return (schema, diagnostics, source)
    }

    /// The printed schema, or the rendered diagnostics when there are any.
    static func printed(_ entities: String) -> String {
        let (schema, diagnostics, source) = read(entities)
        if !diagnostics.isEmpty { return DiagnosticRenderer().render(diagnostics, in: source) }
        return SchemaPrinter.print(schema)
    }

    @Test func everyAttributeType() {
        #expect(
            Self.printed(
                """
                    <entity name="Sample" representedClassName="Sample" syncable="YES" codeGenerationType="class">
                        <attribute name="binary" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
                        <attribute name="date" attributeType="Date" usesScalarValueType="NO"/>
                        <attribute name="decimal" optional="YES" attributeType="Decimal" defaultValueString="0.0"/>
                        <attribute name="double" attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"/>
                        <attribute name="flag" attributeType="Boolean" usesScalarValueType="YES"/>
                        <attribute name="float" optional="YES" attributeType="Float" defaultValueString="0.0" usesScalarValueType="YES"/>
                        <attribute name="int16" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
                        <attribute name="int32" optional="YES" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
                        <attribute name="int64" attributeType="Integer 64" minValueString="0" defaultValueString="0" usesScalarValueType="YES"/>
                        <attribute name="objectID" optional="YES" attributeType="Object ID"/>
                        <attribute name="payload" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData" customClassName="[String]"/>
                        <attribute name="text" attributeType="String" defaultValueString=""/>
                        <attribute name="link" optional="YES" attributeType="URI"/>
                        <attribute name="identifier" optional="YES" attributeType="UUID" usesScalarValueType="NO"/>
                        <attribute name="cached" optional="YES" transient="YES" attributeType="String"/>
                        <attribute name="home" optional="YES" attributeType="Composite"/>
                    </entity>
                """) == """
                @Model final class Sample {
                    var binary: Data?
                    var date: Date
                    var double: Double
                    var flag: Bool
                    var float: Float?
                    var int16: Int16
                    var int32: Int32?
                    var int64: Int
                    var text: String
                    var link: URL?
                    var identifier: UUID?
                    // decimal: not queryable, it is a Decimal, which the store keeps as a floating-point number: SQL would not compare it exactly as Decimal does
                    // objectID: not queryable, it is an Object ID attribute, which the store does not keep
                    // payload: not queryable, it is Transformable: stored as the bytes its value transformer archives, which SQL cannot compare as values
                    // cached: not queryable, it is transient, so it is not stored in the database
                    // home: not queryable, it is a composite attribute, whose parts Sift does not read
                }

                """)
    }

    @Test func storageFollowsSwiftData() throws {
        let (schema, diagnostics, _) = Self.read(
            """
                <entity name="Event" representedClassName="Event" syncable="YES">
                    <attribute name="at" attributeType="Date" usesScalarValueType="NO"/>
                    <attribute name="id" attributeType="UUID" usesScalarValueType="NO"/>
                    <attribute name="done" attributeType="Boolean" usesScalarValueType="YES"/>
                </entity>
            """)
        #expect(diagnostics.isEmpty)
        let event = try #require(schema.model(named: "Event"))
        #expect(event.tableName == "events")
        #expect(event.style == .model)
        #expect(event.attribute(named: "at")?.storage == .dateReferenceSeconds)
        #expect(event.attribute(named: "id")?.storage == .uuidUppercaseText)
        #expect(event.attribute(named: "done")?.storage == .integer)
        // An `id` attribute is the key, as in a `@Model` class.
        #expect(event.primaryKey == ["id"])
        #expect(event.attribute(named: "id")?.isPrimaryKey == true)
    }

    static let inheritance = """
            <entity name="Account" representedClassName="Account" isAbstract="YES" syncable="YES">
                <attribute name="balance" optional="YES" attributeType="Double" usesScalarValueType="YES"/>
                <attribute name="name" attributeType="String"/>
                <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person" inverseName="accounts" inverseEntity="Person"/>
            </entity>
            <entity name="Person" representedClassName="Person" syncable="YES">
                <attribute name="name" attributeType="String"/>
                <relationship name="accounts" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Account" inverseName="owner" inverseEntity="Account"/>
            </entity>
            <entity name="Savings" representedClassName="Savings" parentEntity="Account" syncable="YES">
                <attribute name="rate" attributeType="Float" usesScalarValueType="YES"/>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint value="name"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <entity name="Bonus" representedClassName="Bonus" parentEntity="Savings" syncable="YES">
                <attribute name="until" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
            </entity>
            <entity name="Checking" representedClassName="Checking" parentEntity="Account" syncable="YES">
                <attribute name="overdraft" attributeType="Integer 32" usesScalarValueType="YES"/>
            </entity>
        """

    @Test func subEntitiesInheritTheirParentsMembersFirst() throws {
        let (schema, diagnostics, source) = Self.read(Self.inheritance)
        #expect(diagnostics.isEmpty, "\(DiagnosticRenderer().render(diagnostics, in: source))")
        let account = try #require(schema.model(named: "Account"))
        let savings = try #require(schema.model(named: "Savings"))
        let bonus = try #require(schema.model(named: "Bonus"))
        let checking = try #require(schema.model(named: "Checking"))
        #expect(account.parent == nil)
        #expect(savings.parent == "Account")
        #expect(bonus.parent == "Savings")
        #expect(checking.parent == "Account")
        #expect(account.memberNames == ["balance", "name", "owner"])
        #expect(savings.memberNames == ["balance", "name", "owner", "rate"])
        #expect(bonus.memberNames == ["balance", "name", "owner", "rate", "until"])
        #expect(checking.memberNames == ["balance", "name", "owner", "overdraft"])
        // A uniqueness constraint may name an inherited attribute, and is inherited itself.
        #expect(account.attribute(named: "name")?.isUnique == false)
        #expect(savings.attribute(named: "name")?.isUnique == true)
        #expect(bonus.attribute(named: "name")?.isUnique == true)
        #expect(checking.attribute(named: "name")?.isUnique == false)
        // The inherited to-one keeps its inverse, which points back to the parent.
        let owner = try #require(bonus.relationship(named: "owner"))
        #expect(owner.target == "Person")
        #expect(owner.inverse == "accounts")
        #expect(owner.cardinality == .toOne(isOptional: true))
        // A query on a sub-entity reaches inherited attributes and relationships.
        let compilation = Compiler(schema: schema).check(#"#Predicate<Bonus> { $0.balance ?? 0 > 10 && $0.owner?.name == "Ada" && $0.rate > 1 }"#)
        #expect(compilation.diagnostics.isEmpty, "\(DiagnosticRenderer().render(compilation.diagnostics, in: compilation.source))")
    }

    @Test func parentsAndOrderedRelationshipsPrintAsComments() {
        #expect(
            Self.printed(
                """
                    <entity name="Vehicle" representedClassName="Vehicle" isAbstract="YES" syncable="YES">
                        <attribute name="make" attributeType="String"/>
                        <relationship name="stops" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Stop" inverseName="vehicle" inverseEntity="Stop"/>
                    </entity>
                    <entity name="Bus" representedClassName="Bus" parentEntity="Vehicle" syncable="YES">
                        <attribute name="seats" attributeType="Integer 16" usesScalarValueType="YES"/>
                    </entity>
                    <entity name="Stop" representedClassName="Stop" syncable="YES">
                        <relationship name="vehicle" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Vehicle" inverseName="stops" inverseEntity="Vehicle"/>
                    </entity>
                """) == """
                @Model final class Vehicle {
                    var make: String
                    @Relationship(inverse: \\Stop.vehicle) var stops: [Stop] = []  // ordered
                }

                // parent entity Vehicle
                @Model final class Bus {
                    var make: String
                    var seats: Int16
                    @Relationship(inverse: \\Stop.vehicle) var stops: [Stop] = []  // ordered
                }

                @Model final class Stop {
                    var vehicle: Vehicle?
                }

                """)
    }

    @Test func aParentMayBeWrittenAfterItsSubEntity() throws {
        let (schema, diagnostics, _) = Self.read(
            """
                <entity name="Bus" representedClassName="Bus" parentEntity="Car" syncable="YES">
                    <attribute name="seats" attributeType="Integer 16" usesScalarValueType="YES"/>
                </entity>
                <entity name="Car" representedClassName="Car" parentEntity="Vehicle" syncable="YES">
                    <attribute name="doors" attributeType="Integer 16" usesScalarValueType="YES"/>
                </entity>
                <entity name="Vehicle" representedClassName="Vehicle" isAbstract="YES" syncable="YES">
                    <attribute name="wheels" attributeType="Integer 16" usesScalarValueType="YES"/>
                    <attribute name="make" optional="YES" attributeType="String"/>
                </entity>
            """)
        #expect(diagnostics.isEmpty)
        #expect(schema.model(named: "Car")?.memberNames == ["wheels", "make", "doors"])
        #expect(schema.model(named: "Bus")?.memberNames == ["wheels", "make", "doors", "seats"])
    }

    @Test func relationshipsOrderedToManyAndOptionalToOne() throws {
        let (schema, diagnostics, source) = Self.read(
            """
                <entity name="Playlist" representedClassName="Playlist" syncable="YES">
                    <attribute name="title" attributeType="String"/>
                    <relationship name="curator" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person" inverseName="playlists" inverseEntity="Person"/>
                    <relationship name="owner" maxCount="1" deletionRule="Nullify" destinationEntity="Person"/>
                    <relationship name="songs" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Song" inverseName="playlists" inverseEntity="Song"/>
                </entity>
                <entity name="Person" representedClassName="Person" syncable="YES">
                    <relationship name="playlists" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Playlist" inverseName="curator" inverseEntity="Playlist"/>
                </entity>
                <entity name="Song" representedClassName="Song" syncable="YES">
                    <relationship name="playlists" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Playlist" inverseName="songs" inverseEntity="Playlist"/>
                </entity>
            """)
        #expect(diagnostics.isEmpty, "\(DiagnosticRenderer().render(diagnostics, in: source))")
        let playlist = try #require(schema.model(named: "Playlist"))
        let curator = try #require(playlist.relationship(named: "curator"))
        #expect(curator.cardinality == .toOne(isOptional: true))
        #expect(curator.link == .foreignKey(column: "curatorID", targetColumn: "id"))
        #expect(curator.inverse == "playlists")
        let owner = try #require(playlist.relationship(named: "owner"))
        #expect(owner.cardinality == .toOne(isOptional: false))
        #expect(owner.inverse == nil)
        let songs = try #require(playlist.relationship(named: "songs"))
        #expect(songs.isToMany && songs.isOrdered)
        #expect(songs.inverse == "playlists")
        #expect(
            songs.link
                == .joinTable(.init(table: "playlistSongs", sourceColumn: "playlistID", sourceKey: "id", targetColumn: "songID", targetKey: "id")))
        let back = try #require(schema.model(named: "Song")?.relationship(named: "playlists"))
        #expect(back.isToMany && !back.isOrdered)
        let curated = try #require(schema.model(named: "Person")?.relationship(named: "playlists"))
        #expect(curated.link == .inverseForeignKey(targetColumn: "curatorID", sourceColumn: "id"))
    }

    @Test func fetchedPropertiesFetchRequestsConfigurationsAndElementsAreSkipped() {
        #expect(
            Self.printed(
                """
                    <entity name="Employee" representedClassName="Employee" syncable="YES">
                        <attribute name="rank" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
                        <fetchedProperty name="seniorReports" optional="YES">
                            <fetchRequest name="fetchedPropertyFetchRequest" entity="Employee" predicateString="rank &gt; 5"/>
                        </fetchedProperty>
                        <fetchIndex name="byRank">
                            <fetchIndexElement property="rank" type="Binary" order="ascending"/>
                        </fetchIndex>
                        <userInfo>
                            <entry key="exportName" value="employee"/>
                        </userInfo>
                    </entity>
                    <fetchRequest name="Seniors" entity="Employee" predicateString="rank &gt; 5"/>
                    <configuration name="Remote">
                        <memberEntity name="Employee"/>
                    </configuration>
                    <elements>
                        <element name="Employee" positionX="360" positionY="192" width="128" height="149"/>
                    </elements>
                """) == """
                @Model final class Employee {
                    var rank: Int16?
                    // seniorReports: not queryable, it is a fetched property, which the store does not keep
                }

                """)
    }

    // MARK: Malformed models: the exact rendered diagnostics

    @Test func unknownAttributeType() {
        #expect(
            Self.printed(
                """
                    <entity name="User" representedClassName="User" syncable="YES">
                        <attribute name="age" attributeType="Integer64"/>
                    </entity>
                """) == """
                Model.xcdatamodel/contents:4:46: error: unknown attribute type 'Integer64'; did you mean 'Integer 64'?
                        <attribute name="age" attributeType="Integer64"/>
                                                             ^~~~~~~~~
                                                             Integer 64

                """)
    }

    @Test func missingDestinationEntity() {
        #expect(
            Self.printed(
                """
                    <entity name="User" representedClassName="User" syncable="YES">
                        <relationship name="company" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Compnay"/>
                    </entity>
                    <entity name="Company" representedClassName="Company" syncable="YES"/>
                """) == """
                Model.xcdatamodel/contents:4:108: error: cannot find the destination entity 'Compnay' in the model; did you mean 'Company'?
                        <relationship name="company" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Compnay"/>
                                                                                                                           ^~~~~~~
                                                                                                                           Company

                """)
    }

    @Test func inverseThatIsNotThere() {
        #expect(
            Self.printed(
                """
                    <entity name="User" representedClassName="User" syncable="YES">
                        <relationship name="company" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Company" inverseName="staff" inverseEntity="Company"/>
                    </entity>
                    <entity name="Company" representedClassName="Company" syncable="YES"/>
                """) == """
                Model.xcdatamodel/contents:4:130: error: 'Company' has no relationship 'staff' to be the inverse of 'company'
                        <relationship name="company" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Company" inverseName="staff" inverseEntity="Company"/>
                                                                                                                                                 ^~~~~
                Model.xcdatamodel/contents:6:19: note: 'Company' is declared here
                    <entity name="Company" representedClassName="Company" syncable="YES"/>
                                  ^~~~~~~

                """)
    }

    @Test func missingAttributeTypeAndBadFlag() {
        #expect(
            Self.printed(
                """
                    <entity name="User" representedClassName="User" syncable="YES">
                        <attribute name="name" optional="maybe" attributeType="String"/>
                        <attribute name="age"/>
                    </entity>
                """) == """
                Model.xcdatamodel/contents:4:42: error: 'optional' is 'YES' or 'NO', not 'maybe'
                        <attribute name="name" optional="maybe" attributeType="String"/>
                                                         ^~~~~
                Model.xcdatamodel/contents:5:10: error: the attribute 'age' needs an 'attributeType', such as 'attributeType="String"'
                        <attribute name="age"/>
                         ^~~~~~~~~

                """)
    }

    @Test func parentCycleAndRedeclaredMember() {
        #expect(
            Self.printed(
                """
                    <entity name="A" representedClassName="A" parentEntity="B" syncable="YES"/>
                    <entity name="B" representedClassName="B" parentEntity="A" syncable="YES"/>
                    <entity name="C" representedClassName="C" syncable="YES">
                        <attribute name="name" attributeType="String"/>
                    </entity>
                    <entity name="D" representedClassName="D" parentEntity="C" syncable="YES">
                        <attribute name="name" optional="YES" attributeType="String"/>
                    </entity>
                """) == """
                Model.xcdatamodel/contents:4:61: error: the parent entities form a cycle (A → B → A); an entity cannot inherit from itself
                    <entity name="B" representedClassName="B" parentEntity="A" syncable="YES"/>
                                                                            ^
                Model.xcdatamodel/contents:9:26: error: 'D' declares 'name', which it inherits from 'C'; rename or remove one
                        <attribute name="name" optional="YES" attributeType="String"/>
                                         ^~~~

                """)
    }

    @Test func malformedXMLIsOneDiagnosticWithItsPlace() {
        #expect(
            Self.printed(
                """
                    <entity name="User" representedClassName="User" syncable="YES">
                        <attribute name="name" attributeType="String">
                    </entity>
                """) == """
                Model.xcdatamodel/contents:5:5: error: '</entity>' does not close '<attribute>'; write '</attribute>'
                    </entity>
                    ^~~~~~~~~
                Model.xcdatamodel/contents:4:10: note: '<attribute>' starts here
                        <attribute name="name" attributeType="String">
                         ^~~~~~~~~

                """)
    }

    @Test func notACoreDataModel() {
        let source = SourceFile(name: "contents", text: "<plist version=\"1.0\"><dict/></plist>")
        let (_, diagnostics) = XcodeModelReader.read(source)
        #expect(
            DiagnosticRenderer().render(diagnostics, in: source) == """
                contents:1:2: error: expected a Core Data model, whose root element is '<model>'; found '<plist>'
                <plist version="1.0"><dict/></plist>
                 ^~~~~

                """)
    }

    // MARK: Damaged input

    /// Generated damage to real models (cut ranges, XML's special characters dropped in, ranges
    /// repeated): the reader never crashes; a model it cannot read yields errors whose places are
    /// inside the file, and XML it cannot parse yields exactly one.
    @Test func damagedModelsAreDiagnosedNeverACrash() throws {
        let originals = [
            try Fixtures.read(Fixtures.packageRoot.appendingPathComponent("Examples/People.xcdatamodeld/People.xcdatamodel/contents")),
            Self.contents(Self.inheritance),
        ]
        let specials = Array("<>&\"'=/!?[]-;#x \n").map { String($0) } + ["&amp;", "<!--", "-->", "<![CDATA[", "]]>", "&#0;", "</entity>"]
        var random = SplitMix64(seed: 2026_12_05)
        var unreadable = 0
        for round in 0..<1000 {
            var bytes = Array(originals[round % originals.count].utf8)
            for _ in 0...random.below(3) {
                let start = random.below(bytes.count)
                let end = min(bytes.count, start + random.below(40))
                switch random.below(3) {
                case 0: bytes.removeSubrange(start..<end)
                case 1: bytes.insert(contentsOf: Array(specials[random.below(specials.count)].utf8), at: start)
                default: bytes.insert(contentsOf: Array(bytes[start..<end]), at: end)
                }
                if bytes.isEmpty { bytes = Array("<".utf8) }
            }
            let source = SourceFile(name: "contents", text: String(decoding: bytes, as: UTF8.self))
            let parsed = XMLSyntaxParser.parse(source)
            #expect((parsed.value == nil) == (parsed.diagnostics.count == 1), "round \(round)")
            let (schema, diagnostics) = XcodeModelReader.read(source)
            for diagnostic in diagnostics {
                #expect(diagnostic.range.end <= source.bytes.count, "round \(round): \(diagnostic)")
            }
            if diagnostics.hasErrors {
                unreadable += 1
                #expect(!DiagnosticRenderer().render(diagnostics, in: source).isEmpty)
            } else {
                for model in schema.models {
                    for member in model.members { #expect((member.declaration?.end ?? 0) <= source.bytes.count, "round \(round)") }
                }
            }
        }
        // The damage is real: most rounds are refused, and some still read.
        #expect(unreadable > 500 && unreadable < 1000, "\(unreadable)")
    }

    // MARK: The library's entry points

    @Test func theLibraryReadsADataModelByPath() throws {
        let folder = try modelFolder([("Model.xcdatamodel", Self.firstVersion), ("Model 2.xcdatamodel", Self.secondVersion)], current: "Model 2.xcdatamodel")
        #expect(try Schema(modelAt: folder).model(named: "User")?.memberNames == ["email", "name"])
        let bad = try modelFolder([("Model.xcdatamodel", "<entity name=\"User\"><attribute name=\"x\" attributeType=\"Number\"/></entity>")], current: nil)
        #expect(throws: CompileError.self) { try Schema(modelAt: bad) }
        #expect(throws: SchemaLoader.LoadError.self) { try Schema(modelAt: folder + "/missing.xcdatamodel") }

        let database = try TemporaryDatabase("xcdatamodel-library")
        try database.create(try Fixtures.readExample("example.sql"))
        let people = Fixtures.packageRoot.appendingPathComponent("Examples/People.xcdatamodeld").path
        let opened = try SiftDatabase(path: database.path, modelFile: people)
        let query = try opened.compile(#"#Predicate<User> { $0.isActive && $0.company?.name == "Acme" }"#)
        let rows = try opened.fetch(query)
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0["isActive"] == .bool(true) })
    }

    // MARK: Folders and versions

    /// Writes `Model.xcdatamodeld` with one version per entry of `versions` (folder name → the
    /// entities of its `contents`) and, when given, a `.xccurrentversion` naming `current`.
    func modelFolder(_ versions: [(String, String)], current: String?) throws -> String {
        let folder = try temporaryFiles.directory("sift-xcdatamodel") + "/Model.xcdatamodeld"
        for (name, entities) in versions {
            let version = folder + "/" + name
            try FileManager.default.createDirectory(atPath: version, withIntermediateDirectories: true)
            try Self.contents(entities).write(toFile: version + "/contents", atomically: true, encoding: .utf8)
        }
        if let current {
            try """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>_XCCurrentVersionName</key>
            \t<string>\(current)</string>
            </dict>
            </plist>

            """.write(toFile: folder + "/.xccurrentversion", atomically: true, encoding: .utf8)
        }
        return folder
    }

    static let firstVersion = """
            <entity name="User" representedClassName="User" syncable="YES">
                <attribute name="name" attributeType="String"/>
            </entity>
        """
    static let secondVersion = """
            <entity name="User" representedClassName="User" syncable="YES">
                <attribute name="email" optional="YES" attributeType="String"/>
                <attribute name="name" attributeType="String"/>
            </entity>
        """

    @Test func theCurrentVersionIsTheOneXccurrentversionNames() throws {
        let folder = try modelFolder([("Model.xcdatamodel", Self.firstVersion), ("Model 2.xcdatamodel", Self.secondVersion)], current: "Model 2.xcdatamodel")
        let read = try SchemaLoader.readModel(folder)
        #expect(read.diagnostics.isEmpty)
        #expect(read.source.name == folder + "/Model 2.xcdatamodel/contents")
        #expect(read.schema.model(named: "User")?.memberNames == ["email", "name"])
        // The first version, named as its folder or as its `contents` file.
        for path in [folder + "/Model.xcdatamodel", folder + "/Model.xcdatamodel/contents"] {
            #expect(try SchemaLoader.readModel(path).schema.model(named: "User")?.memberNames == ["name"])
        }
        // `load` (what `--schema` and `sift schema` use) takes the folder too.
        #expect(try SchemaLoader.load(folder).schema.model(named: "User")?.memberNames == ["email", "name"])
    }

    @Test func withoutXccurrentversionTheVersionNamedLikeTheFolderIsRead() throws {
        let folder = try modelFolder([("Model.xcdatamodel", Self.firstVersion), ("Model 2.xcdatamodel", Self.secondVersion)], current: nil)
        #expect(try SchemaLoader.readModel(folder).schema.model(named: "User")?.memberNames == ["name"])
    }

    @Test func aVersionListNamingAMissingVersionIsAnError() throws {
        let folder = try modelFolder([("Model.xcdatamodel", Self.firstVersion)], current: "Model 3.xcdatamodel")
        #expect(throws: SchemaLoader.LoadError.self) { try SchemaLoader.readModel(folder) }
        do {
            _ = try SchemaLoader.readModel(folder)
        } catch {
            #expect("\(error)" == "'\(folder)/.xccurrentversion' names the current version 'Model 3.xcdatamodel', which '\(folder)' does not hold (it holds 'Model.xcdatamodel')")
        }
    }

    @Test func aMalformedVersionListIsADiagnosticInIt() throws {
        let folder = try modelFolder([("Model.xcdatamodel", Self.firstVersion)], current: nil)
        try "<plist><dict><key>_XCCurrentVersionName</key></dict></plist>".write(toFile: folder + "/.xccurrentversion", atomically: true, encoding: .utf8)
        let read = try SchemaLoader.readModel(folder)
        #expect(
            DiagnosticRenderer().render(read.diagnostics, in: read.source) == """
                \(folder)/.xccurrentversion:1:14: error: '_XCCurrentVersionName' needs a '<string>' value naming the current version, such as 'Model 2.xcdatamodel'
                <plist><dict><key>_XCCurrentVersionName</key></dict></plist>
                             ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

                """)
    }
}
