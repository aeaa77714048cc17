% Survey: each text, atom and list builtin below is called with one argument of a wrong type
% (the others the atom abc) and the error's formal term and context are printed, one line a
% call. `sh context_survey.sh` compares the contexts with SWI-Prolog's; tests/it/swipl_diff.rs
% checks that no context names one of the library's own natives ('$...').
t(G) :- copy_term(G, G0), catch((with_output_to(string(_), G) -> R = yes ; R = no), E, R = E),
    ( R = error(F, context(C, _)) -> true ; R = error(F, C) -> true ; F = R, C = none ),
    functor(F, FN, _), print(G0 => FN/C), nl.
bad([_, f(x), 1.5, [a|b], -1, abc, [0'a, x]]).
main :- bad(Bs),
  forall(( goal(G, Vs), length(Vs, N), N =< 5, choose(Vs, Bs) ),
         ( \+ \+ t(G) )).
% Each argument in turn from a short list of wrong values, the others the atom abc.
choose(Vs, Bs) :- length(Vs, N), between(1, N, I), fill(Vs, 1, I), nth1(I, Vs, V), member(V, Bs).
fill([], _, _).
fill([W|T], J, I) :- ( J =:= I -> true ; W = abc ), J1 is J + 1, fill(T, J1, I).
goal(atom_length(A, B), [A, B]).
goal(atom_chars(A, B), [A, B]).
goal(atom_codes(A, B), [A, B]).
goal(char_code(A, B), [A, B]).
goal(atom_number(A, B), [A, B]).
goal(number_codes(A, B), [A, B]).
goal(number_chars(A, B), [A, B]).
goal(atom_string(A, B), [A, B]).
goal(atom_concat(A, B, C), [A, B, C]).
goal(string_concat(A, B, C), [A, B, C]).
goal(sub_atom(A, B, C, D, E), [A, B, C, D, E]).
goal(sub_string(A, B, C, D, E), [A, B, C, D, E]).
goal(string_length(A, B), [A, B]).
goal(string_chars(A, B), [A, B]).
goal(string_codes(A, B), [A, B]).
goal(string_code(A, B, C), [A, B, C]).
goal(string_to_atom(A, B), [A, B]).
goal(number_string(A, B), [A, B]).
goal(term_to_atom(A, B), [A, B]).
goal(upcase_atom(A, B), [A, B]).
goal(downcase_atom(A, B), [A, B]).
goal(string_upper(A, B), [A, B]).
goal(string_lower(A, B), [A, B]).
goal(char_type(A, B), [A, B]).
goal(code_type(A, B), [A, B]).
goal(atomic_list_concat(A, B), [A, B]).
goal(atomic_list_concat(A, B, C), [A, B, C]).
goal(split_string(A, B, C, D), [A, B, C, D]).
goal(string(A), [A]).
goal(text_concat(A, B, C), [A, B, C]).
goal(atom_to_term(A, B, C), [A, B, C]).
goal(term_string(A, B), [A, B]).
goal(sort(A, B), [A, B]).
goal(msort(A, B), [A, B]).
goal(keysort(A, B), [A, B]).
goal(predsort(A, B, C), [A, B, C]).
goal(length(A, B), [A, B]).
goal(nth0(A, B, C), [A, B, C]).
goal(nth1(A, B, C), [A, B, C]).
goal(last(A, B), [A, B]).
goal(sum_list(A, B), [A, B]).
goal(max_list(A, B), [A, B]).
goal(min_list(A, B), [A, B]).
goal(numlist(A, B, C), [A, B, C]).
goal(reverse(A, B), [A, B]).
goal(list_to_set(A, B), [A, B]).
goal(sumlist(A, B), [A, B]).
goal(max_member(A, B), [A, B]).
goal(sort(A, B, C, D), [A, B, C, D]).
goal(sub_atom_icasechk(A, B, C), [A, B, C]).
goal(normalize_space(A, B), [A, B]).
goal(read_term_from_atom(A, B, C), [A, B, C]).
goal(with_output_to(A, B), [A, B]).
goal(format(A, B), [A, B]).
goal(tab(A), [A]).
goal(atomics_to_string(A, B), [A, B]).
goal(list_to_assoc(A, B), [A, B]).
goal(exclude(A, B, C), [A, B, C]).
goal(maplist(A, B), [A, B]).
goal(foldl(A, B, C, D), [A, B, C, D]).
goal(aggregate_all(A, B, C), [A, B, C]).
goal(between(A, B, C), [A, B, C]).
goal(succ(A, B), [A, B]).
goal(plus(A, B, C), [A, B, C]).
goal(nb_getval(A, B), [A, B]).
goal(setof(A, B, C), [A, B, C]).
goal(findall(A, B, C), [A, B, C]).
goal(copy_term(A, B), [A, B]).
goal(term_variables(A, B), [A, B]).
goal(bagof(A, B, C), [A, B, C]).
goal(forall(A, B), [A, B]).
goal(aggregate_all(count, A, B), [A, B]).
goal(nb_setval(A, B), [A, B]).
goal(b_getval(A, B), [A, B]).
goal(tab(A, B), [A, B]).
goal(numbervars(A, B, C), [A, B, C]).
goal(list_to_ord_set(A, B), [A, B]).
goal(ord_union(A, B, C), [A, B, C]).
goal(ord_subtract(A, B, C), [A, B, C]).
goal(pairs_keys_values(A, B, C), [A, B, C]).
goal(nth0(A, B, C, D), [A, B, C, D]).
goal(nth1(A, B, C, D), [A, B, C, D]).
goal(select(A, B, C), [A, B, C]).
goal(selectchk(A, B, C), [A, B, C]).
goal(subtract(A, B, C), [A, B, C]).
goal(memberchk(A, B), [A, B]).
goal(partition(A, B, C, D), [A, B, C, D]).
goal(flatten(A, B), [A, B]).
goal(text_to_string(A, B), [A, B]).
goal(concat_atom(A, B, C), [A, B, C]).
goal(term_string(A, B, C), [A, B, C]).
