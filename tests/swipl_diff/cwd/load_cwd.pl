% A relative name that is not beside this file is looked for from the working directory,
% as SWI-Prolog's loader does: pairs_mod.pl is in tests/swipl_diff, not in cwd/.
:- use_module("pairs_mod.pl").
:- ensure_loaded(sub/helper).

main :- writeln(loaded).
