/*  ply library: gensym, SWI-Prolog's unique atoms from a base.

    gensym(+Base, -Unique) gives Base followed by the next number of Base's
    counter (a1, a2, ...), one counter per base, kept in flag/3 under the
    key '$gs_'Base as SWI-Prolog keeps it, so that reset_gensym/1 starts
    Base again from 1 and reset_gensym/0 starts every base again (the bases
    used so far are listed in the global variable '$gensym_bases').  The
    counters are global: they survive backtracking.
*/

%   gensym(+Base, -Unique): Unique is Base with its counter's next value.
gensym(Base, Atom) :-
    atom_concat('$gs_', Base, Key),
    flag(Key, Old, Old+1),
    (   Old =:= 0
    ->  '$gensym_bases'(Bases),
        nb_setval('$gensym_bases', [Key|Bases])
    ;   true
    ),
    New is Old+1,
    atom_concat(Base, New, Atom).

%   reset_gensym(+Base): Base's next atom is numbered 1 again.
reset_gensym(Base) :-
    atom_concat('$gs_', Base, Key),
    flag(Key, _, 0).

%   reset_gensym: every base's next atom is numbered 1 again.
reset_gensym :-
    '$gensym_bases'(Keys),
    forall(member(Key, Keys), flag(Key, _, 0)).

'$gensym_bases'(Keys) :-
    (   nb_current('$gensym_bases', Keys)
    ->  true
    ;   Keys = []
    ).
