import SiftSchema

/// Sift's functions for PostgreSQL: the schema `sift` that SQL in ``PostgreSQLDialect`` calls
/// where PostgreSQL has no exact built-in form (grapheme-aware `contains`, Foundation's localized
/// operations, `Double` operations that must not raise).
///
/// The script is `SQL/postgresql-functions.sql` of the repository, word for word (a test keeps
/// them the same). Installing it needs the right to create a schema; it can be run again.
public enum PostgreSQLFunctions {
    /// The schema the functions are installed in.
    public static let schema = "sift"

    /// The functions' name in the schema, as SQL writes a call of `function`.
    public static func qualifiedName(of function: SiftFunction) -> String { schema + "." + function.rawValue }

    /// The functions a PostgreSQL statement of Sift's calls (`sift.contains`, ...), each once, in
    /// order of first call: what must be installed for it to run.
    public static func calledFunctions(in sql: String) -> [String] {
        var names: [String] = []
        var rest = Substring(sql)
        let prefix = schema + "."
        while let range = rest.range(of: prefix) {
            let start = range.lowerBound
            let nameEnd = rest[range.upperBound...].firstIndex { !($0.isLetter || $0 == "_" || $0.isNumber) } ?? rest.endIndex
            let precededByWord = start > rest.startIndex && {
                let before = rest[rest.index(before: start)]
                return before.isLetter || before.isNumber || before == "_" || before == "\"" || before == "."
            }()
            let name = String(rest[start..<nameEnd])
            if !precededByWord, nameEnd < rest.endIndex, rest[nameEnd] == "(", !names.contains(name) { names.append(name) }
            rest = rest[nameEnd...]
        }
        return names
    }

    /// The SQL that installs the functions (and the collations `sift.localized` and
    /// `sift.localized_standard`): run it once per database, as `sift install-functions URI` does.
    public static let installScript = #"""
-- Sift's functions for PostgreSQL 15 and later (UTF8 database, ICU collations built in).
--
-- Installed by `sift install-functions URI`, or by `psql -f` of this file: the schema `sift`
-- with the functions Sift's PostgreSQL SQL calls where PostgreSQL has no exact built-in form.
-- Every function is IMMUTABLE and returns NULL on NULL input (STRICT), and none raises an error
-- where Swift gives an answer: where Swift traps, the answer is NULL (Sift's rule: a row whose
-- predicate traps is not selected). docs/POSTGRESQL.md says where they differ from Foundation.
-- Running this file again replaces the functions.

CREATE SCHEMA IF NOT EXISTS sift;

-- Grapheme clusters (Unicode's extended grapheme clusters, UAX #29), as Swift's `Character`.
-- PostgreSQL has no Unicode property tables: the classes below list the ranges of the marks
-- (Extend, SpacingMark), Hangul jamo, regional indicators and pictographs of Unicode 15 that
-- matter for the rules GB3 to GB13; a mark outside them is taken for a character of its own.
-- For the Indic conjunct rule GB9c the marks are told apart by their Indic_Conjunct_Break, as
-- Swift 6.3's `Character` has it: 'Linker' (InCB=Linker: the viramas of Devanagari, Bengali,
-- Gujarati, Oriya, Telugu and Malayalam), 'Extend' (InCB=Extend, as ZWJ) and 'Mark' (a mark
-- that joins the character before it but is not InCB=Extend: spacing marks, ZWNJ); 'Consonant'
-- is InCB=Consonant (those six scripts' consonants, and the other scripts' that Swift lists).
CREATE OR REPLACE FUNCTION sift.cluster_class(c integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT CASE
    WHEN c = 13 THEN 'CR'
    WHEN c = 10 THEN 'LF'
    WHEN c < 32 OR c BETWEEN 127 AND 159 OR c IN (8232, 8233) THEN 'Control'
    WHEN c = 8205 THEN 'ZWJ'
    WHEN c BETWEEN 4352 AND 4447 OR c BETWEEN 43360 AND 43388 THEN 'L'
    WHEN c BETWEEN 4448 AND 4519 OR c BETWEEN 55216 AND 55238 THEN 'V'
    WHEN c BETWEEN 4520 AND 4607 OR c BETWEEN 55243 AND 55291 THEN 'T'
    WHEN c BETWEEN 44032 AND 55203 THEN CASE WHEN (c - 44032) % 28 = 0 THEN 'LV' ELSE 'LVT' END
    WHEN c BETWEEN 127462 AND 127487 THEN 'RI'
    WHEN c BETWEEN 127995 AND 127999 THEN 'Extend'
    WHEN c BETWEEN 768 AND 879 OR c BETWEEN 1155 AND 1161 OR c BETWEEN 1425 AND 1469 OR c IN (1471, 1473, 1474, 1476, 1477, 1479)
        OR c BETWEEN 1552 AND 1562 OR c BETWEEN 1611 AND 1631 OR c = 1648 OR c BETWEEN 1750 AND 1756 OR c BETWEEN 1759 AND 1764
        OR c BETWEEN 1767 AND 1768 OR c BETWEEN 1770 AND 1773 OR c = 1809 OR c BETWEEN 1840 AND 1866 OR c BETWEEN 1958 AND 1968
        OR c BETWEEN 2027 AND 2035 OR c BETWEEN 2070 AND 2093 OR c BETWEEN 2137 AND 2139 OR c BETWEEN 2200 AND 2207
        OR c BETWEEN 2250 AND 2273 OR c BETWEEN 2275 AND 2307 OR c BETWEEN 2362 AND 2364 OR c BETWEEN 2366 AND 2383
        OR c BETWEEN 2385 AND 2391 OR c BETWEEN 2402 AND 2403 OR c BETWEEN 2433 AND 2435 OR c = 2492 OR c BETWEEN 2494 AND 2509
        OR c = 2519 OR c BETWEEN 2530 AND 2531 OR c = 2558 OR c BETWEEN 2561 AND 2563 OR c BETWEEN 2620 AND 2641
        OR c BETWEEN 2672 AND 2673 OR c = 2677 OR c BETWEEN 2689 AND 2691 OR c BETWEEN 2748 AND 2765 OR c BETWEEN 2786 AND 2787
        OR c BETWEEN 2810 AND 2815 OR c BETWEEN 2817 AND 2819 OR c BETWEEN 2876 AND 2903 OR c BETWEEN 2914 AND 2915 OR c = 2946
        OR c BETWEEN 3006 AND 3021 OR c = 3031 OR c BETWEEN 3072 AND 3076 OR c = 3132 OR c BETWEEN 3134 AND 3158
        OR c BETWEEN 3170 AND 3171 OR c BETWEEN 3201 AND 3203 OR c BETWEEN 3260 AND 3286 OR c BETWEEN 3298 AND 3299
        OR c BETWEEN 3328 AND 3331 OR c BETWEEN 3387 AND 3388 OR c BETWEEN 3390 AND 3405 OR c = 3415 OR c BETWEEN 3426 AND 3427
        OR c BETWEEN 3457 AND 3459 OR c BETWEEN 3530 AND 3551 OR c BETWEEN 3570 AND 3571 OR c = 3633 OR c BETWEEN 3636 AND 3642
        OR c BETWEEN 3655 AND 3662 OR c = 3761 OR c BETWEEN 3764 AND 3772 OR c BETWEEN 3784 AND 3790 OR c BETWEEN 3864 AND 3865
        OR c IN (3893, 3895, 3897) OR c BETWEEN 3902 AND 3903 OR c BETWEEN 3953 AND 3972 OR c BETWEEN 3974 AND 3975
        OR c BETWEEN 3981 AND 4028 OR c = 4038 OR c BETWEEN 4139 AND 4158 OR c BETWEEN 4182 AND 4185 OR c BETWEEN 4190 AND 4192
        OR c BETWEEN 4194 AND 4196 OR c BETWEEN 4199 AND 4205 OR c BETWEEN 4209 AND 4212 OR c BETWEEN 4226 AND 4237 OR c = 4239
        OR c BETWEEN 4250 AND 4253 OR c BETWEEN 4957 AND 4959 OR c BETWEEN 5906 AND 5909 OR c BETWEEN 5938 AND 5940
        OR c BETWEEN 5970 AND 5971 OR c BETWEEN 6002 AND 6003 OR c BETWEEN 6068 AND 6099 OR c = 6109 OR c BETWEEN 6155 AND 6157
        OR c = 6159 OR c BETWEEN 6277 AND 6278 OR c = 6313 OR c BETWEEN 6432 AND 6459 OR c BETWEEN 6679 AND 6683
        OR c BETWEEN 6741 AND 6783 OR c BETWEEN 6832 AND 6862 OR c BETWEEN 6912 AND 6916 OR c BETWEEN 6964 AND 6980
        OR c BETWEEN 7019 AND 7027 OR c BETWEEN 7040 AND 7042 OR c BETWEEN 7073 AND 7085 OR c BETWEEN 7142 AND 7155
        OR c BETWEEN 7204 AND 7223 OR c BETWEEN 7376 AND 7378 OR c BETWEEN 7380 AND 7400 OR c = 7405 OR c = 7412
        OR c BETWEEN 7415 AND 7417 OR c BETWEEN 7616 AND 7679 OR c = 8204 OR c BETWEEN 8400 AND 8432 OR c BETWEEN 11503 AND 11505
        OR c = 11647 OR c BETWEEN 11744 AND 11775 OR c BETWEEN 12330 AND 12335 OR c BETWEEN 12441 AND 12442
        OR c BETWEEN 42607 AND 42610 OR c BETWEEN 42612 AND 42621 OR c BETWEEN 42654 AND 42655 OR c BETWEEN 42736 AND 42737
        OR c IN (43010, 43014, 43019) OR c BETWEEN 43043 AND 43047 OR c = 43052 OR c BETWEEN 43136 AND 43137
        OR c BETWEEN 43188 AND 43205 OR c BETWEEN 43232 AND 43249 OR c = 43263 OR c BETWEEN 43302 AND 43309
        OR c BETWEEN 43335 AND 43347 OR c BETWEEN 43392 AND 43395 OR c BETWEEN 43443 AND 43456 OR c = 43493
        OR c BETWEEN 43561 AND 43574 OR c = 43587 OR c BETWEEN 43596 AND 43597 OR c BETWEEN 43643 AND 43645 OR c = 43696
        OR c BETWEEN 43698 AND 43700 OR c BETWEEN 43703 AND 43704 OR c BETWEEN 43710 AND 43711 OR c = 43713
        OR c BETWEEN 43755 AND 43759 OR c BETWEEN 43765 AND 43766 OR c BETWEEN 44003 AND 44010 OR c BETWEEN 44012 AND 44013
        OR c = 64286 OR c BETWEEN 65024 AND 65039 OR c BETWEEN 65056 AND 65071 OR c BETWEEN 65438 AND 65439
        OR c BETWEEN 66045 AND 66045 OR c BETWEEN 68097 AND 68111 OR c BETWEEN 68152 AND 68159 OR c BETWEEN 69632 AND 69634
        OR c BETWEEN 69688 AND 69702 OR c BETWEEN 69759 AND 69762 OR c BETWEEN 69808 AND 69818 OR c BETWEEN 119141 AND 119145
        OR c BETWEEN 119149 AND 119170 OR c BETWEEN 119173 AND 119179 OR c BETWEEN 119210 AND 119213 OR c BETWEEN 917536 AND 917631
        OR c BETWEEN 917760 AND 917999 THEN CASE
        WHEN c IN (2381, 2509, 2765, 2893, 3149, 3405) THEN 'Linker'
        WHEN c BETWEEN 2074 AND 119162 AND (
            c IN (2074, 2084, 2088, 2307, 2363) OR c BETWEEN 2366 AND 2368 OR c BETWEEN 2377 AND 2380
            OR c BETWEEN 2382 AND 2383 OR c BETWEEN 2434 AND 2435 OR c BETWEEN 2495 AND 2496 OR c BETWEEN 2501 AND 2508
            OR c = 2563 OR c BETWEEN 2621 AND 2624 OR c BETWEEN 2627 AND 2630 OR c BETWEEN 2633 AND 2634
            OR c BETWEEN 2638 AND 2640 OR c = 2691 OR c BETWEEN 2749 AND 2752 OR c = 2758 OR c BETWEEN 2761 AND 2764
            OR c BETWEEN 2818 AND 2819 OR c IN (2877, 2880) OR c BETWEEN 2885 AND 2892 OR c BETWEEN 2894 AND 2900
            OR c = 3007 OR c BETWEEN 3009 AND 3020 OR c BETWEEN 3073 AND 3075 OR c BETWEEN 3137 AND 3141 OR c = 3145
            OR c BETWEEN 3150 AND 3156 OR c BETWEEN 3202 AND 3203 OR c BETWEEN 3261 AND 3262 OR c = 3265
            OR c BETWEEN 3267 AND 3269 OR c = 3273 OR c BETWEEN 3278 AND 3284 OR c BETWEEN 3330 AND 3331
            OR c BETWEEN 3391 AND 3392 OR c BETWEEN 3397 AND 3404 OR c BETWEEN 3458 AND 3459 OR c BETWEEN 3531 AND 3534
            OR c BETWEEN 3536 AND 3537 OR c = 3541 OR c BETWEEN 3543 AND 3550 OR c BETWEEN 3570 AND 3571
            OR c BETWEEN 3902 AND 3903 OR c IN (3967, 3992) OR c BETWEEN 4139 AND 4140 OR c IN (4145, 4152)
            OR c BETWEEN 4155 AND 4156 OR c BETWEEN 4182 AND 4183 OR c BETWEEN 4194 AND 4196 OR c BETWEEN 4199 AND 4205
            OR c BETWEEN 4227 AND 4228 OR c BETWEEN 4231 AND 4236 OR c = 4239 OR c BETWEEN 4250 AND 4252 OR c = 6070
            OR c BETWEEN 6078 AND 6085 OR c BETWEEN 6087 AND 6088 OR c BETWEEN 6435 AND 6438 OR c BETWEEN 6441 AND 6449
            OR c BETWEEN 6451 AND 6456 OR c BETWEEN 6681 AND 6682 OR c IN (6741, 6743, 6751, 6753)
            OR c BETWEEN 6755 AND 6756 OR c BETWEEN 6765 AND 6770 OR c BETWEEN 6781 AND 6782 OR c = 6916
            OR c BETWEEN 6974 AND 6977 OR c IN (7042, 7073) OR c BETWEEN 7078 AND 7079 OR c = 7143
            OR c BETWEEN 7146 AND 7148 OR c = 7150 OR c BETWEEN 7204 AND 7211 OR c BETWEEN 7220 AND 7221
            OR c IN (7393, 7415, 8204) OR c BETWEEN 43043 AND 43044 OR c = 43047 OR c BETWEEN 43136 AND 43137
            OR c BETWEEN 43188 AND 43203 OR c IN (43346, 43395) OR c BETWEEN 43444 AND 43445
            OR c BETWEEN 43450 AND 43451 OR c BETWEEN 43454 AND 43455 OR c BETWEEN 43567 AND 43568
            OR c BETWEEN 43571 AND 43572 OR c IN (43597, 43643, 43645, 43755) OR c BETWEEN 43758 AND 43759 OR c = 43765
            OR c BETWEEN 44003 AND 44004 OR c BETWEEN 44006 AND 44007 OR c BETWEEN 44009 AND 44010
            OR c IN (44012, 68100) OR c BETWEEN 68103 AND 68107 OR c BETWEEN 68155 AND 68158
            OR c IN (69632, 69634, 69762) OR c BETWEEN 69808 AND 69810 OR c BETWEEN 69815 AND 69816
            OR c BETWEEN 119155 AND 119162) THEN 'Mark'
        ELSE 'Extend'
    END
    WHEN c BETWEEN 126976 AND 129791 OR c BETWEEN 9728 AND 10175 OR c BETWEEN 8986 AND 9215 OR c IN (169, 174, 8252, 8265, 8482, 8505)
        THEN 'Pictographic'
    WHEN c BETWEEN 2325 AND 73523 AND (
        c BETWEEN 2325 AND 2361 OR c BETWEEN 2392 AND 2399 OR c BETWEEN 2424 AND 2431 OR c BETWEEN 2453 AND 2472
        OR c BETWEEN 2474 AND 2480 OR c = 2482 OR c BETWEEN 2486 AND 2489 OR c BETWEEN 2524 AND 2525 OR c = 2527
        OR c BETWEEN 2544 AND 2545 OR c BETWEEN 2709 AND 2728 OR c BETWEEN 2730 AND 2736 OR c BETWEEN 2738 AND 2739
        OR c BETWEEN 2741 AND 2745 OR c = 2809 OR c BETWEEN 2837 AND 2856 OR c BETWEEN 2858 AND 2864
        OR c BETWEEN 2866 AND 2867 OR c BETWEEN 2869 AND 2873 OR c BETWEEN 2908 AND 2909 OR c IN (2911, 2929)
        OR c BETWEEN 3093 AND 3112 OR c BETWEEN 3114 AND 3129 OR c BETWEEN 3160 AND 3162 OR c BETWEEN 3349 AND 3386
        OR c BETWEEN 4096 AND 4138 OR c = 4159 OR c BETWEEN 4176 AND 4181 OR c BETWEEN 4186 AND 4189 OR c = 4193
        OR c BETWEEN 4197 AND 4198 OR c BETWEEN 4206 AND 4208 OR c BETWEEN 4213 AND 4225 OR c = 4238
        OR c BETWEEN 6016 AND 6067 OR c BETWEEN 6688 AND 6740 OR c BETWEEN 6923 AND 6924 OR c BETWEEN 6931 AND 6963
        OR c BETWEEN 6981 AND 6988 OR c BETWEEN 7043 AND 7072 OR c BETWEEN 7086 AND 7087 OR c BETWEEN 7099 AND 7101
        OR c BETWEEN 43401 AND 43403 OR c BETWEEN 43407 AND 43442 OR c BETWEEN 43488 AND 43492
        OR c BETWEEN 43495 AND 43503 OR c BETWEEN 43514 AND 43518 OR c BETWEEN 43616 AND 43631
        OR c BETWEEN 43633 AND 43635 OR c = 43642 OR c BETWEEN 43646 AND 43647 OR c BETWEEN 43744 AND 43754
        OR c BETWEEN 43968 AND 43994 OR c = 68096 OR c BETWEEN 68112 AND 68115 OR c BETWEEN 68117 AND 68119
        OR c BETWEEN 68121 AND 68149 OR c BETWEEN 69891 AND 69926 OR c IN (69956, 69959) OR c BETWEEN 70528 AND 70537
        OR c IN (70539, 70542) OR c BETWEEN 70544 AND 70581 OR c BETWEEN 71936 AND 71942 OR c = 71945
        OR c BETWEEN 71948 AND 71955 OR c BETWEEN 71957 AND 71958 OR c BETWEEN 71960 AND 71983 OR c = 72192
        OR c BETWEEN 72203 AND 72242 OR c = 72272 OR c BETWEEN 72284 AND 72323 OR c BETWEEN 73476 AND 73488
        OR c BETWEEN 73490 AND 73523) THEN 'Consonant'
    ELSE 'Other'
END
$$;

-- The 1-based positions (in code points) where the clusters of `t` start, and its length + 1.
CREATE OR REPLACE FUNCTION sift.cluster_starts(t text) RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    starts integer[] := ARRAY[1];
    n integer := length(t);
    previous text;
    current text;
    regional integer := 0;    -- regional indicators in a row before this one
    pictographic boolean := false;  -- an Extended_Pictographic Extend* run ends before this one
    conjunct integer := 0;    -- 1: an InCB Consonant Extend* run ends before this one; 2: a Linker is in it
    i integer;
BEGIN
    IF n = 0 THEN RETURN ARRAY[1]; END IF;
    previous := sift.cluster_class(ascii(substr(t, 1, 1)));
    IF previous = 'RI' THEN regional := 1; END IF;
    pictographic := previous = 'Pictographic';
    IF previous = 'Consonant' THEN conjunct := 1; END IF;
    FOR i IN 2..n LOOP
        current := sift.cluster_class(ascii(substr(t, i, 1)));
        IF NOT (
            (previous = 'CR' AND current = 'LF')                                              -- GB3
            OR (previous NOT IN ('CR', 'LF', 'Control') AND current NOT IN ('CR', 'LF', 'Control') AND (
                (previous = 'L' AND current IN ('L', 'V', 'LV', 'LVT'))                          -- GB6
                OR (previous IN ('LV', 'V') AND current IN ('V', 'T'))                            -- GB7
                OR (previous IN ('LVT', 'T') AND current = 'T')                                   -- GB8
                OR current IN ('Extend', 'ZWJ', 'Linker', 'Mark')                                 -- GB9, GB9a
                OR (current = 'Consonant' AND conjunct = 2)                                       -- GB9c
                OR (previous = 'ZWJ' AND current = 'Pictographic' AND pictographic)               -- GB11
                OR (previous = 'RI' AND current = 'RI' AND regional % 2 = 1)))                    -- GB12, GB13
        ) THEN
            starts := starts || i;
        END IF;
        IF current = 'RI' THEN regional := regional + 1; ELSE regional := 0; END IF;
        IF current = 'Pictographic' THEN pictographic := true;
        ELSIF current NOT IN ('Extend', 'ZWJ', 'Linker', 'Mark') THEN pictographic := false; END IF;
        IF current = 'Consonant' THEN conjunct := 1;
        ELSIF current = 'Linker' AND conjunct > 0 THEN conjunct := 2;
        ELSIF current NOT IN ('Extend', 'ZWJ') THEN conjunct := 0; END IF;
        previous := current;
    END LOOP;
    RETURN starts || (n + 1);
END
$$;

-- Swift's `String.count`: the number of characters.
CREATE OR REPLACE FUNCTION sift.length(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT cardinality(sift.cluster_starts(t)) - 1 $$;

-- Whether a needle of `needle_length` code points found at `at` (1-based) in a text whose clusters
-- start at `starts` is whole characters.
CREATE OR REPLACE FUNCTION sift.found_at(starts integer[], at integer, needle_length integer) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT at = ANY (starts) AND (at + needle_length) = ANY (starts)
$$;

-- Whether a cluster surely starts at code point `i` (1-based) of `t` without computing its clusters:
-- at either end, or before a code point below U+0300 (CR, LF, a control, a pictograph or another
-- character: no mark, jamo, regional indicator nor joiner) that follows neither CR nor a ZWJ
-- (GB3, GB11). False means "not known": `cluster_starts` answers then. Not STRICT, so that the
-- planner inlines it into the calling expression (NULL in, NULL out all the same).
CREATE OR REPLACE FUNCTION sift.plain_boundary(t text, i integer) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT i <= 1 OR i > length(t) OR (ascii(substr(t, i, 1)) < 768 AND ascii(substr(t, i - 1, 1)) NOT IN (13, 8205))
$$;

-- Whether every match of `needle` found in a text is whole characters as soon as the code point
-- after it is below U+0300 or the text ends there, whatever comes before it: its first code point
-- starts a cluster wherever it stands (below U+0300, and neither LF, which a CR before it joins,
-- nor © or ®, pictographs a ZWJ before them may join: GB3, GB11), and its last one joins no such
-- code point after it (neither CR nor a ZWJ). The code points themselves are compared, so no form
-- is needed: a match of the same code points ending at a cluster boundary is the same characters.
-- True for "". Not STRICT, so that it is inlined (NULL in, NULL out all the same).
CREATE OR REPLACE FUNCTION sift.plain_edges(needle text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT ascii(needle) < 768 AND ascii(needle) NOT IN (10, 169, 174) AND ascii(right(needle, 1)) NOT IN (13, 8205)
$$;

-- Swift's `contains` of a string, every occurrence's boundaries computed (`sift.contains` below).
-- The three `..._by_clusters` functions are declared as cheap as an operator (COST 1), though a call
-- takes about 10 µs: they run only where the inlined test of `sift.contains`, `has_prefix` or
-- `has_suffix` cannot decide, but the planner charges every branch of a CASE to every row, and at
-- the default cost (100) it would avoid plans that test many rows, such as a hash semi-join, for
-- plans that test fewer rows but each at a higher cost (a nested loop over a relationship's links).
CREATE OR REPLACE FUNCTION sift.contains_by_clusters(haystack text, needle text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1 AS $$
DECLARE
    h text := normalize(haystack, NFC);
    n text := normalize(needle, NFC);
    starts integer[];
    offset_ integer := 0;
    found integer;
BEGIN
    IF n = '' THEN RETURN true; END IF;
    found := strpos(h, n);
    IF found = 0 THEN RETURN false; END IF;
    LOOP
        IF sift.plain_boundary(h, offset_ + found) AND sift.plain_boundary(h, offset_ + found + length(n)) THEN
            RETURN true;
        END IF;
        IF starts IS NULL THEN starts := sift.cluster_starts(h); END IF;
        IF sift.found_at(starts, offset_ + found, length(n)) THEN RETURN true; END IF;
        offset_ := offset_ + found;
        found := strpos(substr(h, offset_ + 1), n);
        IF found = 0 THEN RETURN false; END IF;
    END LOOP;
END
$$;

-- Swift's `hasPrefix`, the boundary computed (`sift.has_prefix` below).
CREATE OR REPLACE FUNCTION sift.has_prefix_by_clusters(haystack text, prefix text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1 AS $$
DECLARE
    h text := normalize(haystack, NFC);
    p text := normalize(prefix, NFC);
BEGIN
    IF p = '' THEN RETURN true; END IF;
    IF NOT starts_with(h, p) THEN RETURN false; END IF;
    RETURN sift.plain_boundary(h, length(p) + 1) OR sift.found_at(sift.cluster_starts(h), 1, length(p));
END
$$;

-- Swift's `hasSuffix`, the boundary computed (`sift.has_suffix` below).
CREATE OR REPLACE FUNCTION sift.has_suffix_by_clusters(haystack text, suffix text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1 AS $$
DECLARE
    h text := normalize(haystack, NFC);
    s text := normalize(suffix, NFC);
BEGIN
    IF s = '' THEN RETURN true; END IF;
    IF right(h, length(s)) <> s THEN RETURN false; END IF;
    RETURN sift.plain_boundary(h, length(h) - length(s) + 1)
        OR sift.found_at(sift.cluster_starts(h), length(h) - length(s) + 1, length(s));
END
$$;

-- Swift's `contains` of a string (by characters, with canonical equivalence; "" is found),
-- `hasPrefix` and `hasSuffix`. Each answers at once, in an expression the planner inlines into the
-- query (no call per row), where the match's boundaries are plain: for `contains` and `hasPrefix`,
-- the first match of the code points followed by a code point below U+0300 or by the end
-- (`plain_edges` above: no cluster computed, no form tested), for `hasSuffix` both texts NFC
-- and `plain_boundary`; otherwise the function `..._by_clusters` computes the clusters. NULL in,
-- NULL out.
CREATE OR REPLACE FUNCTION sift.contains(haystack text, needle text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT CASE
    WHEN strpos(haystack, needle) > 0 AND sift.plain_edges(needle)
        AND substr(haystack, strpos(haystack, needle) + length(needle), 1) COLLATE "C" < chr(768) THEN true
    ELSE sift.contains_by_clusters(haystack, needle)
END
$$;

CREATE OR REPLACE FUNCTION sift.has_prefix(haystack text, prefix text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT CASE
    WHEN starts_with(haystack, prefix) AND ascii(right(prefix, 1)) NOT IN (13, 8205)
        AND substr(haystack, length(prefix) + 1, 1) COLLATE "C" < chr(768) THEN true
    ELSE sift.has_prefix_by_clusters(haystack, prefix)
END
$$;

CREATE OR REPLACE FUNCTION sift.has_suffix(haystack text, suffix text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT CASE
    WHEN right(haystack, length(suffix)) = suffix AND haystack IS NFC NORMALIZED AND suffix IS NFC NORMALIZED
        AND sift.plain_boundary(haystack, length(haystack) - length(suffix) + 1) THEN true
    ELSE sift.has_suffix_by_clusters(haystack, suffix)
END
$$;

-- Case folded as Swift's `lowercased()` / `uppercased()`: Unicode's full case mappings (ICU's root
-- locale; ß upper-cases to SS, İ lower-cases to i and U+0307).
CREATE OR REPLACE FUNCTION sift.lower(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT lower(t COLLATE "und-x-icu") $$;

CREATE OR REPLACE FUNCTION sift.upper(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT upper(t COLLATE "und-x-icu") $$;

-- Text without case or diacritics, for Foundation's case- and diacritic-insensitive operations:
-- decomposed, combining marks removed, upper- then lower-cased (ß to ss), in NFC.
CREATE OR REPLACE FUNCTION sift.fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT normalize(lower(upper(regexp_replace(normalize(t, NFD), '[\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F]', '', 'g')
    COLLATE "und-x-icu")), NFC)
$$;

-- Foundation's `localizedStandardContains`: case- and diacritic-insensitive; "" is not found.
CREATE OR REPLACE FUNCTION sift.localized_standard_contains(haystack text, needle text) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT needle <> '' AND strpos(sift.fold(haystack), sift.fold(needle)) > 0
$$;

-- `caseInsensitiveCompare` as -1, 0 or 1 (a `ComparisonResult`): Foundation compares the case-folded
-- texts decomposed (NFD), code point by code point.
CREATE OR REPLACE FUNCTION sift.case_insensitive_compare(a text, b text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT CASE WHEN x < y THEN -1 WHEN x = y THEN 0 ELSE 1 END
FROM (SELECT normalize(lower(upper(a COLLATE "und-x-icu")), NFD) COLLATE "C" AS x,
             normalize(lower(upper(b COLLATE "und-x-icu")), NFD) COLLATE "C" AS y) AS folded
$$;

DO $$ BEGIN
    CREATE COLLATION sift.localized (provider = icu, locale = 'und');
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
DO $$ BEGIN
    CREATE COLLATION sift.localized_standard (provider = icu, locale = 'und-u-kn-true');
EXCEPTION WHEN duplicate_object THEN NULL; END $$;

CREATE OR REPLACE FUNCTION sift.localized_compare(a text, b text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT CASE WHEN x < y THEN -1 WHEN x = y THEN 0 ELSE 1 END
FROM (SELECT normalize(a, NFC) COLLATE sift.localized AS x, normalize(b, NFC) COLLATE sift.localized AS y) AS texts
$$;

CREATE OR REPLACE FUNCTION sift.localized_case_insensitive_compare(a text, b text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT CASE WHEN x < y THEN -1 WHEN x = y THEN 0 ELSE 1 END
FROM (SELECT lower(upper(normalize(a, NFC) COLLATE "und-x-icu")) COLLATE sift.localized AS x,
             lower(upper(normalize(b, NFC) COLLATE "und-x-icu")) COLLATE sift.localized AS y) AS folded
$$;

CREATE OR REPLACE FUNCTION sift.localized_standard_compare(a text, b text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT CASE WHEN x < y THEN -1 WHEN x = y THEN 0 ELSE 1 END
FROM (SELECT normalize(a, NFC) COLLATE sift.localized_standard AS x, normalize(b, NFC) COLLATE sift.localized_standard AS y) AS texts
$$;

-- `Double` arithmetic as IEEE 754: an infinity or a zero where PostgreSQL's operators raise an
-- overflow or underflow error, and infinity (or NaN for 0 / 0) for a division by zero.
CREATE OR REPLACE FUNCTION sift.fadd(a float8, b float8) RETURNS float8
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    RETURN a + b;
EXCEPTION WHEN numeric_value_out_of_range THEN
    RETURN CASE WHEN a > 0 THEN 'Infinity'::float8 ELSE '-Infinity'::float8 END;
END
$$;

CREATE OR REPLACE FUNCTION sift.fsub(a float8, b float8) RETURNS float8
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    RETURN a - b;
EXCEPTION WHEN numeric_value_out_of_range THEN
    RETURN CASE WHEN a > 0 THEN 'Infinity'::float8 ELSE '-Infinity'::float8 END;
END
$$;

CREATE OR REPLACE FUNCTION sift.fmul(a float8, b float8) RETURNS float8
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    RETURN a * b;
EXCEPTION WHEN numeric_value_out_of_range THEN
    -- Overflow: an infinity; underflow: a zero; with the sign of the product.
    IF abs(a) >= 1 OR abs(b) >= 1 THEN
        RETURN CASE WHEN (a > 0) = (b > 0) THEN 'Infinity'::float8 ELSE '-Infinity'::float8 END;
    END IF;
    RETURN CASE WHEN (a > 0) = (b > 0) THEN 0::float8 ELSE '-0'::float8 END;
END
$$;

CREATE OR REPLACE FUNCTION sift.fdiv(a float8, b float8) RETURNS float8
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    IF a = 'NaN'::float8 OR b = 'NaN'::float8 THEN RETURN 'NaN'::float8; END IF;
    IF b = 0 THEN
        IF a = 0 THEN RETURN 'NaN'::float8; END IF;
        RETURN CASE WHEN (a < 0) <> (text(b) = '-0') THEN '-Infinity'::float8 ELSE 'Infinity'::float8 END;
    END IF;
    RETURN a / b;
EXCEPTION WHEN numeric_value_out_of_range THEN
    IF abs(a) >= abs(b) THEN
        RETURN CASE WHEN (a < 0) <> (b < 0) THEN '-Infinity'::float8 ELSE 'Infinity'::float8 END;
    END IF;
    RETURN CASE WHEN (a < 0) <> (b < 0) THEN '-0'::float8 ELSE 0::float8 END;
END
$$;

-- `Float(x)`: a `Double` rounded to single precision, an infinity beyond its range and a zero
-- below it (PostgreSQL's cast raises for both).
CREATE OR REPLACE FUNCTION sift.to_float(x float8) RETURNS float8
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    RETURN CAST(CAST(x AS float4) AS float8);
EXCEPTION WHEN numeric_value_out_of_range THEN
    IF abs(x) >= 1 THEN RETURN CASE WHEN x > 0 THEN 'Infinity'::float8 ELSE '-Infinity'::float8 END; END IF;
    RETURN CASE WHEN x > 0 THEN 0::float8 ELSE '-0'::float8 END;
END
$$;

-- `[a, b, ...].max()` / `.min()` of `Double`s as Swift computes them: the first element, replaced
-- by each later one it is `<` (max) or that is `<` it (min); a NaN is never `<` anything.
CREATE OR REPLACE FUNCTION sift.fmax(VARIADIC xs float8[]) RETURNS float8
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE result float8 := xs[1]; x float8;
BEGIN
    IF array_position(xs, NULL) IS NOT NULL THEN RETURN NULL; END IF;
    FOREACH x IN ARRAY xs[2:] LOOP
        IF result <> 'NaN'::float8 AND x <> 'NaN'::float8 AND result < x THEN result := x; END IF;
    END LOOP;
    RETURN result;
END
$$;

CREATE OR REPLACE FUNCTION sift.fmin(VARIADIC xs float8[]) RETURNS float8
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE result float8 := xs[1]; x float8;
BEGIN
    IF array_position(xs, NULL) IS NOT NULL THEN RETURN NULL; END IF;
    FOREACH x IN ARRAY xs[2:] LOOP
        IF result <> 'NaN'::float8 AND x <> 'NaN'::float8 AND x < result THEN result := x; END IF;
    END LOOP;
    RETURN result;
END
$$;

-- Seconds since 2001-01-01 of a date stored as ISO-8601 text `YYYY-MM-DD HH:MM:SS[.SSS]` (UTC), as
-- Sift reads it: `T` for the space, a trailing `Z`, any number of fraction digits, no seconds or a
-- date alone; fields validated (the proleptic Gregorian calendar's days, hours 0-23, minutes and
-- seconds 0-59). Computed in numeric, rounded to float8 once; NULL for text that is not such a date.
CREATE OR REPLACE FUNCTION sift.reference_seconds(t text) RETURNS float8
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    parts text[];
    y bigint;
    mo bigint;
    d bigint;
    h bigint;
    mi bigint;
    s bigint;
    shifted bigint;
    era bigint;
    yoe bigint;
    days bigint;
    last_day bigint;
BEGIN
    parts := regexp_match(t, '^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[ T]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]+))?)?)?Z?$');
    IF parts IS NULL THEN RETURN NULL; END IF;
    y := parts[1]::bigint;
    mo := parts[2]::bigint;
    d := parts[3]::bigint;
    h := coalesce(parts[4]::bigint, 0);
    mi := coalesce(parts[5]::bigint, 0);
    s := coalesce(parts[6]::bigint, 0);
    IF mo NOT BETWEEN 1 AND 12 OR d < 1 OR h > 23 OR mi > 59 OR s > 59 THEN RETURN NULL; END IF;
    last_day := CASE WHEN mo IN (4, 6, 9, 11) THEN 30 WHEN mo <> 2 THEN 31
                     WHEN (y % 4 = 0 AND y % 100 <> 0) OR y % 400 = 0 THEN 29 ELSE 28 END;
    IF d > last_day THEN RETURN NULL; END IF;
    -- Days from the civil date (March-based years, 400-year eras), then since 2001-01-01.
    shifted := CASE WHEN mo <= 2 THEN y - 1 ELSE y END;
    era := floor(shifted / 400.0);
    yoe := shifted - era * 400;
    days := era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + (153 * (mo + CASE WHEN mo > 2 THEN -3 ELSE 9 END) + 2) / 5 + d - 1 - 730791;
    RETURN CAST(days * 86400 + h * 3600 + mi * 60 + s + coalesce(CAST('0.' || left(parts[7], 24) AS numeric), 0) AS float8);
END
$$;

-- StructuredQueries' `glob`, SQLite's GLOB: `*` any characters, `?` one character, `[...]` one of
-- a set (`^` first negates it, `]` first is itself, `a-z` a range of code points), any other
-- character itself, case-sensitive; a `[` without its `]` matches nothing. Written as a regular
-- expression of code points.
CREATE OR REPLACE FUNCTION sift.glob(t text, pattern text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    re text := '';
    items text;
    i integer := 1;
    n integer := length(pattern);
    c integer;
    prior integer;
    high integer;
    invert boolean;
BEGIN
    WHILE i <= n LOOP
        c := ascii(substr(pattern, i, 1));
        IF c = 42 THEN
            re := re || '.*';
        ELSIF c = 63 THEN
            re := re || '.';
        ELSIF c = 91 THEN
            i := i + 1;
            invert := substr(pattern, i, 1) = '^';
            IF invert THEN i := i + 1; END IF;
            items := '';
            prior := 0;
            IF substr(pattern, i, 1) = ']' THEN
                items := sift.glob_code(93);
                i := i + 1;
            END IF;
            WHILE i <= n AND substr(pattern, i, 1) <> ']' LOOP
                c := ascii(substr(pattern, i, 1));
                IF c = 45 AND prior > 0 AND i < n AND substr(pattern, i + 1, 1) <> ']' THEN
                    high := ascii(substr(pattern, i + 1, 1));
                    IF high >= prior THEN items := items || sift.glob_code(prior) || '-' || sift.glob_code(high); END IF;
                    prior := 0;
                    i := i + 2;
                ELSE
                    items := items || sift.glob_code(c);
                    prior := c;
                    i := i + 1;
                END IF;
            END LOOP;
            IF i > n THEN RETURN false; END IF;
            re := re || CASE WHEN invert THEN '[^' ELSE '[' END || items || ']';
        ELSE
            re := re || sift.glob_code(c);
        END IF;
        i := i + 1;
    END LOOP;
    RETURN t COLLATE "C" ~ ('^(?:' || re || ')$');
END
$$;

-- A code point as an escape of a regular expression (`\u00e9`, `\U0001f600`).
CREATE OR REPLACE FUNCTION sift.glob_code(c integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT CASE WHEN c < 65536 THEN '\u' || lpad(to_hex(c), 4, '0') ELSE '\U' || lpad(to_hex(c), 8, '0') END
$$;

-- A selected value whose computation traps in Swift fails the statement, as Swift would crash:
-- `checked(v)` for a value that is NULL exactly when it trapped, `trap_if(trapped, v)` otherwise.
CREATE OR REPLACE FUNCTION sift.checked(v anyelement) RETURNS anyelement
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
    IF v IS NULL THEN
        RAISE EXCEPTION 'Sift: the value traps in Swift (an overflow, a division by zero or a failed conversion)';
    END IF;
    RETURN v;
END
$$;

CREATE OR REPLACE FUNCTION sift.trap_if(trapped boolean, v anyelement) RETURNS anyelement
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
    IF trapped THEN
        RAISE EXCEPTION 'Sift: the value traps in Swift (an overflow, a division by zero or a failed conversion)';
    END IF;
    RETURN v;
END
$$;

-- SQLite's own functions and operators, for StructuredQueries' query builder, whose meaning is
-- SQLite's (its `func.c` and `date.c`, 3.40): each answers what SQLite answers on the values a
-- PostgreSQL column holds. NULL in, NULL out.

-- An integer read as SQLite's 32-bit `int` (`sqlite3_value_int`): its low 32 bits, signed.
CREATE OR REPLACE FUNCTION sift.sqlite_int(x bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT CASE WHEN (x & 4294967295) >= 2147483648 THEN (x & 4294967295) - 4294967296 ELSE x & 4294967295 END
$$;

-- SQLite's `substr(t, start, count)`: characters from `start` (1 the first; 0 and negative starts
-- as SQLite counts them, a negative start from the end), `count` of them (a negative count: those
-- before `start`); `start` and `count` read as 32-bit integers. Without a count, to the end.
CREATE OR REPLACE FUNCTION sift.sqlite_substr(t text, start bigint, count bigint) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    len bigint := length(t);
    p1 bigint := sift.sqlite_int(start);
    p2 bigint := sift.sqlite_int(count);
    before boolean := p2 < 0;
    first bigint;
BEGIN
    IF before THEN p2 := -p2; END IF;
    IF p1 < 0 THEN
        p1 := p1 + len;
        IF p1 < 0 THEN
            p2 := greatest(p2 + p1, 0);
            p1 := 0;
        END IF;
    ELSIF p1 > 0 THEN
        p1 := p1 - 1;
    ELSIF p2 > 0 THEN
        p2 := p2 - 1;
    END IF;
    IF before THEN
        p1 := p1 - p2;
        IF p1 < 0 THEN
            p2 := p2 + p1;
            p1 := 0;
        END IF;
    END IF;
    first := least(p1, len);
    RETURN substr(t, (first + 1)::integer, (least(first + greatest(p2, 0), len) - first)::integer);
END
$$;

CREATE OR REPLACE FUNCTION sift.sqlite_substr(t text, start bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT sift.sqlite_substr(t, start, 1000000000)
$$;

-- SQLite's `round(x)`: halves away from zero, `x + 0.5` (or `- 0.5`) computed in `Double` and cut
-- to an integer; a number beyond 2^52 is whole already. (PostgreSQL's `round(float8)` takes
-- halves to even.)
CREATE OR REPLACE FUNCTION sift.sqlite_round(x float8) RETURNS float8
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT CASE WHEN x < -4503599627370496::float8 OR x > 4503599627370496::float8 OR x = 'NaN'::float8 THEN x
    ELSE trunc(x + CASE WHEN x < 0 THEN -0.5::float8 ELSE 0.5::float8 END) + 0::float8 END
$$;

-- SQLite's `round(x, digits)` (3.40's `roundFunc`) with 1 to 30 digits: it prints `x` with its own
-- `printf("%.*f")` in 80-bit `long double` arithmetic and reads the text back with `sqlite3AtoF`.
-- The functions below compute that arithmetic exactly in `numeric`, each operation rounded to the 64
-- bits of a `long double`'s significand, as the processor rounds it (to nearest, ties to even).

-- 2^n exactly.
CREATE OR REPLACE FUNCTION sift.power_of_two(n integer) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT CASE WHEN n >= 0 THEN power(2::numeric, n) ELSE (power(5::numeric, -n)::text || 'e' || n)::numeric END
$$;

-- a / b rounded to `bits` significant bits, to nearest, ties to even (a >= 0, b > 0).
CREATE OR REPLACE FUNCTION sift.binary_quotient(a numeric, b numeric, bits integer) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    e integer;
    scaled numeric;
    q numeric;
    remainder numeric;
BEGIN
    IF a = 0 THEN RETURN 0; END IF;
    -- An estimate of the exponent (the loops below correct it): by float8 logarithms where both
    -- convert to normal doubles (their difference cannot overflow), numeric ones (slow) otherwise.
    e := CASE WHEN a BETWEEN 1e-300 AND 1e300 AND b BETWEEN 1e-300 AND 1e300
        THEN floor((log(a::float8) - log(b::float8)) * 3.321928094887362)::integer
        ELSE floor(log(2::numeric, a) - log(2::numeric, b))::integer END;
    WHILE a < b * sift.power_of_two(e) LOOP e := e - 1; END LOOP;
    WHILE a >= b * sift.power_of_two(e + 1) LOOP e := e + 1; END LOOP;
    scaled := a * sift.power_of_two(bits - 1 - e);
    q := div(scaled, b);
    remainder := scaled - q * b;
    IF 2 * remainder > b OR (2 * remainder = b AND mod(q, 2) = 1) THEN q := q + 1; END IF;
    RETURN q * sift.power_of_two(e - bits + 1);
END
$$;

-- A value rounded to a `long double` (64 significant bits; x >= 0).
CREATE OR REPLACE FUNCTION sift.long_double(x numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT sift.binary_quotient(x, 1, 64)
$$;

-- Half a unit of the `places`-th decimal place, as SQLite's printf computes its rounder: a
-- `Double` of its table (0.5 to 5e-10), times 1e-10 in `long double` for each further ten places.
CREATE OR REPLACE FUNCTION sift.sqlite_printf_rounder(places integer) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    halves float8[] := ARRAY[5.0e-01, 5.0e-02, 5.0e-03, 5.0e-04, 5.0e-05, 5.0e-06, 5.0e-07, 5.0e-08, 5.0e-09, 5.0e-10]::float8[];
    idx integer := places;
    rounder numeric := sift.exact_numeric(halves[places % 10 + 1]);
BEGIN
    WHILE idx >= 10 LOOP
        rounder := sift.long_double(rounder * sift.exact_numeric(1.0e-10::float8));
        idx := idx - 10;
    END LOOP;
    RETURN rounder;
END
$$;

-- SQLite's printf scaling of a `long double` to one digit before the point, and its decimal
-- exponent: divided once by a power of ten built in steps of 1e10 and 10 (exact below 10^27, the
-- values these functions print), the quotient rounded to 64 bits; below 1, multiplied by 1e8 and
-- 10, each product rounded. Zero stays zero, exponent 0.
CREATE OR REPLACE FUNCTION sift.sqlite_printf_scaled(x numeric, OUT value numeric, OUT exp integer)
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    scale numeric := 1;
BEGIN
    value := x;
    exp := 0;
    IF value <= 0 THEN RETURN; END IF;
    WHILE value >= 1e10 * scale AND exp <= 350 LOOP
        scale := scale * 1e10;
        exp := exp + 10;
    END LOOP;
    WHILE value >= 10 * scale AND exp <= 350 LOOP
        scale := scale * 10;
        exp := exp + 1;
    END LOOP;
    value := sift.binary_quotient(value, scale, 64);
    WHILE value < sift.exact_numeric(1e-8::float8) LOOP
        value := sift.long_double(value * 1e8);
        exp := exp - 8;
    END LOOP;
    WHILE value < 1 LOOP
        value := sift.long_double(value * 10);
        exp := exp - 1;
    END LOOP;
END
$$;

-- The first `count` digits SQLite's printf writes of a `long double` it has scaled to 1 up to 10
-- (its `et_getdigit`): the integer part, then the rest times 10 rounded to 64 bits, and so on; 16
-- significant digits at most, zeros after them. Computed on whole numbers of 2^-63: such a value
-- is one, and so is every value the steps compute (below 10 * 2^63 of them), where rounding to 64
-- significant bits is rounding to a multiple of 2, 4 or 8 from 2^64 up (to nearest, ties to even).
CREATE OR REPLACE FUNCTION sift.sqlite_printf_digits(value numeric, count integer) RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    unit numeric := 9223372036854775808;
    n numeric := value * 9223372036854775808;
    digits integer[] := ARRAY[]::integer[];
    d integer;
    step numeric;
    q numeric;
    twice_remainder numeric;
    k integer;
BEGIN
    FOR k IN 1..count LOOP
        IF k > 16 THEN
            digits := digits || 0;
            CONTINUE;
        END IF;
        d := div(n, unit)::integer;
        digits := digits || d;
        n := (n - d * unit) * 10;
        step := CASE WHEN n >= 73786976294838206464 THEN 8 WHEN n >= 36893488147419103232 THEN 4
            WHEN n >= 18446744073709551616 THEN 2 ELSE 1 END;
        IF step > 1 THEN
            q := div(n, step);
            twice_remainder := 2 * (n - q * step);
            IF twice_remainder > step OR (twice_remainder = step AND mod(q, 2) = 1) THEN q := q + 1; END IF;
            n := q * step;
        END IF;
    END LOOP;
    RETURN digits;
END
$$;

-- SQLite's `printf("%.16g")` of a `Double` from 0 up to 10^27 (strftime's `%J`): 16 significant
-- digits as its printf computes them in `long double` (the rounder added to the scaled value),
-- trailing zeros and a bare point dropped, the exponent form below 1e-4 (`1.157407407407407e-08`).
CREATE OR REPLACE FUNCTION sift.sqlite_printf_g16(x float8) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    -- `%g` keeps one digit fewer than its precision after the first.
    places integer := 15;
    scaled record;
    value numeric;
    exp integer;
    digits integer[];
    whole text;
    fraction text;
    text_form text;
BEGIN
    -- Zero: the rounder alone, whose digits are all zeros, dropped.
    IF x = 0 THEN RETURN '0'; END IF;
    scaled := sift.sqlite_printf_scaled(sift.exact_numeric(x));
    value := sift.long_double(scaled.value + sift.sqlite_printf_rounder(places));
    exp := scaled.exp;
    IF value >= 10 THEN
        value := sift.long_double(value * sift.exact_numeric(0.1::float8));
        exp := exp + 1;
    END IF;
    digits := sift.sqlite_printf_digits(value, 16);
    IF exp < -4 OR exp > places THEN
        whole := digits[1]::text;
        fraction := rtrim(array_to_string(digits[2:16], ''), '0');
    ELSIF exp >= 0 THEN
        whole := array_to_string(digits[1:exp + 1], '');
        fraction := rtrim(array_to_string(digits[exp + 2:16], ''), '0');
    ELSE
        whole := '0';
        fraction := rtrim(repeat('0', -exp - 1) || array_to_string(digits, ''), '0');
    END IF;
    text_form := whole || CASE WHEN fraction = '' THEN '' ELSE '.' || fraction END;
    IF exp < -4 OR exp > places THEN
        text_form := text_form || 'e' || CASE WHEN exp < 0 THEN '-' ELSE '+' END || CASE WHEN abs(exp) < 10 THEN '0' ELSE '' END || abs(exp)::text;
    END IF;
    RETURN text_form;
END
$$;

CREATE OR REPLACE FUNCTION sift.sqlite_round(x float8, digits bigint) RETURNS float8
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    n integer := least(greatest(sift.sqlite_int(digits), 0), 30)::integer;
    exact numeric;
    negative boolean;
    value numeric;
    rounder numeric;
    exponent integer;
    scaled record;
    scale numeric;
    digits_written integer[];
    significand numeric := 0;
    decimal_exponent integer := 0;
    integer_digits integer;
    k integer;
    magnitude numeric;
    result float8;
BEGIN
    IF x < -4503599627370496::float8 OR x > 4503599627370496::float8 OR x = 'NaN'::float8 THEN RETURN x; END IF;
    IF n = 0 THEN RETURN sift.sqlite_round(x); END IF;
    -- printf("%.*f", n, x): the sign apart, a rounder of half the last digit (and 3e-16 of the value) added.
    exact := sift.exact_numeric(x);
    negative := exact < 0;
    value := abs(exact);
    rounder := sift.sqlite_printf_rounder(n);
    exponent := ((('x' || encode(float8send(x), 'hex'))::bit(64)::bigint >> 52) & 2047)::integer - 1023;
    IF n + trunc(exponent::numeric / 3)::integer < 15 THEN
        rounder := sift.long_double(rounder + sift.long_double(value * sift.exact_numeric(3e-16::float8)));
    END IF;
    scaled := sift.sqlite_printf_scaled(sift.long_double(value + rounder));
    -- The digits, 16 significant at most (then zeros), the integer part first; below 1, a 0 and
    -- the zeros after the point before the first significant digit (fewer than n: the rounder
    -- is half the n-th place).
    IF scaled.exp < 0 THEN
        digits_written := ARRAY[0] || array_fill(0, ARRAY[-scaled.exp - 1]) || sift.sqlite_printf_digits(scaled.value, n + scaled.exp + 1);
    ELSE
        digits_written := sift.sqlite_printf_digits(scaled.value, scaled.exp + 1 + n);
    END IF;
    -- sqlite3AtoF: at most 18 digits as an integer, a power of ten applied in long double.
    integer_digits := cardinality(digits_written) - n;
    FOR k IN 1..cardinality(digits_written) LOOP
        IF significand < 922337203685477579 THEN
            significand := significand * 10 + digits_written[k];
            IF k > integer_digits THEN decimal_exponent := decimal_exponent - 1; END IF;
        ELSIF k <= integer_digits THEN
            decimal_exponent := decimal_exponent + 1;
        END IF;
    END LOOP;
    IF decimal_exponent < 0 THEN
        WHILE mod(significand, 10) = 0 AND decimal_exponent < 0 AND significand <> 0 LOOP
            significand := div(significand, 10);
            decimal_exponent := decimal_exponent + 1;
        END LOOP;
    END IF;
    k := abs(decimal_exponent);
    scale := 1;
    WHILE k % 22 <> 0 LOOP
        scale := sift.long_double(scale * 10);
        k := k - 1;
    END LOOP;
    WHILE k > 0 LOOP
        scale := sift.long_double(scale * 1e22);
        k := k - 22;
    END LOOP;
    magnitude := CASE WHEN decimal_exponent < 0 THEN sift.binary_quotient(significand, scale, 64) ELSE sift.long_double(significand * scale) END;
    result := sift.binary_quotient(magnitude, 1, 53)::float8;
    RETURN CASE WHEN negative THEN -result ELSE result END;
END
$$;

-- SQLite's `a << b` and `a >> b` on 64-bit integers: a negative shift goes the other way; a shift
-- by 64 or more leaves 0, or -1 for a negative number shifted right. (PostgreSQL's operators take
-- the shift modulo 64.)
CREATE OR REPLACE FUNCTION sift.sqlite_shift(a bigint, b bigint, to_left boolean) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT CASE
    WHEN b >= 64 OR b <= -64 THEN CASE WHEN a >= 0 OR to_left = (b > 0) THEN 0 ELSE -1 END
    WHEN (b >= 0) = to_left THEN a << abs(b)::integer
    ELSE a >> abs(b)::integer END
$$;

-- The moment of `strftime(..., seconds, 'unixepoch')`: SQLite's Julian day in milliseconds
-- (`seconds * 1000 + 210866760000000`, in `Double`, rounded half up), here as milliseconds since
-- 1970; NULL outside SQLite's range of dates (4713 BC to 9999).
CREATE OR REPLACE FUNCTION sift.sqlite_unix_milliseconds(seconds float8) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT CASE WHEN seconds > -1e12::float8 AND seconds < 1e12::float8
    AND seconds * 1000::float8 + 210866760000000::float8 >= 0::float8
    AND seconds * 1000::float8 + 210866760000000::float8 < 464269060800000::float8
    THEN CAST(trunc(seconds * 1000::float8 + 210866760000000::float8 + 0.5::float8) AS bigint) - 210866760000000 END
$$;

-- The exact value of a `Double`, in `numeric` (PostgreSQL's cast keeps 15 digits).
CREATE OR REPLACE FUNCTION sift.exact_numeric(x float8) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    bits bigint := ('x' || encode(float8send(x), 'hex'))::bit(64)::bigint;
    biased integer := ((bits >> 52) & 2047)::integer;
    mantissa numeric := (bits & 4503599627370495)::numeric;
    exponent integer;
    magnitude numeric;
BEGIN
    IF biased = 0 THEN exponent := -1074; ELSE mantissa := mantissa + 4503599627370496; exponent := biased - 1075; END IF;
    IF exponent >= 0 THEN
        magnitude := mantissa * power(2::numeric, exponent);
    ELSE
        magnitude := ((mantissa * power(5::numeric, -exponent))::text || 'e' || exponent)::numeric;
    END IF;
    RETURN CASE WHEN bits < 0 THEN -magnitude ELSE magnitude END;
END
$$;

-- The year, month and day of a Julian day in milliseconds, as SQLite's `computeYMD` computes them.
CREATE OR REPLACE FUNCTION sift.sqlite_civil(jd bigint, OUT y bigint, OUT mo bigint, OUT d bigint)
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    z bigint := (jd + 43200000) / 86400000;
    a bigint;
    b bigint;
    c bigint;
    e bigint;
BEGIN
    a := trunc((z - 1867216.25::float8) / 36524.25::float8)::bigint;
    a := z + 1 + a - a / 4;
    b := a + 1524;
    c := trunc((b - 122.1::float8) / 365.25::float8)::bigint;
    d := (36525 * (c & 32767)) / 100;
    e := trunc((b - d) / 30.6001::float8)::bigint;
    d := b - d - trunc(30.6001::float8 * e)::bigint;
    mo := CASE WHEN e < 14 THEN e - 1 ELSE e - 13 END;
    y := CASE WHEN mo > 2 THEN c - 4716 ELSE c - 4715 END;
END
$$;

-- The Julian day in milliseconds of a date and time, as SQLite's `computeJD` computes it (no
-- check of the fields: February 31st is March 3rd, 24:00 the next day).
CREATE OR REPLACE FUNCTION sift.sqlite_julian(y bigint, mo bigint, d bigint, h bigint, mi bigint, s float8) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT ((36525 * (yy + 4716)) / 100 + (306001 * (mm + 1)) / 10000 + d + 2 - yy / 100 + (yy / 100) / 4) * 86400000 - 131716800000
    + h * 3600000 + mi * 60000 + trunc(s * 1000::float8 + 0.5::float8)::bigint
FROM (SELECT CASE WHEN mo <= 2 THEN y - 1 ELSE y END AS yy, CASE WHEN mo <= 2 THEN mo + 12 ELSE mo END AS mm) AS shifted
$$;

-- SQLite's `strftime(format, moment)` of a moment's fields: the year, month and day, the hour and
-- minute, the seconds (with their fraction) as SQLite holds them, and the Julian day in
-- milliseconds. The formats `%d %f %H %j %J %m %M %s %S %w %W %Y %%` (`%J` the Julian day in days,
-- printed as SQLite's `%.16g` prints it); another letter, or a lone `%`, is NULL.
CREATE OR REPLACE FUNCTION sift.sqlite_format_time(
    format text, y bigint, mo bigint, d bigint, h bigint, mi bigint, s float8, jd bigint
) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    result text := '';
    i integer := 1;
    n integer := length(format);
    c text;
    -- Days since January 1st of the year, at the same time of day (SQLite's `%j` and `%W`),
    -- computed only for them.
    day_of_year bigint;
    week_day bigint;
    shown numeric;
BEGIN
    WHILE i <= n LOOP
        c := substr(format, i, 1);
        i := i + 1;
        IF c <> '%' THEN
            result := result || c;
            CONTINUE;
        END IF;
        IF i > n THEN RETURN NULL; END IF;
        c := substr(format, i, 1);
        i := i + 1;
        CASE c
            WHEN 'd' THEN result := result || lpad(d::text, 2, '0');
            WHEN 'f' THEN
                -- SQLite's `%06.3f` of the seconds (at most 59.999): its printf adds half a
                -- thousandth and 3e-16 of the value, then cuts.
                shown := floor((sift.exact_numeric(least(s, 59.999::float8)) * (1 + sift.exact_numeric(3e-16::float8))
                    + sift.exact_numeric(0.0005::float8)) * 1000);
                result := result || lpad(div(shown, 1000)::text, 2, '0') || '.' || lpad(mod(shown, 1000)::text, 3, '0');
            WHEN 'H' THEN result := result || lpad(h::text, 2, '0');
            WHEN 'j' THEN
                day_of_year := (jd - sift.sqlite_julian(y, 1, 1, h, mi, s) + 43200000) / 86400000;
                result := result || lpad((day_of_year + 1)::text, 3, '0');
            WHEN 'm' THEN result := result || lpad(mo::text, 2, '0');
            WHEN 'M' THEN result := result || lpad(mi::text, 2, '0');
            WHEN 's' THEN result := result || (jd / 1000 - 210866760000)::text;
            WHEN 'S' THEN result := result || lpad(trunc(s)::bigint::text, 2, '0');
            WHEN 'w' THEN result := result || (((jd + 129600000) / 86400000) % 7)::text;
            WHEN 'W' THEN
                day_of_year := (jd - sift.sqlite_julian(y, 1, 1, h, mi, s) + 43200000) / 86400000;
                week_day := ((jd + 43200000) / 86400000) % 7;
                result := result || lpad(((day_of_year + 7 - week_day) / 7)::text, 2, '0');
            -- `%04d`: a sign counts in the width.
            WHEN 'Y' THEN result := result || CASE WHEN y <= -100 OR y >= 1000 THEN y::text WHEN y < 0 THEN '-' || lpad((-y)::text, 3, '0') ELSE lpad(y::text, 4, '0') END;
            WHEN '%' THEN result := result || '%';
            WHEN 'J' THEN result := result || sift.sqlite_printf_g16(jd::float8 / 86400000::float8);
            ELSE RETURN NULL;
        END CASE;
    END LOOP;
    RETURN result;
END
$$;

-- SQLite's `strftime(format, jd)` of a Julian day in milliseconds: its fields computed as SQLite's
-- `computeYMD` and `computeHMS` compute them; NULL outside SQLite's range of dates.
CREATE OR REPLACE FUNCTION sift.sqlite_strftime_julian(format text, jd bigint) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    civil record;
    s float8 := ((jd + 43200000) % 86400000) / 1000.0::float8;
    whole bigint := trunc(s)::bigint;
BEGIN
    IF jd < 0 OR jd > 464269060799999 THEN RETURN NULL; END IF;
    civil := sift.sqlite_civil(jd);
    RETURN sift.sqlite_format_time(format, civil.y, civil.mo, civil.d, whole / 3600, whole % 3600 / 60, (s - whole) + (whole % 60), jd);
END
$$;

-- SQLite's `strftime(format, seconds, 'unixepoch')`.
CREATE OR REPLACE FUNCTION sift.sqlite_strftime(format text, seconds float8) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT sift.sqlite_strftime_julian(format, sift.sqlite_unix_milliseconds(seconds) + 210866760000000)
$$;

-- SQLite's `strftime(format, text)` of a date written as text, read as SQLite's `parseDateOrTime`
-- reads it: `[-]YYYY-MM-DD`, then spaces or `T`s and a time, or a time alone (on 2000-01-01); a
-- time is `HH:MM[:SS[.fraction]]`, then spaces and `Z` or `±HH:MM`. Without an offset the fields
-- are formatted as written (`24:00`, February 31st); with one, the moment is moved to UTC and its
-- fields computed. A number is a Julian day. Other texts (`now` among them) are NULL.
CREATE OR REPLACE FUNCTION sift.sqlite_strftime(format text, t text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    f text[] := regexp_match(t,
        '^(?:(-?)([0-9]{4})-([0-9]{2})-([0-9]{2})[ \t\n\v\f\rT]*)?(?:([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]+))?)?[ \t\n\v\f\r]*(?:([-+])([0-9]{2}):([0-9]{2})|([Zz]))?[ \t\n\v\f\r]*)?$');
    y bigint := 2000;
    mo bigint := 1;
    d bigint := 1;
    h bigint := 0;
    mi bigint := 0;
    s float8 := 0;
    fraction float8 := 0;
    scale float8 := 1;
    k integer;
    jd bigint;
    zone bigint := 0;
    civil record;
    r float8;
BEGIN
    IF f IS NULL OR (f[2] IS NULL AND f[5] IS NULL) THEN
        -- A Julian day number (SQLite's `sqlite3AtoF` of the whole text).
        IF t !~ '^[ \t\n\v\f\r]*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?[ \t\n\v\f\r]*$' THEN RETURN NULL; END IF;
        r := t::float8;
        IF r < 0 OR r >= 5373484.5::float8 THEN RETURN NULL; END IF;
        RETURN sift.sqlite_strftime_julian(format, trunc(r * 86400000::float8 + 0.5::float8)::bigint);
    END IF;
    IF f[2] IS NOT NULL THEN
        y := f[2]::bigint;
        mo := f[3]::bigint;
        d := f[4]::bigint;
        IF mo < 1 OR mo > 12 OR d < 1 OR d > 31 THEN RETURN NULL; END IF;
        IF f[1] = '-' THEN y := -y; END IF;
    END IF;
    IF f[5] IS NOT NULL THEN
        h := f[5]::bigint;
        mi := f[6]::bigint;
        IF h > 24 OR mi > 59 THEN RETURN NULL; END IF;
        IF f[7] IS NOT NULL THEN
            IF f[7]::bigint > 59 THEN RETURN NULL; END IF;
            IF f[8] IS NOT NULL THEN
                -- As SQLite reads it: digit by digit, in `Double`.
                FOR k IN 1..length(f[8]) LOOP
                    fraction := fraction * 10::float8 + (ascii(substr(f[8], k, 1)) - 48)::float8;
                    scale := scale * 10::float8;
                END LOOP;
                fraction := fraction / scale;
            END IF;
            s := f[7]::bigint::float8 + fraction;
        END IF;
        IF f[9] IS NOT NULL THEN
            IF f[10]::bigint > 14 OR f[11]::bigint > 59 THEN RETURN NULL; END IF;
            zone := (f[10]::bigint * 60 + f[11]::bigint) * CASE WHEN f[9] = '-' THEN -1 ELSE 1 END;
        END IF;
    END IF;
    IF y < -4713 OR y > 9999 THEN RETURN NULL; END IF;
    jd := sift.sqlite_julian(y, mo, d, h, mi, s) - zone * 60000;
    IF jd < 0 OR jd > 464269060799999 THEN RETURN NULL; END IF;
    -- `Z` and `+00:00` leave the fields as written, as in SQLite.
    IF zone <> 0 THEN
        RETURN sift.sqlite_strftime_julian(format, jd);
    END IF;
    IF f[2] IS NULL THEN
        -- A time alone: the date is computed from the Julian day, the time kept as written.
        civil := sift.sqlite_civil(jd);
        RETURN sift.sqlite_format_time(format, civil.y, civil.mo, civil.d, h, mi, s, jd);
    END IF;
    RETURN sift.sqlite_format_time(format, y, mo, d, h, mi, s, jd);
END
$$;
"""#
}
