# Sourced by the benchmark scripts once their options are read, from the project root ($root):
# when $ply is empty, build the release binary (unless $build is 0) and take it from
# $CARGO_TARGET_DIR, or target/ when that is unset; then make sure it is there.
if [[ -z ${ply:-} ]]; then
    if [[ ${build:-1} -eq 1 ]]; then
        (cd "$root" && cargo build --release >&2)
    fi
    ply="${CARGO_TARGET_DIR:-$root/target}/release/ply"
fi
[[ -x $ply ]] || { echo "no ply binary at $ply" >&2; exit 1; }
