good(1).
bad :- X = 'unterminated atom.
good(2).
