#!/bin/sh
# Regenerates iso_words_swipl.txt: what SWI-Prolog prints for each formal error term listed in
# iso_words_swipl.pl. Variable names such as _7790 change from run to run, so they are written
# as _G. Run from anywhere; needs swipl on the PATH.
cd "$(dirname "$0")" &&
    swipl -q -g main -t halt iso_words_swipl.pl 2>&1 | sed -E 's/_[0-9]+/_G/g' > iso_words_swipl.txt
