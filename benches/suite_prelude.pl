% The prelude of benches/suite.sh, loaded before each program of the suite in every system.
%
% Four programs open with Quintus-style `:- mode(...)` declarations, which SWI-Prolog takes
% from a compatibility library and ply does not define: a fact that accepts any mode makes
% them a no-op in both. The suite's programs have singleton variables that SWI-Prolog would
% warn about on every load.

:- (   current_prolog_flag(dialect, swi)
   ->  style_check(-singleton)
   ;   true
   ).

mode(_).
