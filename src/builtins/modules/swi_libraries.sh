#!/bin/sh
# The names library(Name) finds in SWI-Prolog's own library, one a line, sorted:
#   sh src/builtins/modules/swi_libraries.sh > src/builtins/modules/swi_libraries.txt
# They are the files under every directory user:file_search_path(library, Dir) names in the
# installed swipl (swi(library) and swi(library/clp)), without the `.pl`.
set -e
swipl -q -g "forall((user:file_search_path(library, D), absolute_file_name(D, A, [file_type(directory), solutions(all), file_errors(fail)])), (writeln(A)))" -t halt |
while read -r dir; do
    (cd "$dir" && find . -name '*.pl' | sed 's|^\./||; s|\.pl$||')
done | grep -v -e '^INDEX$' -e '^MKINDEX$' -e '/INDEX$' | LC_ALL=C sort -u
