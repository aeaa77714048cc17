/*  ply library: the Quintus Prolog names SWI-Prolog's library(quintus)
    keeps for older programs, and skip/1,2.

    The arithmetic predicates (abs/2, ceiling/2, sqrt/2, pow/3, ...) are
    the functions of is/2 as predicates, their result the last argument;
    raise_exception/1 and on_exception/3 are throw/1 and catch/3;
    genarg/3 is arg/3; prolog_flag/2 is current_prolog_flag/2; mode/1
    declarations are read and ignored, as in SWI-Prolog.
*/

abs(X, Y) :- Y is abs(X).
sign(X, Y) :- Y is sign(X).
ceiling(X, Y) :- Y is ceiling(X).
floor(X, Y) :- Y is floor(X).
round(X, Y) :- Y is round(X).
sqrt(X, Y) :- Y is sqrt(X).
sin(X, Y) :- Y is sin(X).
cos(X, Y) :- Y is cos(X).
tan(X, Y) :- Y is tan(X).
asin(X, Y) :- Y is asin(X).
acos(X, Y) :- Y is acos(X).
atan(X, Y) :- Y is atan(X).
atan2(Y, X, V) :- V is atan(Y, X).
log(X, Y) :- Y is log(X).
log10(X, Y) :- Y is log10(X).
pow(X, Y, Z) :- Z is X**Y.

genarg(N, T, A) :- arg(N, T, A).

simple(X) :-
    (   atomic(X)
    ->  true
    ;   var(X)
    ).

prolog_flag(Flag, Value) :- current_prolog_flag(Flag, Value).

raise_exception(Ball) :- throw(Ball).
on_exception(Ball, Goal, Recovery) :- catch(Goal, Ball, Recovery).

mode(_).

no_style_check(Style) :- style_check(-Style).

%   skip(+Code), skip(+Stream, +Code): read up to and including the next Code, or to the end
%   of the input.
skip(Code) :-
    current_input(S),
    skip(S, Code).
skip(S, Code0) :-
    (   atom(Code0) -> char_code(Code0, Code) ; Code = Code0 ),
    '$must_be_integer'(Code, skip/2),
    '$skip_to'(S, Code).
'$skip_to'(S, Code) :-
    get_code(S, C),
    (   C =:= -1 -> true
    ;   C =:= Code -> true
    ;   '$skip_to'(S, Code)
    ).

skip_line :- skip(0'\n).
skip_line(S) :- skip(S, 0'\n).
