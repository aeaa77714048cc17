/*  ply library: older names that programs written for SWI-Prolog and
    its predecessors still call.

    flag/3 keeps a number per key across backtracking (in a global
    variable named after the key), as SWI-Prolog's flag database does; apply/2 calls a goal with extra arguments;
    concat_atom/2,3 are atomic_list_concat/2,3; writef/1,2 write a text
    with SWI-Prolog's directives (%w, %p, %q, %d, %s, %n, %r, %f, columns %Nc,
    %Nl, %Nr) and escapes (\l, \n, \t, \NNN),
    and swritef/2,3 give that text as a string;
    unknown/2 reads and sets the unknown flag in the Edinburgh words.
*/

flag(Key, Old, New) :-
    (   var(Key)
    ->  throw(error(instantiation_error, context(system:get_flag/2, _)))
    ;   atom(Key) -> true
    ;   integer(Key) -> true
    ;   compound(Key) -> true
    ;   throw(error(type_error(key, Key), context(system:get_flag/2, _)))
    ),
    format(atom(Name), '$flag ~q', [Key]),
    catch(nb_getval(Name, Current), error(existence_error(_, _), _), Current = 0),
    Old = Current,
    Value is New,
    nb_setval(Name, Value).

apply(Goal, Extra) :-
    (   var(Goal)
    ->  throw(error(instantiation_error, _))
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

% string_to_list(?String, ?Codes): the old name of string_codes/2.
string_to_list(String, Codes) :-
    string_codes(String, Codes).

% atom_char(?Char, ?Code): library(quintus)'s name for char_code/2, which SWI-Prolog loads
% on first use.
atom_char(Char, Code) :-
    char_code(Char, Code).

writef(Format) :-
    writef(Format, []).
% The text is written by a failure-driven loop, as in SWI-Prolog: writef/2 never binds
% anything in its arguments and always succeeds once the text is out.
writef(Format, Args) :-
    '$writef_codes'(Format, Codes),
    '$writef'(Codes, Args),
    fail.
writef(_, _).

% swritef(-String, +Format, +Args) and swritef(-String, +Format): what writef/2 would write,
% as a string.
swritef(String, Format, Args) :-
    with_output_to(string(String), writef(Format, Args)).
swritef(String, Format) :-
    swritef(String, Format, []).

'$writef_codes'(Format, Codes) :-
    (   is_list(Format) -> Codes = Format
    ;   string(Format) -> string_codes(Format, Codes)
    ;   atom_codes(Format, Codes)
    ).

% A directive whose argument is missing, or an unknown one, is written as it stands.
'$writef'([], _).
'$writef'([0'%, C|Cs], As) :-
    '$writef_directive'(C, As, As1),
    !,
    '$writef'(Cs, As1).
'$writef'([0'%, D|Cs], [A|As]) :-
    code_type(D, digit),
    '$writef_column'(Cs0, Width, Side, [D|Cs]),
    !,
    '$writef_padded'(A, Width, Side),
    '$writef'(Cs0, As).
'$writef'([0'\\, C|Cs], As) :-
    '$writef_escape'(C, Code),
    !,
    put_code(Code),
    '$writef'(Cs, As).
'$writef'([0'\\|Cs], As) :-
    '$writef_digits'(3, Ds, Cs, Cs1),
    Ds = [_|_],
    number_codes(Code, Ds),
    Code < 128,
    !,
    put_code(Code),
    '$writef'(Cs1, As).
'$writef'([C|Cs], As) :-
    put_code(C),
    '$writef'(Cs, As).

'$writef_directive'(0'w, [A|As], As) :- write(A).
'$writef_directive'(0'p, [A|As], As) :- print(A).
'$writef_directive'(0't, [A|As], As) :- print(A).
'$writef_directive'(0'q, [A|As], As) :- writeq(A).
'$writef_directive'(0'd, [A|As], As) :- write_canonical(A).
'$writef_directive'(0'n, [A|As], As) :- put_code(A).
'$writef_directive'(0's, [A|As], As) :- forall(member(C, A), put_code(C)).
'$writef_directive'(0'f, As, As) :- flush_output.
'$writef_directive'(0'r, [A, N|As], As) :- forall(between(1, N, _), write(A)).

'$writef_escape'(0'n, 0'\n).
'$writef_escape'(0'l, 0'\n).
'$writef_escape'(0'r, 0'\n).
'$writef_escape'(0't, 0'\t).
'$writef_escape'(0'\\, 0'\\).
'$writef_escape'(0'%, 0'%).

% %Nc, %Nl and %Nr: a column of N (up to three digits) with the text centred, on the
% left or on the right; at least one space always stays beside the text.
'$writef_column'(Rest, Width, Side, Codes) :-
    '$writef_digits'(3, Ds, Codes, [J|Rest]),
    number_codes(Width, Ds),
    '$writef_side'(J, Side).

'$writef_side'(0'c, c).
'$writef_side'(0'l, l).
'$writef_side'(0'r, r).
'$writef_side'(0'C, c).
'$writef_side'(0'L, l).
'$writef_side'(0'R, r).

'$writef_digits'(N, [D|Ds], [D|Cs], Rest) :-
    N > 0,
    code_type(D, digit),
    !,
    N1 is N - 1,
    '$writef_digits'(N1, Ds, Cs, Rest).
'$writef_digits'(_, [], Cs, Cs).

% A list of printable codes stands for its text, as in SWI-Prolog; anything else is
% written with write/1.
'$writef_padded'(A, Width, Side) :-
    (   '$writef_text_codes'(A) -> atom_codes(T, A)
    ;   format(atom(T), '~w', [A])
    ),
    atom_length(T, Len),
    '$writef_spaces'(Side, Width, Len, Left, Right),
    tab(Left),
    write(T),
    tab(Right).

'$writef_text_codes'([]).
'$writef_text_codes'([C|Cs]) :-
    integer(C),
    ( C =:= 9 ; C =:= 10 ; between(32, 126, C) ),
    !,
    '$writef_text_codes'(Cs).

'$writef_spaces'(l, Width, Len, 0, Right) :- Right is max(1, Width - Len).
'$writef_spaces'(r, Width, Len, Left, 0) :- Left is max(1, Width - Len).
'$writef_spaces'(c, Width, Len, Left, Right) :-
    Left is max(1, round((Width - Len) / 2)),
    Right is max(1, Width - Len - Left).

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
