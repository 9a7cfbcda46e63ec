/// The object identifiers (OIDs) of PostgreSQL's built-in types, as `pg_type` and a result's
/// column types give them.
public enum PostgresType {
    /// `boolean`.
    public static let bool: UInt32 = 16
    /// `bytea`.
    public static let bytea: UInt32 = 17
    /// `name` (catalog identifiers).
    public static let name: UInt32 = 19
    /// `bigint`.
    public static let int8: UInt32 = 20
    /// `smallint`.
    public static let int2: UInt32 = 21
    /// `integer`.
    public static let int4: UInt32 = 23
    /// `text`.
    public static let text: UInt32 = 25
    /// `oid`.
    public static let oid: UInt32 = 26
    /// `json`.
    public static let json: UInt32 = 114
    /// `real`.
    public static let float4: UInt32 = 700
    /// `double precision`.
    public static let float8: UInt32 = 701
    /// an untyped literal.
    public static let unknown: UInt32 = 705
    /// `character(n)`.
    public static let bpchar: UInt32 = 1042
    /// `character varying(n)`.
    public static let varchar: UInt32 = 1043
    /// `date`.
    public static let date: UInt32 = 1082
    /// `timestamp without time zone`.
    public static let timestamp: UInt32 = 1114
    /// `timestamp with time zone`.
    public static let timestamptz: UInt32 = 1184
    /// `numeric`.
    public static let numeric: UInt32 = 1700
    /// `uuid`.
    public static let uuid: UInt32 = 2950
    /// `jsonb`.
    public static let jsonb: UInt32 = 3802
}
