#!/usr/bin/env bash
# Writes src/README.md's table from the first `//!` line of every source file.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "# src/ — what each file is for"
echo
echo "Generated from each file's opening \`//!\` line; regenerate with the command at the bottom."
echo
echo "| file | what it is for |"
echo "|---|---|"
find src -name '*.rs' | sort | while read -r f; do
    printf '| `%s` | %s |\n' "${f#src/}" "$(grep -m1 '^//!' "$f" | sed 's#^//! *##; s/|/\\|/g')"
done
echo
echo 'Regenerate: `bash docs/gen_src_readme.sh > src/README.md`'
