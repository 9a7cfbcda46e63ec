#!/bin/sh
# Regenerates the seed corpora from the repository's own examples:
#   Fuzz/corpus-compiler/     one query per file: Grammar/README.md's sift blocks, Examples/*.sift
#                             (one query per entry), the golden files' queries, and a few inputs in
#                             the generator mode (first byte 0x80 and above, see CompilerHarness).
#   Fuzz/corpus-model-file/   Examples/Models.swift, the golden schemas, Grammar/README.md's sift-model blocks.
# Seeds are named after their origin; files the fuzzer added (named by hash) are kept.
set -eu
cd "$(dirname "$0")/.."
compiler=Fuzz/corpus-compiler
models=Fuzz/corpus-model-file
mkdir -p "$compiler" "$models"
rm -f "$compiler"/seed-* "$models"/seed-*

# Grammar/README.md: every ```sift, ```sift-error and ```sift-script block is one seed.
awk -v dir="$compiler" -v mdir="$models" '
    /^```sift-model/ { f = 2; n++; next }
    /^```sift/ { f = 1; n++; next }
    /^```/ { f = 0; next }
    f == 1 { printf "%s\n", $0 > (dir "/seed-grammar-" n ".sift") }
    f == 2 { printf "%s\n", $0 > (mdir "/seed-grammar-" n ".swift") }
' Grammar/README.md

# Examples/*.sift: one query per entry (an entry ends when its braces balance).
for file in Examples/*.sift; do
    base=$(basename "$file" .sift)
    awk -v dir="$compiler" -v base="$base" '
        /^[ \t]*$/ || (/^[ \t]*\/\// && depth == 0) { next }
        {
            text = text $0 "\n"
            line = $0
            depth += gsub(/\{/, "{", line) - gsub(/\}/, "}", line)
            if (depth <= 0) { n++; printf "%s", text > (dir "/seed-example-" base "-" n ".sift"); text = ""; depth = 0 }
        }
    ' "$file"
done

# Golden files: the query between the description comments and "// expect:".
for file in Tests/SiftCheckerTests/Golden/*/*.sift; do
    folder=$(basename "$(dirname "$file")")
    base=$(basename "$file" .sift)
    awk 'BEGIN { q = 0 } /^\/\/ expect:/ { exit } !q && /^\/\// { next } { q = 1; print }' "$file" \
        > "$compiler/seed-golden-$folder-$base.sift"
done

# Generator mode: a few fixed byte strings (first byte selects the mode and the schema).
i=0
for first in 80 81 85 86 87; do
    for n in 1 2 3 4; do
        i=$((i + 1))
        { printf "\\$(printf %o 0x$first)"; head -c 96 /dev/urandom; } > "$compiler/seed-generator-$i"
    done
done

cp Examples/Models.swift "$models/seed-example-models.swift"
for file in Tests/SiftCheckerTests/Golden/schemas/*.models; do
    cp "$file" "$models/seed-golden-$(basename "$file" .models).swift"
done
echo "$(ls "$compiler" | wc -l) compiler seeds, $(ls "$models" | wc -l) model-file seeds"

# Model texts written as multi-line string literals in the schema tests.
for file in Tests/SiftSchemaTests/ModelFileTests.swift Tests/SiftSchemaTests/SchemaDiagnosticTests.swift \
    Tests/SiftSchemaTests/SchemaPendingTests.swift Tests/SiftSchemaTests/RefinementTests.swift \
    Tests/SiftSyntaxTests/ModelFileTests.swift; do
    base=$(basename "$file" .swift)
    awk -v dir="$models" -v base="$base" '
        /"""[ \t]*$/ && !f && !/^[ \t]*"""/ { f = 1; n++; indent = -1; next }
        f && /^[ \t]*"""/ { f = 0; next }
        f { printf "%s\n", $0 > (dir "/seed-test-" base "-" n ".swift") }
    ' "$file"
done
echo "$(ls "$models" | wc -l) model-file seeds with the tests' models"
