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
        OR c BETWEEN 917760 AND 917999 THEN 'Extend'
    WHEN c BETWEEN 126976 AND 129791 OR c BETWEEN 9728 AND 10175 OR c BETWEEN 8986 AND 9215 OR c IN (169, 174, 8252, 8265, 8482, 8505)
        THEN 'Pictographic'
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
    i integer;
BEGIN
    IF n = 0 THEN RETURN ARRAY[1]; END IF;
    previous := sift.cluster_class(ascii(substr(t, 1, 1)));
    IF previous = 'RI' THEN regional := 1; END IF;
    pictographic := previous = 'Pictographic';
    FOR i IN 2..n LOOP
        current := sift.cluster_class(ascii(substr(t, i, 1)));
        IF NOT (
            (previous = 'CR' AND current = 'LF')                                              -- GB3
            OR (previous NOT IN ('CR', 'LF', 'Control') AND current NOT IN ('CR', 'LF', 'Control') AND (
                (previous = 'L' AND current IN ('L', 'V', 'LV', 'LVT'))                          -- GB6
                OR (previous IN ('LV', 'V') AND current IN ('V', 'T'))                            -- GB7
                OR (previous IN ('LVT', 'T') AND current = 'T')                                   -- GB8
                OR current IN ('Extend', 'ZWJ')                                                   -- GB9, GB9a
                OR (previous = 'ZWJ' AND current = 'Pictographic' AND pictographic)               -- GB11
                OR (previous = 'RI' AND current = 'RI' AND regional % 2 = 1)))                    -- GB12, GB13
        ) THEN
            starts := starts || i;
        END IF;
        IF current = 'RI' THEN regional := regional + 1; ELSE regional := 0; END IF;
        IF current = 'Pictographic' THEN pictographic := true;
        ELSIF current NOT IN ('Extend', 'ZWJ') THEN pictographic := false; END IF;
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

-- Swift's `contains` of a string, every occurrence's boundaries computed (`sift.contains` below).
CREATE OR REPLACE FUNCTION sift.contains_by_clusters(haystack text, needle text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
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
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
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
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
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
-- query (no call per row), where both texts are NFC and the match's boundaries are plain (above);
-- otherwise the function `..._by_clusters` computes the clusters. NULL in, NULL out.
CREATE OR REPLACE FUNCTION sift.contains(haystack text, needle text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT CASE
    WHEN strpos(haystack, needle) > 0 AND haystack IS NFC NORMALIZED AND needle IS NFC NORMALIZED
        AND sift.plain_boundary(haystack, strpos(haystack, needle))
        AND sift.plain_boundary(haystack, strpos(haystack, needle) + length(needle)) THEN true
    ELSE sift.contains_by_clusters(haystack, needle)
END
$$;

CREATE OR REPLACE FUNCTION sift.has_prefix(haystack text, prefix text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT CASE
    WHEN starts_with(haystack, prefix) AND haystack IS NFC NORMALIZED AND prefix IS NFC NORMALIZED
        AND sift.plain_boundary(haystack, length(prefix) + 1) THEN true
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
