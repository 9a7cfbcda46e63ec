import Foundation
import Sift

/// Decodes stored column values into evaluator values, following each attribute's ``Storage``.
///
/// Strict by design (the evaluator is an oracle; a value Swift could not decode must not be
/// silently changed): `NULL` only in optional attributes; `Bool` only 0 or 1; integers only as
/// INTEGER within the type's range; `Double`/`Float` as REAL or INTEGER; text only as TEXT;
/// enums only by an existing raw value; UUID text only in the storage's exact case
/// (`uuidString` or its lower-case form); ISO-8601 dates only as described in ``DatasetDateText``.
enum DatasetValueDecoder {
    struct Failure: Error {
        var reason: String
    }

    static func decode(_ stored: SQLValue, _ attribute: Attribute, schema: Schema) throws(Failure) -> Value {
        if case .null = stored {
            guard attribute.isOptional else { throw Failure(reason: "NULL in the non-optional attribute '\(attribute.name)'") }
            return .null
        }
        let expected = "\(attribute.typeDescription) stored as \(attribute.storage.rawValue)"
        func mismatch() -> Failure { Failure(reason: "a \(stored.storageClass) value cannot be decoded as \(expected)") }
        switch attribute.type {
        case .bool:
            guard case .integer(let value) = stored, value == 0 || value == 1 else {
                throw Failure(reason: "a Bool must be stored as the integer 0 or 1")
            }
            return .bool(value == 1)
        case .integer(let kind):
            guard case .integer(let value) = stored else { throw mismatch() }
            guard kind.contains(value) else { throw Failure(reason: "\(value) is out of the range of '\(kind.rawValue)'") }
            return .int(value)
        case .double, .float:
            let double: Double
            switch stored {
            case .real(let value): double = value
            case .integer(let value): double = Double(value)
            default: throw mismatch()
            }
            return .double(attribute.type == .float ? Double(Float(double)) : double)
        case .string:
            guard case .text(let value) = stored else { throw mismatch() }
            return .string(value)
        case .url:
            guard case .text(let value) = stored else { throw mismatch() }
            guard let url = URL(string: value) else { throw Failure(reason: "not a valid URL") }
            return .url(url)
        case .data:
            guard case .blob(let bytes) = stored else { throw mismatch() }
            return .data(Data(bytes))
        case .date:
            return .date(try date(stored, storage: attribute.storage, mismatch: mismatch()))
        case .uuid:
            return .uuid(try uuid(stored, storage: attribute.storage, mismatch: mismatch()))
        case .enumeration(let name):
            guard let enumType = schema.enumType(named: name) else { throw Failure(reason: "the schema has no enum '\(name)'") }
            let raw: EnumType.RawValue
            switch stored {
            case .integer(let value): raw = .int(value)
            case .text(let value): raw = .string(value)
            default: throw mismatch()
            }
            guard let found = enumType.case(withRawValue: raw) else {
                throw Failure(reason: "'\(name)' has no case with the raw value \(raw)")
            }
            return .enumCase(EnumValue(enumName: name, caseName: found.name, rawValue: found.rawValue))
        }
    }

    static func date(_ stored: SQLValue, storage: Storage, mismatch: Failure) throws(Failure) -> Date {
        switch storage {
        case .dateReferenceSeconds, .dateUnixSeconds:
            let seconds: Double
            switch stored {
            case .real(let value): seconds = value
            case .integer(let value): seconds = Double(value)
            default: throw mismatch
            }
            return storage == .dateReferenceSeconds
                ? Date(timeIntervalSinceReferenceDate: seconds) : Date(timeIntervalSince1970: seconds)
        case .dateISO8601:
            guard case .text(let text) = stored else { throw mismatch }
            guard let seconds = ISODateText.referenceSeconds(text) else {
                throw Failure(reason: "not a date in the form YYYY-MM-DD HH:MM:SS.SSS (UTC)")
            }
            return Date(timeIntervalSinceReferenceDate: seconds)
        default:
            throw Failure(reason: "a Date cannot use the storage \(storage.rawValue)")
        }
    }

    static func uuid(_ stored: SQLValue, storage: Storage, mismatch: Failure) throws(Failure) -> UUID {
        switch storage {
        case .uuidUppercaseText, .uuidLowercaseText:
            guard case .text(let text) = stored else { throw mismatch }
            guard let uuid = UUID(uuidString: text) else { throw Failure(reason: "not a UUID") }
            let canonical = storage == .uuidUppercaseText ? uuid.uuidString : uuid.uuidString.lowercased()
            guard canonical == text else {
                throw Failure(reason: "a UUID stored as \(storage.rawValue) must be written \(canonical)")
            }
            return uuid
        case .uuidBlob:
            guard case .blob(let bytes) = stored else { throw mismatch }
            guard bytes.count == 16 else { throw Failure(reason: "a UUID blob must have 16 bytes, not \(bytes.count)") }
            return UUID(uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        default:
            throw Failure(reason: "a UUID cannot use the storage \(storage.rawValue)")
        }
    }
}
