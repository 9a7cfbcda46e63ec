// Sized integers and Float, for literal overflow and numeric-kind mixing tests.
import SwiftData

@Model final class Sensor {
    var name: String
    var level: Int8
    var reading: Int16
    var flags: UInt8
    var count: Int
    var ratio: Float
    var payload: Data
    var link: URL?
}
