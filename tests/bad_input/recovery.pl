% Twelve different syntax errors among good clauses. Every error is reported with its line and
% column, and every good clause loads: an unclosed quote ends at its line, a clause without its
% full stop is reported where it starts, and reading goes on at the next clause.
good(1).
bad1 :- X = 'unterminated atom.
good(2).
bad2 :- X = "unterminated string.
good(3).
bad3 :- X = `unterminated back-quoted text.
good(4).
bad4 :- X = = 1.
good(5).
bad5 :- foo(a b).
good(6).
bad6 :- f(a,).
good(7).
bad7 :- X = 'abc\qdef'.
good(8).
bad8 :- [1,2|3|4].
good(9).
bad9 :- X = no_full_stop
good(10).
bad10 :- X = 'continued \
on the next line', Y = 'but this one is not
good(11).
bad11 :- X = [a, b.
good(12).
bad12 :- /* a comment never closed
