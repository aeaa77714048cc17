:- multifile m/1.
m(1).
