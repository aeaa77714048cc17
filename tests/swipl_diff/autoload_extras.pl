% Predicates swipl loads on first use that programs call without importing them: divmod/4,
% atomics_to_string/3, and library(dcg/high_order)'s sequence//2,3 once the program loads it.
:- use_module(library(dcg/high_order)).

digit_code(D) --> [D], { code_type(D, digit) }.
comma --> ",".

main :-
    forall(member(A-B, [7-2, -7-2, 7-(-2), -7-(-2)]),
           ( divmod(A, B, Q, R), print(divmod(A, B, Q, R)), nl )),
    catch(divmod(a, 2, _, _), error(E1, _), (print(E1), nl)),
    catch(divmod(7, 0, _, _), error(E2, _), (print(E2), nl)),
    atomics_to_string([a, 1, "b", 2.5], '-', S), print(S), nl,
    atomics_to_string(L, '-', "x-y-z"), print(L), nl,
    findall(Ds-Rest, phrase(sequence(digit_code, Ds), `12a`, Rest), Runs),
    forall(member(Ds-Rest, Runs), (atom_codes(X, Ds), atom_codes(Y, Rest), print(X/Y), nl)),
    phrase(sequence(digit_code, comma, Cs), `1,2,3`), atom_codes(Z, Cs), print(Z), nl,
    (   phrase(sequence(digit_code, comma, _), `1,2,`) -> writeln(yes) ; writeln(no) ),
    findall(W, phrase(sequence(digit_code, comma, W), ``), Ws), print(Ws), nl.
