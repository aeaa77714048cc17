#!/usr/bin/env bash
# Checks that swipl exits with the statuses tests/it/exit_status.rs expects of ply.
# Usage: bash tests/exit_status/swipl.sh   (needs swipl; prints one line per disagreement)
cd "$(dirname "$0")"
bad=0
check() {
    local want=$1; shift
    swipl "$@" </dev/null >/dev/null 2>&1
    local got=$?
    if [ "$got" != "$want" ]; then echo "swipl $*: $got, table says $want"; bad=1; fi
}
check 1 -q -t halt nosuch.pl
check 1 -q -g halt nosuch.pl
check 1 -q -g true -t halt nosuch.pl
check 1 -q nosuch.pl
check 0 -q -t halt syn.pl
check 0 -q -t halt undefdir.pl
check 0 -q -t halt faildir.pl
check 0 -q -t halt errdir.pl
check 0 -q -t halt warn.pl
check 0 -q -t halt ok.pl
check 2 -q -g 'consult(nosuch)' -t halt
check 1 -q -g fail -t halt ok.pl
check 1 -q mainfail.pl
check 2 -q mainerr.pl
check 3 -q halt3.pl
check 4 -q mainhalt.pl
[ $bad = 0 ] && echo "all statuses as in the table"
exit $bad
