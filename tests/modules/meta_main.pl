:- use_module(meta).
hello :- writeln(hello).
main :- twice_call(hello), catch(meta_predicate(foo(bad)), error(E, _), (print(E), nl)),
    catch(twice_call(nothere), error(E2, _), (print(E2), nl)).
