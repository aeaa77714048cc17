/*  ply library: DCG translation and phrase/2,3.

    Plain clauses loaded into ply's system at start-up.  The loader calls
    dcg_translate_rule/2 for every `Head --> Body` clause.  The translation
    follows SWI-Prolog's: terminals become S0 = [...|S] goals in the body,
    so a cut before them behaves as written (the compiler moves an opening
    one into the head, as SWI-Prolog's does: compile/head_merge.rs),
    {}/1, !, \+ and [] thread the state with explicit
    unifications, a variable body becomes phrase/3, strings are code
    lists, and call//N and any other non-terminal are extended with the
    two list arguments.  Helpers carry a '$' prefix so they never clash
    with user programs.
*/

dcg_translate_rule(Rule, Clause) :-
    (   var(Rule)
    ->  throw(error(instantiation_error, _))
    ;   Rule = (Head --> Body)
    ->  '$dcg_rule'(Head, Body, Clause)
    ).

% A head qualified by a module, `prolog:message(M) --> ...`, is a clause of that module:
% `M:H :- B`, as SWI-Prolog translates it.
'$dcg_rule'(Head, Body, (M:H :- B)) :-
    nonvar(Head),
    Head = M:Head1,
    !,
    '$dcg_rule'(Head1, Body, (H :- B)).
'$dcg_rule'(Head, Body, Clause) :-
    nonvar(Head),
    Head = (NonTerminal, PushBack),
    !,
    '$dcg_pushback'(PushBack),
    '$dcg_nonterminal'(NonTerminal, S0, S, H),
    '$dcg_body'(Body, S0, S1, B0),
    '$dcg_body'(PushBack, S, S1, B1),
    Clause = (H :- B0, B1).
'$dcg_rule'(Head, Body, (H :- B)) :-
    '$dcg_nonterminal'(Head, S0, S, H),
    '$dcg_body'(Body, S0, S, B).

'$dcg_pushback'(PushBack) :-
    (   '$dcg_terminals'(PushBack)
    ->  true
    ;   throw(error(type_error(list, PushBack), _))
    ).

'$dcg_terminals'(List) :-
    nonvar(List),
    (   List = [_|_]
    ->  true
    ;   List == []
    ->  true
    ;   string(List)
    ).

%   '$dcg_body'(+Body, ?S0, ?S, -Goal): Goal runs Body from S0 to S.
'$dcg_body'(Var, S0, S, phrase(Var, S0, S)) :-
    var(Var),
    !.
'$dcg_body'((A, B), S0, S, (GA, GB)) :-
    !,
    '$dcg_body'(A, S0, S1, GA),
    '$dcg_body'(B, S1, S, GB).
'$dcg_body'((A ; B), S0, S, (GA ; GB)) :-
    !,
    '$dcg_body'(A, S0, S, GA),
    '$dcg_body'(B, S0, S, GB).
'$dcg_body'((A | B), S0, S, (GA ; GB)) :-
    !,
    '$dcg_body'(A, S0, S, GA),
    '$dcg_body'(B, S0, S, GB).
'$dcg_body'((C -> T), S0, S, (GC -> GT)) :-
    !,
    '$dcg_body'(C, S0, S1, GC),
    '$dcg_body'(T, S1, S, GT).
'$dcg_body'((C *-> T), S0, S, (GC *-> GT)) :-
    !,
    '$dcg_body'(C, S0, S1, GC),
    '$dcg_body'(T, S1, S, GT).
'$dcg_body'(\+ C, S0, S, (\+ GC, S = S0)) :-
    !,
    '$dcg_body'(C, S0, _, GC).
'$dcg_body'(!, S0, S, (!, S = S0)) :-
    !.
'$dcg_body'([], S0, S, S0 = S) :-
    !.
'$dcg_body'({}, S0, S, (true, S = S0)) :-
    !.
'$dcg_body'({Goal}, S0, S, (Goal, S = S0)) :-
    !.
'$dcg_body'([H|T], S0, S, Goal) :-
    !,
    '$dcg_list_body'([H|T], S0, S, Goal).
'$dcg_body'(String, S0, S, S0 = List) :-
    string(String),
    !,
    string_codes(String, Codes),
    '$dcg_append_terminals'(Codes, S, List).
'$dcg_body'(M:Body, S0, S, M:Goal) :-
    !,
    '$dcg_body'(Body, S0, S, Goal).
'$dcg_body'(NT, S0, S, Goal) :-
    '$dcg_nonterminal'(NT, S0, S, Goal).

%   A terminal list: a proper list is opened in the clause, S0 = [...|S];
%   a partial list, whose length is known only when the rule runs, is
%   appended at run time as SWI-Prolog does; any other tail is an error.
'$dcg_list_body'(List, S0, S, Goal) :-
    '$skip_list'(_, List, Tail),
    (   Tail == []
    ->  Goal = (S0 = Open),
        '$dcg_append_terminals'(List, S, Open)
    ;   var(Tail)
    ->  Goal = '$append'(List, S, S0)
    ;   throw(error(type_error(list_or_partial_list, List),
                    _))
    ).

%   '$append'(?List, ?Rest, ?Whole): append/3 under the name the
%   translation of a partial terminal list calls, so that listing/1 shows
%   the clause as SWI-Prolog does.
'$append'([], L, L).
'$append'([H|T], L, [H|R]) :-
    '$append'(T, L, R).

%   The terminal list followed by the rest S; a partial or improper list
%   is a type error.
'$dcg_append_terminals'(List, S, Result) :-
    (   var(List)
    ->  throw(error(instantiation_error, _))
    ;   List == []
    ->  Result = S
    ;   List = [H|T]
    ->  Result = [H|Result1],
        '$dcg_append_terminals'(T, S, Result1)
    ;   throw(error(type_error(list, List), _))
    ).

%   '$dcg_nonterminal'(+NT, ?S0, ?S, -Goal): NT with the two list
%   arguments appended.
'$dcg_nonterminal'(NT, S0, S, Goal) :-
    (   var(NT)
    ->  throw(error(instantiation_error, _))
    ;   atom(NT)
    ->  Goal =.. [NT, S0, S]
    ;   compound(NT)
    ->  NT =.. List0,
        append(List0, [S0, S], List),
        Goal =.. List
    ;   throw(error(type_error(callable, NT), _))
    ).

%   phrase(:Body, ?List), phrase(:Body, ?List, ?Rest).
phrase(Body, List) :-
    phrase(Body, List, []).

phrase(Body, List, Rest) :-
    (   var(Body)
    ->  throw(error(instantiation_error, context('$dcg':call_dcg/3, _)))
    ;   callable(Body)
    ->  true
    ;   throw(error(type_error(callable, Body), context('$dcg':call_dcg/3, _)))
    ),
    '$dcg_list_or_partial'(List),
    '$dcg_list_or_partial'(Rest),
    '$dcg_body'(Body, S0, S, Goal),
    S0 = List,
    S = Rest,
    call(Goal).

'$dcg_list_or_partial'(L) :-
    (   var(L)
    ->  true
    ;   L == []
    ->  true
    ;   L = [_|_]
    ->  true
    ;   throw(error(type_error(list, L), _))
    ).
