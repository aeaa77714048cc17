:- multifile m/1.
m(2).
