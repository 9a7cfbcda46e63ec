import Foundation
import SiftChecker
import SiftSchema

/// Checks that a value supplied from outside (an attribute value, a parameter) has a type, and
/// brings it to the form the evaluator relies on: an `Int` literal for a `Double` becomes a
/// double, a `Float` is rounded to `Float` precision, an enum raw value becomes its case.
enum ValueCoercion {
    /// The value in canonical form for `type`, or nil when it does not fit the type.
    static func coerce(_ value: Value, to type: SiftType, schema: Schema) -> Value? {
        switch type.kind {
        case .optional(let wrapped):
            switch value {
            case .null: return .null
            case .some(let inner):
                guard wrapped.isOptional, let coerced = coerce(inner, to: wrapped, schema: schema) else { return nil }
                return .some(coerced)
            default:
                guard let coerced = coerce(value, to: wrapped, schema: schema) else { return nil }
                return coerced.isNull || isSome(coerced) ? .some(coerced) : coerced
            }
        case .bool:
            if case .bool = value { return value }
        case .integer(let kind):
            if let integer = value.integerValue, fits(integer, kind) { return value }
        case .double:
            if case .double = value { return value }
            if let integer = value.integerValue { return .double(Double(integer)) }
        case .float:
            if case .double(let double) = value { return .double(Double(Float(double))) }
            if let integer = value.integerValue { return .double(Double(Float(integer))) }
        case .string:
            if case .string = value { return value }
        case .date:
            if case .date = value { return value }
        case .uuid:
            if case .uuid = value { return value }
            if case .string(let text) = value, let uuid = UUID(uuidString: text) { return .uuid(uuid) }
        case .data:
            if case .data = value { return value }
        case .url:
            if case .url = value { return value }
        case .enumeration(let typeName):
            guard let enumType = schema.enumType(named: typeName) else { return nil }
            let name = enumType.name
            switch value {
            case .enumCase(let enumValue) where enumValue.enumName == name:
                return enumType.case(withRawValue: enumValue.rawValue) == nil ? nil : value
            case .int(let raw):
                return enumType.case(withRawValue: .int(raw)).map { .enumCase(EnumValue(enumName: name, caseName: $0.name, rawValue: $0.rawValue)) }
            case .string(let raw):
                return enumType.case(withRawValue: .string(raw)).map { .enumCase(EnumValue(enumName: name, caseName: $0.name, rawValue: $0.rawValue)) }
            default: return nil
            }
        case .array(let element):
            switch value {
            case .array(let values):
                var coerced: [Value] = []
                coerced.reserveCapacity(values.count)
                for item in values {
                    guard let item = coerce(item, to: element, schema: schema) else { return nil }
                    coerced.append(item)
                }
                return .array(coerced)
            case .objects(let references):
                if case .model(let model) = element.kind {
                    let name = model.string  // looked up once, not per reference
                    if references.allSatisfy({ $0.model == name }) { return value }
                }
            default: break
            }
        case .model(let model):
            if case .object(let reference) = value, reference.model == model.string { return value }
        case .range(let bound, let closed):
            if case .range(let lower, let upper, closed) = value,
                let lower = coerce(lower, to: bound, schema: schema), let upper = coerce(upper, to: bound, schema: schema)
            {
                return .range(lower: lower, upper: upper, closed: closed)
            }
        case .comparisonResult:
            if case .comparisonResult(let raw) = value, (-1...1).contains(raw) { return value }
        case .nilLiteral:
            if case .null = value { return value }
        case .error:
            return nil
        }
        return nil
    }

    static func isSome(_ value: Value) -> Bool { if case .some = value { true } else { false } }

    /// Whether an integer is within the range of an integer type.
    static func fits(_ value: Int128, _ kind: IntegerKind) -> Bool {
        let width = kind.bitWidth
        if kind.isSigned {
            let limit = Int128(1) << (width - 1)
            return value >= -limit && value < limit
        }
        return value >= 0 && value < (Int128(1) << width)
    }
}
