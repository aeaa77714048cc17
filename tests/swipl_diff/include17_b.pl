:- discontiguous shared/1.
part(b).
shared(b).
