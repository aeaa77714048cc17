# Sourced by the benchmark scripts: `usage` prints the running script's opening comment, which
# is its help, to stderr and exits 64. The comment ends at the first line that is not one.
usage() {
    awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0" >&2
    exit 64
}
