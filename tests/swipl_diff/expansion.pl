% term_expansion/2 replaces a term read by what it returns: one term, a list, or nothing.
term_expansion(twice(X), [X, X]).
term_expansion(gone(_), []).
twice(f(1)).
gone(f(2)).
f(3).
show :- findall(X, f(X), L), write(L), nl.
