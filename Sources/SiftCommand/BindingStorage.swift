import Sift

/// How a tool must bind a placeholder of compiled SQL on its own connection: the name of the
/// storage the value must be encoded in, for the JSON report (README's table lists them).
///
/// The names of the column storages (``Storage``) are kept; the encodings that are not a column's
/// (text normalised to NFC or NFD, a prefix's upper bound, a count, a JSON array) get their own.
enum BindingStorage {
    /// The storage of a constant: the SQL type of its value, bound as it is.
    static func name(of value: SQLValue) -> String {
        switch value {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }

    /// The storage of a parameter of `type` bound with `encoding`: `storage`, and for a JSON array
    /// the storage of its elements.
    static func json(type: SiftType, encoding: ValueEncoding, schema: Schema) -> [(String, JSON)] {
        switch encoding {
        case .jsonArray(let elementEncoding):
            let element: SiftType = if case .array(let element) = type.unwrapped.kind { element } else { .error }
            return [("storage", .string("jsonArray")), ("element", .object(json(type: element, encoding: elementEncoding, schema: schema)))]
        default:
            return [("storage", .string(name(type: type, encoding: encoding, schema: schema)))]
        }
    }

    /// The name of a storage that is not a JSON array.
    static func name(type: SiftType, encoding: ValueEncoding, schema: Schema) -> String {
        switch encoding {
        case .date(let storage), .uuid(let storage): return storage.rawValue
        case .prefixUpperBound: return "nfcPrefixUpperBound"
        case .decomposed: return "nfdText"
        case .decomposedPrefixUpperBound: return "nfdPrefixUpperBound"
        case .plainPrefixUpperBound: return "nfcPlainPrefixUpperBound"
        case .count: return "count"
        case .jsonArray: return "jsonArray"
        case .timestampAtLeast: return "timestampAtLeast"
        case .timestampAtMost: return "timestampAtMost"
        case .verbatimText where type.unwrapped == .string: return Storage.text.rawValue  // as given, not normalised
        case .plain, .verbatimText: break
        }
        switch type.unwrapped.kind {
        case .bool, .integer: return Storage.integer.rawValue
        case .double, .float: return Storage.real.rawValue
        case .string: return "nfcText"
        case .url: return Storage.text.rawValue
        case .data: return Storage.blob.rawValue
        case .date: return Storage.dateReferenceSeconds.rawValue
        case .uuid: return Storage.uuidUppercaseText.rawValue
        case .enumeration(let name):
            guard let enumType = schema.enumType(named: name) else { return "rawValue" }
            return Storage.defaultStorage(for: enumType.rawType, modelStyle: .model).rawValue
        default: return "value"
        }
    }
}
