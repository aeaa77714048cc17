% A program may define system and library predicates for itself, but not ISO builtins.
% SWI-Prolog refuses the clauses of the ISO builtins below with a message each and loads the
% rest silently; the program's calls reach its own definitions while the library's code keeps
% calling the library's.
main :-
    system_preds, library_preds, library_inside, iso_builtins, asserted.

show(Goal) :-
    (   catch(Goal, E, (print_message(informational, x), writeln(caught(E)), fail))
    ->  writeln(Goal)
    ;   writeln(failed(Goal))
    ).

% System predicates that are not ISO: the program's own win.
between(_, _, mine).
succ(_, mine).
plus(_, _, mine).
msort(_, mine).
tab(_) :- write(mytab).
print(_) :- write(myprint).
is_list(mine).
atomic_list_concat(_, _, mine).
upcase_atom(_, mine).
string_upper(_, mine).
term_to_atom(_, mine).
split_string(_, _, _, mine).

system_preds :-
    show(between(1, 3, _)), show(succ(1, _)), show(plus(1, 2, _)), show(msort([b, a], _)),
    tab(2), nl, print(x), nl, show(is_list(mine)), show(is_list([])),
    show(atomic_list_concat([a, b], -, _)), show(upcase_atom(a, _)),
    show(string_upper(a, _)), show(term_to_atom(f(x), _)),
    show(split_string('a b', ' ', '', _)).

% Library predicates: the program's own win in its calls.
append(_, _, mine).
member(mine, _).
last(_, mine).
sum_list(_, mine).
subtract(_, _, mine).
nth0(_, _, mine).
reverse(_, mine).
max_list(_, mine).
delete(_, _, mine).
list_to_set(_, mine).
exclude(_, _, mine).
foldl(_, _, _, mine).

library_preds :-
    show(append([1], [2], _)), show(member(_, [1])), show(last([1, 2], _)),
    show(sum_list([1, 2], _)), show(subtract([1, 2], [2], _)), show(nth0(0, [a], _)),
    show(reverse([1, 2], _)), show(max_list([1, 2], _)), show(delete([a, b], a, _)),
    show(list_to_set([a, a], _)), show(exclude(==(a), [a, b], _)),
    show(foldl(plus, [1, 2], 0, _)).

% The library's own predicates call the library's definitions, not the program's.
library_inside :-
    show(append([[1], [2], [3]], _)), show(numlist(1, 4, _)), show(sumlist([1, 2, 3], _)),
    show(max_member(_, [1, 3, 2])), show(nth1(2, [a, b, c], _)),
    show(union([a, b], [b, c], _)), show(intersection([a, b], [b, c], _)),
    show(flatten([a, [b, [c]]], _)), show(permutation([1, 2], _)),
    show(partition(==(a), [a, b, a], _, _)), show(predsort(compare, [b, a, b], _)),
    show(list_to_ord_set([b, a], _)), show(sort(0, @>=, [1, 3, 2], _)),
    show(aggregate_all(count, member(_, [a, b]), _)),
    show(aggregate_all(max(X), lists:member(X, [1, 3, 2]), _)),
    show(forall(lists:member(X, [1, 2]), integer(X))), show(setof(Y, lists:member(Y, [b, a]), _)),
    show(format('~a~n', [ok])).

% ISO builtins: their clauses were refused, the system's run.
atom_length(_, mine).
atom_codes(_, mine).
write(mine).
arg(_, _, mine).
functor(_, _, mine).
copy_term(_, mine).
atom(mine).
var(mine).
number_codes(_, mine).
sub_atom(_, _, _, _, mine).
keysort(_, mine).
term_variables(_, mine).

iso_builtins :-
    show(atom_length(abc, _)), show(atom_codes(ab, _)), show(arg(1, f(a), _)),
    show(functor(f(a), _, _)), show(copy_term(f(_), _)), show(atom(mine)), show(var(mine)),
    show(number_codes(12, _)), show(sub_atom(abc, 0, 1, _, _)), show(keysort([b-1, a-2], _)),
    show(term_variables(f(_), _)).

% Asserting works as loading does: a system or library name gets the program's own dynamic
% predicate, an ISO builtin's is refused.
asserted :-
    assertz(min_list(_, mine)), show(min_list([2, 1], _)), show(min_member(_, [2, 1])),
    assertz(string_lower(_, mine)), show(string_lower('A', _)),
    catch(assertz(atom_chars(_, mine)), error(E, _), (writeq(E), nl)),
    catch(assertz(once(_)), error(E2, _), (writeq(E2), nl)),
    show(atom_chars(ab, _)).

% An operator's indicator is written as a term in the message: `(=)/2`.
X = Y :- X == Y.
