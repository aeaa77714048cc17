#!/usr/bin/env bash
# Writes src/README.md's tables from the first `//!` line of every source file: the ply package's
# own files under src/, then each of the workspace's crates under crates/*/src/.
set -euo pipefail
cd "$(dirname "$0")/.."
# The table of the Rust files under $1, named relative to it.
table() {
    echo "| file | what it is for |"
    echo "|---|---|"
    find "$1" -name '*.rs' | sort | while read -r f; do
        printf '| `%s` | %s |\n' "${f#"$1"/}" "$(grep -m1 '^//!' "$f" | sed 's#^//! *##; s/|/\\|/g')"
    done
}
echo "# src/ — what each file is for"
echo
echo "Generated from each file's opening \`//!\` line; regenerate with the command at the bottom."
echo "The \`ply\` package's own files come first; the layers below it are the workspace's crates,"
echo "each with a table of its own."
echo
echo "## \`ply\` (\`src/\`)"
echo
table src
for c in crates/*/; do
    c=${c%/}
    echo
    echo "## \`${c#crates/}\` (\`$c/src/\`)"
    echo
    table "$c/src"
done
echo
echo 'Regenerate: `bash docs/gen_src_readme.sh > src/README.md`'
