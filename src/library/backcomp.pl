/*  ply library: older names that programs written for SWI-Prolog and
    its predecessors still call.

    flag/3 keeps a number per key across backtracking (in a global
    variable named after the key), as SWI-Prolog's flag database does; apply/2 calls a goal with extra arguments;
    concat_atom/2,3 are atomic_list_concat/2,3; writef/1,2 write a text
    with %w (and %d) replaced by the next argument and \l as a newline;
    unknown/2 reads and sets the unknown flag in the Edinburgh words.
*/

flag(Key, Old, New) :-
    (   var(Key)
    ->  throw(error(instantiation_error, context(flag/3, _)))
    ;   atomic(Key) -> true
    ;   compound(Key) -> true
    ;   throw(error(type_error(key, Key), context(flag/3, _)))
    ),
    format(atom(Name), '$flag ~q', [Key]),
    catch(nb_getval(Name, Current), error(existence_error(_, _), _), Current = 0),
    Old = Current,
    Value is New,
    nb_setval(Name, Value).

apply(Goal, Extra) :-
    (   var(Goal)
    ->  throw(error(instantiation_error, context(apply/2, _)))
    ;   true
    ),
    Goal =.. List0,
    append(List0, Extra, List),
    Call =.. List,
    call(Call).

concat_atom(List, Atom) :-
    atomic_list_concat(List, Atom).
concat_atom(List, Separator, Atom) :-
    atomic_list_concat(List, Separator, Atom).

writef(Format) :-
    writef(Format, []).
writef(Format, Args) :-
    atom_codes(Format, Codes),
    '$writef'(Codes, Args).

'$writef'([], _).
'$writef'([0'%, C|Cs], [A|As]) :-
    ( C == 0'w ; C == 0'd ),
    !,
    write(A),
    '$writef'(Cs, As).
'$writef'([0'\\, 0'l|Cs], As) :-
    !,
    nl,
    '$writef'(Cs, As).
'$writef'([C|Cs], As) :-
    char_code(Ch, C),
    put_char(Ch),
    '$writef'(Cs, As).

% unknown(-Old, +New): the Edinburgh interface to the unknown flag, as SWI-Prolog's
% library(edinburgh) has it: `trace` stands for error (and warning), `fail` for fail.
unknown(Old, New) :-
    current_prolog_flag(unknown, O),
    '$unknown_map'(O, Old),
    '$unknown_map'(N, New),
    !,
    set_prolog_flag(unknown, N).

'$unknown_map'(error, trace).
'$unknown_map'(warning, trace).
'$unknown_map'(fail, fail).
