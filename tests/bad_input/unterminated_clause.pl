good(1).
good(2) :- true