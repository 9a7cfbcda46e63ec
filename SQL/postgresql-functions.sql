-- Sift's functions for PostgreSQL 15 and later (UTF8 database, ICU collations built in).
--
-- Installed by `sift install-functions URI`, or by `psql -f` of this file: the schema `sift`
-- with the functions Sift's PostgreSQL SQL calls where PostgreSQL has no exact built-in form.
-- Every function is IMMUTABLE and returns NULL on NULL input (STRICT), and none raises an error
-- where Swift gives an answer: where Swift traps, the answer is NULL (Sift's rule: a row whose
-- predicate traps is not selected). docs/POSTGRESQL.md says where they differ from Foundation.
-- Running this file again replaces the functions.

CREATE SCHEMA IF NOT EXISTS sift;

-- Grapheme clusters (Unicode's extended grapheme clusters, UAX #29), exactly as Swift's `Character`.
-- PostgreSQL has no Unicode property tables: `sift.cluster_class` looks each code point up in the
-- runs of classes that Swift's own `Character` gives every scalar (probed one by one, below), and
-- `sift.cluster_starts` applies the rules GB3 to GB13 to them. The classes: 'CR', 'LF', 'Control',
-- 'ZWJ', 'Prepend', the Hangul jamo and syllables 'L', 'V', 'T', 'LV', 'LVT', the regional
-- indicators 'RI', 'Pictographic' (Extended_Pictographic), 'SpacingMark', the Extend marks told
-- apart by their Indic_Conjunct_Break, 'Extend' (InCB=Extend: it continues an emoji sequence and an
-- Indic conjunct), 'Linker' (InCB=Linker, the viramas that link two consonants) and 'OtherExtend'
-- (no InCB class, ZWNJ: it ends a conjunct), 'Consonant' (InCB=Consonant) and 'Other'.
-- Written by SwiftClusterClasses (Tests/SiftPostgresTests) from Swift's `Character`: run the ClusterClass tests with SIFT_UPDATE_GOLDEN=1 to rewrite it.
CREATE OR REPLACE FUNCTION sift.cluster_class(c integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT ('{Other,CR,LF,Control,ZWJ,Prepend,L,V,T,LV,LVT,RI,Pictographic,SpacingMark,Extend,Linker,OtherExtend,Consonant}'::text[])[
    get_byte('\x04030402040104010d01040d010f010f010f010f010f010f010f0106010f0104010f010f010f06010f010f010f0106010f010f01
    0f010f010f010f010f010f010f010f0106010f010f060f0e01120f0e0f010e0f0e100e010f12010f0112010f0e0112011201
    120112010f010f0e0f010e010e10010f01120112010f0112010f010f0e010f010e0f010f010f010f010f010f010f0e011201
    1201120112010f010e0f010f0e010e10010f01120f010f0e0112011201120112010f010f0e0f010e010e10010f0112011201
    0f0112010f010f0e0f0e010e010e0f010f010f0e0f01120112010f010f0e010f010f10010f0112010f010f0e010f010e0f0e
    0f0e010f010f010f010f010e010f0e01120f010f0e0f010e010e1006010f010f010f0e010f010f0e0f010f010e0f010e010f
    010e0f010f010f010e0f010f010f010f010f010f010e010f0e0f010f010f010f010f0112010f0e0f010f0e0f1201120e0f12
    0f12011201120f120f010e0f010f12010f01070809010f010f010f010f010f01120f0e0f0e0f0e0f010f010f040f010f010f
    010f0e0f0e010e0f0e0f010f0e0f01120e0f0e0f010f010f010f0e0f010f010f010f010f0e011201120f0e0f12010f010f0e
    120e0f0e0f120112010f0e0f0e0f0e0f010e0f0e0f010f010f0e0f010f010f010e0f010f01041105040104010d010d010401
    0f010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d01
    0d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d01
    0d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d01
    0d010d010d010d010d010f010f010f010f0d010d010f010d010d010f010f010f010f010f010f010f010e0f0e010f010e010e
    0f010f010f010f010f0e0f0107010f0e011201120f0e0f0e0f0e0f01120f01120112010f0e0f0e0f010f010f0e0112011201
    12010f0112010f010f010f010f010f01120e0f0e010e0f0112010e0f0e0f0e010e0f010a01080109010f010f010f0104010f
    0104010f010f010f01120f010f010f1201120112010f010f010f010f010f010f010f010f010f010e0f0e010f010f010f010f
    0e010e0f0e0f0106010f0106010f120f0e0f01120e12010f010f0e010e0f0e0f0106010f010e0f010e0f0e0f010f010f010f
    0e0f010f0e010f010f0e0f0e010e010e0f010f010e010f010f0112011201120112010f0e0f010f010f010f0e010e0f060f01
    0f010e0f0e0f0e0f010f010f0e0f0e0f0e0f0e0f0e0f010f0e0f010e0f0e0f010f010e0f0e0f0e0f010f0e0f0e0f010f0e0f
    010f0e0f010e0f0e0f011201120112011201120f0e010e010f060e060e0f010e0f010f0e0f010e01120f120f0e010f010f01
    120f0e0f12060f0e0f010f0e0f0e0f0e010e0f010f0e0f010f010e0f0e0f0e0f010f010f010f010f060f010e010f010e0f0e
    0f010f0e010f060e1201120e0f010e0f010f01040f010f010f0e0f010f010f010f010e010f010f010f010f0104010f010f01
    0f010f040f010f010f010f010f010f010f010f010f010f010f010f010f010f010f010f010f010f010f010f010f010f010f01
    0f010f010f010f010d010d010d010d010d010d010d010d010d010d010d010d0c010d010d010d010d010d010d010d010d010d
    010d010d010d010d0f0d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d
    010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d010d01040f04
    0f0401'::bytea,
        width_bucket(c, '{0,10,11,13,14,32,127,160,169,170,173,174,175,768,880,1155,1162,1425,1470,1471,1472,1473,1475,1476,1478,
        1479,1480,1536,1542,1552,1563,1564,1565,1611,1632,1648,1649,1750,1757,1758,1759,1765,1767,1769,
        1770,1774,1807,1808,1809,1810,1840,1867,1958,1969,2027,2036,2045,2046,2070,2074,2075,2084,2085,
        2088,2089,2094,2137,2140,2192,2194,2199,2208,2250,2274,2275,2307,2308,2325,2362,2363,2364,2365,
        2366,2369,2377,2381,2382,2384,2385,2392,2400,2402,2404,2424,2432,2433,2434,2436,2453,2473,2474,
        2481,2482,2483,2486,2490,2492,2493,2494,2495,2497,2501,2503,2505,2507,2509,2510,2519,2520,2524,
        2526,2527,2528,2530,2532,2544,2546,2558,2559,2561,2563,2564,2620,2621,2622,2625,2627,2631,2633,
        2635,2638,2641,2642,2672,2674,2677,2678,2689,2691,2692,2709,2729,2730,2737,2738,2740,2741,2746,
        2748,2749,2750,2753,2758,2759,2761,2762,2763,2765,2766,2786,2788,2809,2810,2816,2817,2818,2820,
        2837,2857,2858,2865,2866,2868,2869,2874,2876,2877,2878,2880,2881,2885,2887,2889,2891,2893,2894,
        2901,2904,2908,2910,2911,2912,2914,2916,2929,2930,2946,2947,3006,3007,3008,3009,3011,3014,3017,
        3018,3021,3022,3031,3032,3072,3073,3076,3077,3093,3113,3114,3130,3132,3133,3134,3137,3141,3142,
        3145,3146,3149,3150,3157,3159,3160,3163,3170,3172,3201,3202,3204,3260,3261,3262,3263,3265,3266,
        3267,3269,3270,3273,3274,3278,3285,3287,3298,3300,3315,3316,3328,3330,3332,3349,3387,3389,3390,
        3391,3393,3397,3398,3401,3402,3405,3406,3407,3415,3416,3426,3428,3457,3458,3460,3530,3531,3535,
        3536,3538,3541,3542,3543,3544,3551,3552,3570,3572,3633,3634,3635,3636,3643,3655,3663,3761,3762,
        3763,3764,3773,3784,3791,3864,3866,3893,3894,3895,3896,3897,3898,3902,3904,3953,3967,3968,3973,
        3974,3976,3981,3992,3993,4029,4038,4039,4096,4139,4141,4145,4146,4152,4153,4155,4157,4159,4160,
        4176,4182,4184,4186,4190,4193,4194,4197,4199,4206,4209,4213,4226,4227,4228,4229,4231,4237,4238,
        4239,4253,4254,4352,4448,4520,4608,4957,4960,5906,5910,5938,5941,5970,5972,6002,6004,6016,6068,
        6070,6071,6078,6086,6087,6089,6100,6109,6110,6155,6158,6159,6160,6277,6279,6313,6314,6432,6435,
        6439,6441,6444,6448,6450,6451,6457,6460,6679,6681,6683,6684,6688,6741,6742,6743,6744,6751,6752,
        6753,6754,6755,6757,6765,6771,6781,6783,6784,6832,6878,6880,6892,6912,6916,6917,6923,6925,6931,
        6964,6974,6978,6981,6989,7019,7028,7040,7042,7043,7073,7074,7078,7080,7086,7088,7099,7102,7142,
        7143,7144,7146,7149,7150,7151,7156,7204,7212,7220,7222,7224,7376,7379,7380,7393,7394,7401,7405,
        7406,7412,7413,7415,7416,7418,7616,7680,8203,8204,8205,8206,8208,8232,8239,8252,8253,8265,8266,
        8288,8304,8400,8433,8482,8483,8505,8506,8596,8602,8617,8619,8986,8988,9000,9001,9167,9168,9193,
        9204,9208,9211,9410,9411,9642,9644,9654,9655,9664,9665,9723,9727,9728,9733,9742,9743,9745,9746,
        9748,9750,9752,9753,9757,9758,9760,9761,9762,9764,9766,9767,9770,9771,9774,9776,9784,9787,9792,
        9793,9794,9795,9800,9812,9823,9825,9827,9828,9829,9831,9832,9833,9851,9852,9854,9856,9874,9880,
        9881,9882,9883,9885,9888,9890,9895,9896,9898,9900,9904,9906,9917,9919,9924,9926,9928,9929,9934,
        9936,9937,9938,9939,9941,9961,9963,9968,9974,9975,9979,9981,9982,9986,9987,9989,9990,9992,9998,
        9999,10000,10002,10003,10004,10005,10006,10007,10013,10014,10017,10018,10024,10025,10035,10037,
        10052,10053,10055,10056,10060,10061,10062,10063,10067,10070,10071,10072,10083,10085,10133,10136,
        10145,10146,10160,10161,10175,10176,10548,10550,11013,11016,11035,11037,11088,11089,11093,11094,
        11503,11506,11647,11648,11744,11776,12330,12336,12337,12349,12350,12441,12443,12951,12952,12953,
        12954,42607,42611,42612,42622,42654,42656,42736,42738,43010,43011,43014,43015,43019,43020,43043,
        43045,43047,43048,43052,43053,43136,43138,43188,43204,43206,43232,43250,43263,43264,43302,43310,
        43335,43346,43347,43348,43360,43389,43392,43395,43396,43401,43404,43407,43443,43444,43446,43450,
        43452,43454,43456,43457,43488,43493,43494,43495,43504,43514,43519,43561,43567,43569,43571,43573,
        43575,43587,43588,43596,43597,43598,43616,43632,43633,43636,43642,43643,43644,43645,43646,43648,
        43696,43697,43698,43701,43703,43705,43710,43712,43713,43714,43744,43755,43756,43758,43760,43765,
        43766,43767,43968,43995,44003,44005,44006,44008,44009,44011,44012,44013,44014,44032,55204,55216,
        55239,55243,55292,64286,64287,65024,65040,65056,65072,65279,65280,65438,65440,65520,65532,66045,
        66046,66272,66273,66422,66427,68096,68097,68100,68101,68103,68108,68112,68116,68117,68120,68121,
        68150,68152,68155,68159,68160,68325,68327,68900,68904,68969,68974,69291,69293,69370,69376,69446,
        69457,69506,69510,69632,69633,69634,69635,69688,69703,69744,69745,69747,69749,69759,69762,69763,
        69808,69811,69815,69817,69819,69821,69822,69826,69827,69837,69838,69888,69891,69927,69932,69933,
        69941,69956,69957,69959,69960,70003,70004,70016,70018,70019,70067,70070,70079,70080,70081,70082,
        70084,70089,70093,70094,70095,70096,70188,70191,70194,70196,70200,70206,70207,70209,70210,70367,
        70368,70371,70379,70400,70402,70404,70459,70461,70462,70463,70464,70465,70469,70471,70473,70475,
        70477,70478,70487,70488,70498,70500,70502,70509,70512,70517,70528,70538,70539,70540,70542,70543,
        70544,70582,70584,70585,70587,70593,70594,70595,70597,70598,70599,70602,70603,70604,70606,70609,
        70610,70611,70625,70627,70709,70712,70720,70722,70725,70726,70727,70750,70751,70832,70833,70835,
        70841,70842,70843,70845,70846,70847,70849,70850,70852,71087,71088,71090,71094,71096,71100,71102,
        71103,71105,71132,71134,71216,71219,71227,71229,71230,71231,71233,71339,71340,71341,71342,71344,
        71352,71453,71454,71455,71456,71458,71462,71463,71468,71724,71727,71736,71737,71739,71936,71943,
        71945,71946,71948,71956,71957,71959,71960,71984,71985,71990,71991,71993,71995,71999,72000,72001,
        72002,72003,72004,72145,72148,72152,72154,72156,72160,72161,72164,72165,72192,72193,72203,72243,
        72249,72250,72251,72255,72263,72264,72272,72273,72279,72281,72284,72324,72330,72343,72344,72346,
        72544,72545,72546,72549,72550,72551,72552,72751,72752,72759,72760,72766,72767,72768,72850,72872,
        72873,72874,72881,72882,72884,72885,72887,73009,73015,73018,73019,73020,73022,73023,73030,73031,
        73032,73098,73103,73104,73106,73107,73109,73110,73111,73112,73459,73461,73463,73472,73474,73475,
        73476,73489,73490,73524,73526,73531,73534,73536,73539,73562,73563,78896,78912,78913,78919,78934,
        90398,90410,90413,90416,92912,92917,92976,92983,94031,94032,94033,94088,94095,94099,94180,94181,
        94192,94194,113821,113823,113824,113828,118528,118574,118576,118599,119141,119146,119149,119155,
        119163,119171,119173,119180,119210,119214,119362,119365,121344,121399,121403,121453,121461,
        121462,121476,121477,121499,121504,121505,121520,122880,122887,122888,122905,122907,122914,
        122915,122917,122918,122923,123023,123024,123184,123191,123566,123567,123628,123632,124140,
        124144,124398,124400,124643,124644,124646,124647,124654,124656,124661,124662,125136,125143,
        125252,125259,126980,126981,127020,127024,127124,127136,127151,127153,127168,127169,127183,
        127185,127222,127232,127344,127346,127358,127360,127374,127375,127377,127387,127406,127462,
        127488,127489,127504,127514,127515,127535,127536,127538,127547,127548,127552,127561,127584,
        127590,127778,127780,127892,127894,127896,127897,127900,127902,127985,127987,127990,127991,
        127995,128000,128254,128255,128318,128329,128335,128336,128360,128367,128369,128371,128379,
        128391,128392,128394,128398,128400,128401,128405,128407,128420,128422,128424,128425,128433,
        128435,128444,128445,128450,128453,128465,128468,128476,128479,128481,128482,128483,128484,
        128488,128489,128495,128496,128499,128500,128506,128592,128640,128710,128715,128723,128725,
        128742,128745,128746,128747,128753,128755,128768,128986,129024,129036,129040,129096,129104,
        129114,129120,129160,129168,129198,129200,129212,129216,129218,129232,129241,129280,129292,
        129339,129340,129350,129351,129536,129624,129632,129646,129792,130048,131070,917504,917536,
        917632,917760,918000,921600}'::integer[]) - 1)
    + ((c - 44032) % 28 > 0)::integer * (c >= 44032)::integer * (c <= 55203)::integer]
$$;

-- Whether code point `c` is a Prepend character, which joins what follows it (GB9b): the
-- only code points that join a code point below U+0300 after them but CR (LF) and ZWJ (©, ®).
-- A binary search of the bounds of their runs, which the planner counts as one operator
-- (a list of them would count as many); all strict, so that it is inlined.
CREATE OR REPLACE FUNCTION sift.is_prepend(c integer) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT width_bucket(c, '{1536,1542,1757,1758,1807,1808,2192,2194,2274,2275,3406,3407,69821,69822,69837,69838,70082,70084,70609,
    70610,71999,72000,72001,72002,72324,72330,73030,73031,73474,73475}'::integer[]) % 2 = 1
$$;
-- End of the code written from Swift's `Character`.

-- The 1-based positions (in code points) where the clusters of `t` start, and its length + 1.
CREATE OR REPLACE FUNCTION sift.cluster_starts(t text) RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    starts integer[] := ARRAY[1];
    i integer := 0;
    character_ text;
    previous text;
    current text;
    regional integer := 0;                 -- regional indicators in a row before this one
    pictographic boolean := false;         -- an Extended_Pictographic Extend* run ends before this one
    pictographic_zwj boolean := false;     -- an Extended_Pictographic Extend* ZWJ run ends before this one
    conjunct integer := 0;    -- 1: an InCB Consonant [Extend Linker]* run ends before this one; 2: a Linker is in it
BEGIN
    IF t = '' THEN RETURN ARRAY[1]; END IF;
    FOREACH character_ IN ARRAY string_to_array(t, NULL) LOOP
        i := i + 1;
        current := sift.cluster_class(ascii(character_));
        IF i > 1 AND NOT (
            (previous = 'CR' AND current = 'LF')                                              -- GB3
            OR (previous NOT IN ('CR', 'LF', 'Control') AND current NOT IN ('CR', 'LF', 'Control') AND (
                (previous = 'L' AND current IN ('L', 'V', 'LV', 'LVT'))                          -- GB6
                OR (previous IN ('LV', 'V') AND current IN ('V', 'T'))                            -- GB7
                OR (previous IN ('LVT', 'T') AND current = 'T')                                   -- GB8
                OR current IN ('Extend', 'ZWJ', 'Linker', 'OtherExtend', 'SpacingMark')          -- GB9, GB9a
                OR previous = 'Prepend'                                                           -- GB9b
                OR (current = 'Consonant' AND conjunct = 2)                                       -- GB9c
                OR (current = 'Pictographic' AND pictographic_zwj)                                -- GB11
                OR (previous = 'RI' AND current = 'RI' AND regional % 2 = 1)))                    -- GB12, GB13
        ) THEN
            starts := starts || i;
        END IF;
        IF current = 'RI' THEN regional := regional + 1; ELSE regional := 0; END IF;
        pictographic_zwj := current = 'ZWJ' AND pictographic;
        pictographic := current = 'Pictographic' OR (pictographic AND current IN ('Extend', 'Linker', 'OtherExtend'));
        IF current = 'Consonant' THEN conjunct := 1;
        ELSIF current = 'Linker' AND conjunct > 0 THEN conjunct := 2;
        ELSIF current NOT IN ('Extend', 'ZWJ', 'Linker') THEN conjunct := 0; END IF;
        previous := current;
    END LOOP;
    RETURN starts || (i + 1);
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
-- character: no mark, jamo, regional indicator, consonant nor joiner) that follows neither CR, a
-- ZWJ nor a Prepend character (GB3, GB11, GB9b). False means "not known": `cluster_starts` answers
-- then. Not STRICT, so that the planner inlines it into the calling expression (NULL in, NULL out
-- all the same).
CREATE OR REPLACE FUNCTION sift.plain_boundary(t text, i integer) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT i <= 1 OR i > length(t) OR (ascii(substr(t, i, 1)) < 768 AND ascii(substr(t, i - 1, 1)) NOT IN (13, 8205)
    AND NOT sift.is_prepend(ascii(substr(t, i - 1, 1))))
$$;

-- Whether every match of `needle` found in a text is whole characters as soon as the code point
-- after it is below U+0300 or the text ends there, and the one before it is no Prepend character:
-- its first code point starts a cluster wherever else it stands (below U+0300, and neither LF,
-- which a CR before it joins, nor © or ®, pictographs a ZWJ before them may join: GB3, GB11), and
-- its last one joins no such code point after it (neither CR, a ZWJ nor a Prepend character). The
-- code points themselves are compared, so no form is needed: a match of the same code points
-- ending at a cluster boundary is the same characters. True for "". Not STRICT, so that it is
-- inlined (NULL in, NULL out all the same).
CREATE OR REPLACE FUNCTION sift.plain_edges(needle text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT ascii(needle) < 768 AND ascii(needle) NOT IN (10, 169, 174) AND ascii(right(needle, 1)) NOT IN (13, 8205)
    AND NOT sift.is_prepend(ascii(right(needle, 1)))
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
-- query (no call per row), where the match's boundaries are plain; otherwise the function
-- `..._by_clusters` computes the clusters. NULL in, NULL out. `hasPrefix`: the prefix's code
-- points followed by nothing or by a code point below U+0300; `hasSuffix`: both texts NFC and
-- `plain_boundary`.
--
-- `contains` of a needle whose edges are plain (`plain_edges` above): a match of its code points
-- preceded by nothing or by a code point below U+0600 (no Prepend character is) and followed by
-- nothing or by a code point below U+0300 is whole characters; one regular expression, the
-- needle's characters escaped, looks for one. A needle of over 10,000 characters makes no pattern
-- (PostgreSQL refuses one that long as too complex).
-- The planner charges every branch of a CASE to every row it tests, one operator for each call,
-- whichever branch is taken, and the total decides the plan and whether it is compiled (JIT): this
-- one is charged two. Comparing the code points around `strpos`'s match instead costs ten, which
-- tipped a plan from a hash join that tests every row to a nested loop over a relationship's
-- links that tests fewer, slower; an ASCII test before the pattern (`octet_length = length`, then
-- `strpos`) costs five more, which took a query over ten million rows past the cost at which
-- PostgreSQL inlines and optimises its JIT code, 0.7 s of compiling on each run.
CREATE OR REPLACE FUNCTION sift.contains(haystack text, needle text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT CASE
    WHEN sift.plain_edges(needle) AND length(needle) <= 10000 AND haystack COLLATE "C" ~ ('(?:^|[\x01-\u05FF])'
        || regexp_replace(needle, '[\\^$.|?*+()\[\]{}]', '\\\&', 'g') || '(?:[\x01-\u02FF]|$)') THEN true
    ELSE sift.contains_by_clusters(haystack, needle)
END
$$;

-- `sift.contains` where the needle is read from each row (a column, an expression): the planner
-- cannot fold a pattern made of it, and PostgreSQL keeps only a few compiled patterns, so this
-- one compares the code points around `strpos`'s first match instead (the same answers). In an
-- ASCII text (as many bytes as characters) every code point is a character, and a needle in NFC
-- is found exactly where `strpos` finds it (no ASCII text is canonically equivalent to another).
CREATE OR REPLACE FUNCTION sift.contains_each_row(haystack text, needle text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT CASE
    WHEN sift.plain_edges(needle) AND needle IS NFC NORMALIZED AND octet_length(haystack) = length(haystack)
        THEN strpos(haystack, needle) > 0
    WHEN strpos(haystack, needle) > 0 AND sift.plain_edges(needle)
        AND substr(haystack, strpos(haystack, needle) + length(needle), 1) COLLATE "C" < chr(768)
        AND substr(haystack, strpos(haystack, needle) - 1, 1) COLLATE "C" < chr(1536) THEN true
    ELSE sift.contains_by_clusters(haystack, needle)
END
$$;

CREATE OR REPLACE FUNCTION sift.has_prefix(haystack text, prefix text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT CASE
    WHEN starts_with(haystack, prefix) AND ascii(right(prefix, 1)) NOT IN (13, 8205)
        AND NOT sift.is_prepend(ascii(right(prefix, 1))) AND substr(haystack, length(prefix) + 1, 1) COLLATE "C" < chr(768) THEN true
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
