# Sourced by the benchmark scripts: SWI-Prolog is the reference, so install it when it is
# missing (swi-prolog-nox from the distribution).
if ! command -v swipl >/dev/null 2>&1; then
    echo "swipl not found; installing swi-prolog-nox" >&2
    if [[ $(id -u) -eq 0 ]]; then
        apt-get update && apt-get install -y swi-prolog-nox
    else
        sudo apt-get update && sudo apt-get install -y swi-prolog-nox
    fi
fi
