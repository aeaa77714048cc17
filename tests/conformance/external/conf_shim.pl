% Portable stand-ins for the helpers the conformity file expects, built on ISO streams only.
:- set_prolog_flag(double_quotes, chars).
conf_tmp('/tmp/iso_conf_rw.txt').
conf_put([], _).
conf_put([C|Cs], S) :- put_char(S, C), conf_put(Cs, S).
conf_get(S, Cs) :- get_char(S, C), ( C == end_of_file -> Cs = [] ; Cs = [C|Rest], conf_get(S, Rest) ).
read_from_chars(Cs, T) :-
    conf_tmp(F), open(F, write, S), conf_put(Cs, S), close(S),
    open(F, read, R),
    catch(read_term(R, T0, []), E, (close(R), throw(E))),
    close(R), T = T0.
conf_opts([], []).
conf_opts([variable_names([])|Os], Rs) :- !, conf_opts(Os, Rs).
conf_opts([O|Os], [O|Rs]) :- conf_opts(Os, Rs).
write_term_to_chars(T, Opts0, Cs) :-
    conf_opts(Opts0, Opts),
    conf_tmp(F), open(F, write, S), write_term(S, T, Opts), close(S),
    open(F, read, R), conf_get(R, Cs), close(R).
writeq_term_to_chars(Term, Chars) :-
    write_term_to_chars(Term, [ignore_ops(false), numbervars(true), quoted(true)], Chars).
write_term_to_chars(Term, Chars) :-
    write_term_to_chars(Term, [ignore_ops(false), numbervars(false), quoted(false)], Chars).
write_canonical_term_to_chars(Term, Chars) :-
    write_term_to_chars(Term, [ignore_ops(true), numbervars(false), quoted(true)], Chars).
% Any syntax error counts: the names of syntax errors are the implementation's.
test_syntax_error(ReadString, _) :-
    catch((once(read_from_chars(ReadString, _)), fail), error(syntax_error(_), _), true).
