% Generates the goals of the differential test: calls of builtins with arguments drawn from
% pools of edge values (unbound, wrong types, edge numbers, Unicode), written one per line as
% g(Id, Goal). Runs under SWI-Prolog (it uses its random/1 family with a fixed seed, so the
% same goals come out every time):
%
%   swipl -q tests/differential/gen.pl -g "diff_gen('/tmp/goals.pl', 40)" -t halt
%
% The second argument is how many calls to draw per predicate.

:- set_prolog_flag(double_quotes, codes).

% The predicates under test, each with the kind of value each argument prefers. An argument
% draws from its own kind two times in three and from any kind otherwise.
spec(var/1, [any]). spec(nonvar/1, [any]). spec(atom/1, [any]). spec(number/1, [any]).
spec(integer/1, [any]). spec(float/1, [any]). spec(atomic/1, [any]). spec(compound/1, [any]).
spec(callable/1, [any]). spec(is_list/1, [any]). spec(ground/1, [any]). spec(string/1, [any]).
spec(atom_codes/2, [text, codes]). spec(atom_chars/2, [text, chars]).
spec(char_code/2, [char, code]). spec(atom_length/2, [text, int]).
spec(atom_concat/3, [text, text, text]). spec(sub_atom/5, [text, int, int, int, text]).
spec(atom_number/2, [text, num]). spec(number_codes/2, [num, codes]).
spec(number_chars/2, [num, chars]). spec(upcase_atom/2, [text, text]).
spec(downcase_atom/2, [text, text]). spec(term_to_atom/2, [term, text]).
spec(atomic_list_concat/2, [list, text]). spec(atomic_list_concat/3, [text, list, text]).
spec(atom_string/2, [text, text]). spec(number_string/2, [num, text]).
spec(string_chars/2, [text, chars]). spec(string_codes/2, [text, codes]).
spec(string_to_atom/2, [text, text]). spec(string_length/2, [text, int]).
spec(string_concat/3, [text, text, text]). spec(sub_string/5, [text, int, int, int, text]).
spec(split_string/4, [text, text, text, any]). spec(string_code/3, [int, text, code]).
spec(functor/3, [term, text, int]). spec(arg/3, [int, term, any]). spec((=..)/2, [term, list]).
spec(copy_term/2, [term, any]). spec(term_variables/2, [term, list]).
spec(compare/3, [order, any, any]). spec((==)/2, [any, any]). spec((\==)/2, [any, any]).
spec((@<)/2, [any, any]). spec((@>=)/2, [any, any]). spec((=)/2, [any, any]).
spec((\=)/2, [any, any]). spec(unify_with_occurs_check/2, [any, any]).
spec(sort/2, [list, any]). spec(msort/2, [list, any]). spec(sort/4, [int, order, list, any]).
spec(keysort/2, [pairs, any]). spec(predsort/3, [any, list, any]). spec(length/2, [list, int]).
spec(between/3, [int, int, int]). spec(succ/2, [int, int]). spec(plus/3, [int, int, int]).
spec(nth0/3, [int, list, any]). spec(nth1/3, [int, list, any]). spec(last/2, [list, any]).
spec(reverse/2, [list, any]). spec(append/3, [list, list, list]). spec(member/2, [any, list]).
spec(memberchk/2, [any, list]). spec(delete/3, [list, any, any]).
spec(subtract/3, [list, list, any]). spec(intersection/3, [list, list, any]).
spec(union/3, [list, list, any]). spec(list_to_set/2, [list, any]).
spec(sum_list/2, [list, num]). spec(max_list/2, [list, num]). spec(min_list/2, [list, num]).
spec(max_member/2, [any, list]). spec(min_member/2, [any, list]).
spec(numlist/3, [int, int, any]). spec(exclude/3, [any, list, any]).
spec(msort/2, [list, any]). spec(flatten/2, [list, any]). spec(sumlist/2, [list, num]).
spec(list_to_ord_set/2, [list, any]). spec(ord_union/3, [list, list, any]).
spec(ord_subtract/3, [list, list, any]). spec(ord_intersection/3, [list, list, any]).
spec(ord_memberchk/2, [any, list]). spec(ord_subset/2, [list, list]).
spec(permutation/2, [list, list]). spec(select/3, [any, list, any]).
spec(exclude/3, [any, list, any]). spec(pairs_keys_values/3, [pairs, list, list]).
spec(numbervars/3, [term, int, any]).

% Value pools. `_` in a pool is a fresh variable at each draw.
pool(var, [_]).
pool(atom, [a, b, abc, '', 'hello world', 'é', 'Ωμέγα', '日本語', [], 'A', '1', '12', '-3',
            '1.5', '0x1A', ' 7', '1e10', 'a\nb', foo, '\\', '''', 'x y', '+', ' ', '0''a']).
pool(int, [0, 1, -1, 2, 3, 7, 10, 255, 256, -128, 1114111, 1114112, 9223372036854775807,
           -9223372036854775808, 9223372036854775808, 18446744073709551616,
           -18446744073709551617]).
pool(float, [0.0, -0.0, 1.0, 1.5, -2.5, 0.1, 1.0e10, 1.0e-10, 1.0e300, 3.141592653589793, 2.0]).
pool(string, [S1, S2, S3, S4, S5]) :-
    maplist(string_codes, [S1, S2, S3, S4, S5], ["abc", "", "a b", "12", [0'é]]).
pool(compound, [f(a), f(_), f(a, b), g(1, 2, 3), a+b, -(1), -(a), [a|b], f(f(f(a))), {a}, a:b,
                (a, b), (a:-b), f(X, X), "ab", [_|_], '$VAR'(1), p(_, _)]).
pool(list, [[], [a], [a, b, c], [1, 2, 3], [3, 1, 2, 1], [c, b, a, b], [f(x), g(y), a, 1, 2.0],
            [a|_], [1, 2|3], [b-1, a-2, b-0, a-1], [0'a, 0'b], ['1', '2'], [97, 98, 99],
            [1, a], [-1], [1.0, 1], [[a], [b]], [_, _], [X, Y, X], [1, 2.0, 3], [z, 1, "s", f(_)],
            [a, [b, [c]]], [2, 1, 3]]) :- X = Y.
pool(codes, [[0'a, 0'b], [0'1, 0'2], [0'-, 0'1], [0' , 0'1], [0'0, 0'x, 0'1, 0'f], [], [a],
             [-1], [1114112], [0'1, 0'e, 0'1, 0'0], [0'1, 0'., 0'5], [0'0, 0''', 0'a],
             [0'é], [0'1|_], [0'a|b], [0'1, 0'.], [0'+, 0'1], [0'/, 0'*, 0'*, 0'/, 0'1]]).
pool(chars, [[a, b], ['1', '2'], ['-', '1'], [' ', '1'], [], ['0', x, '1', f], [ab], [1], [a|_],
             ['1', '.', '5'], ['é'], ['1', ' '], [f(a)]]).
pool(char, [a, 'A', '1', ' ', 'é', '日', ab, '', 1, _, f(a), '\n', '_', '(']).
pool(code, [0'a, 0'A, 0'1, 32, 0'é, 0x65E5, -1, 0, 1114111, 1114112, _, a, 1.0, 0x10000]).
pool(order, [<, >, =, @<, @>, @=<, @>=, _, a, 1]).
pool(pairs, [[b-1, a-2, b-0, a-1], [x-1], [], [a-1|_], [a], [1-a, 1.0-b, a-c, "s"-d, f(x)-e],
             [_-1, a-2], [a-1, a-1]]).
pool(text, Pool) :- pool(atom, A), pool(string, S), Pool0 = [_, _, 1, -2, 1.5, f(a), [a]],
    append([A, S, Pool0], Pool).
pool(num, Pool) :- pool(int, I), pool(float, F), append([I, F, [_, a, '1', "2", f(x)]], Pool).
pool(term, Pool) :- pool(compound, C), append(C, [_, a, 1, 1.5, [], "abc"], Pool).
pool(expr, Pool) :- pool(int, I), pool(float, F), append([I, F, [_, a]], Pool).
pool(any, Pool) :- pool(atom, A), pool(int, I), pool(float, F), pool(string, S),
    pool(compound, C), pool(list, L), append([A, I, F, S, C, L, [_, _, _]], Pool).

draw(Kind, V) :-
    (   random(R), R < 0.67 -> pool(Kind, P) ; pool(any, P) ),
    random_member(V0, P),
    copy_term(V0, V).

% Arithmetic: expressions of depth at most 2 over numbers, with an unbound leaf or an atom now
% and then; exponents and shifts take small right operands so that no call runs long.
binop(+). binop(-). binop(*). binop(/). binop(//). binop(mod). binop(rem). binop(div).
binop(min). binop(max). binop(>>). binop(<<). binop(/\). binop(\/). binop(xor). binop(gcd).
binop(atan2). binop(copysign). binop(**). binop(^). binop(atan). binop(truncate).
unop(-). unop(+). unop(abs). unop(sign). unop(sqrt). unop(sin). unop(cos). unop(exp).
unop(log). unop(float_integer_part). unop(float_fractional_part). unop(truncate). unop(round).
unop(ceiling). unop(floor). unop(float). unop(integer). unop(\). unop(msb). unop(atan).
unop(log2). unop(succ). unop(plus). unop(random). unop(cot). unop(asin). unop(acos).
small_pool([0, 1, 2, 3, -1, -2, 10, 63, 64, 65, 2.0, 0.5, -0.5]).
leaf(L) :-
    random(R),
    (   R < 0.05 -> L = _
    ;   R < 0.08 -> random_member(L, [a, foo, [], "1", [1], [x], e, pi, inf, nan, epsilon, max_tagged_integer, cputime])
    ;   pool(expr, P), random_member(L, P)
    ).
expr(0, E) :- !, leaf(E).
expr(D, E) :-
    random(R), D1 is D-1,
    (   R < 0.3 -> leaf(E)
    ;   R < 0.55 -> findall(O, unop(O), Os), random_member(O, Os), expr(D1, A), E =.. [O, A]
    ;   findall(O, binop(O), Os), random_member(O, Os), expr(D1, A),
        (   memberchk(O, [**, ^, <<, >>]) -> small_pool(S), random_member(B, S) ; expr(D1, B) ),
        E =.. [O, A, B]
    ).
arith_goal(G) :-
    random(R), expr(2, E1),
    (   R < 0.6 -> G = (_ is E1)
    ;   expr(2, E2), random_member(C, [=:=, =\=, <, >, =<, >=]), G =.. [C, E1, E2]
    ).

% All-solutions goals over small generators, with the template and the goal sharing variables.
collect_goal(G) :-
    random_member(C, [findall, bagof, setof, aggregate_all_count, forall]),
    random_member(T-Goal, [X-member(X, [c, a, b, a]), X-member(X-_, [2-a, 1-b, 2-c]),
        X-member(X-Y, [2-a, 1-b, 2-a, 3-b]), X-(Y^member(X-Y, [2-a, 1-b, 2-a])),
        X-fail, X-true, X-between(1, 3, X), (X-Y)-member(X-Y, [b-1, a-2, a-1]), X-_,
        X-1, X-(X = f(_)), X-(member(X, [a, b]), X \== b), X-throw(ball), [X]-member(X, [z, y]),
        X-atom_length(X, _), X-(Y = 1 ; Y = 2 ; X = 3), f(X, Z)-member(X-Z, [1-_, 2-_]),
        X-((member(X, [3, 1, 2]), X > 1)), X-(Z^Y^member(X-Y-Z, [1-a-p, 2-b-q, 1-a-q]))]),
    (   C == findall -> G = findall(T, Goal, _)
    ;   C == bagof -> G = bagof(T, Goal, _)
    ;   C == setof -> G = setof(T, Goal, _)
    ;   C == forall -> G = forall(Goal, atom(T))
    ;   G = aggregate_all(count, Goal, _)
    ).

spec_goal(N/A, Kinds, G) :- maplist(draw, Kinds, Args), length(Args, A), G =.. [N|Args].

diff_gen(File, PerPred) :-
    set_random(seed(20261127)),
    findall(N/A-K, spec(N/A, K), Specs0), sort(Specs0, Specs),
    findall(G, ( member(PI-K, Specs), catch(current_predicate_usable(PI), _, fail),
                 between(1, PerPred, _), spec_goal(PI, K, G) ), Gs1),
    ArithN is PerPred*40, CollectN is PerPred*5,
    findall(G, (between(1, ArithN, _), arith_goal(G)), Gs2),
    findall(G, (between(1, CollectN, _), collect_goal(G)), Gs3),
    append([Gs1, Gs2, Gs3], Gs),
    dedup(Gs, Unique),
    open(File, write, S),
    forall(nth1(I, Unique, G), (writeq(S, g(I, G)), write(S, '.'), nl(S))),
    close(S),
    length(Unique, Len), format("~w goals written to ~w~n", [Len, File]).

current_predicate_usable(N/A) :- functor(H, N, A), predicate_property(H, defined).

dedup(Gs, Unique) :- dedup(Gs, [], Unique).
dedup([], _, []).
dedup([G|Gs], Seen, Out) :-
    (   member(S, Seen), S =@= G -> Out = Rest ; Out = [G|Rest] ),
    dedup(Gs, [G|Seen], Rest).
