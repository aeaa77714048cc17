% write_canonical/1 against writeq/1 and print/1: atoms outside ASCII are quoted by
% write_canonical only, variables are named by occurrence, operators are written as terms.
main :-
    forall(member(T, ['ĉu'(x), [a, 'Я', "Я", я], f(X, Y, X, '走步'), 'ходы'-1, - (1),
                      1 - (-1), [a|b], {a, b}, 'a b', f(;), (a :- b, c ; d -> e), 'aĉ'(Y)]),
           ( write_canonical(T), nl,
             writeq(T), nl
           )).
