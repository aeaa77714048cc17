% A module file that does not exist, and bad use_module/2 import lists.
main :-
    catch(use_module(no_such_file), error(E, _), (print(E), nl)),
    catch(use_module(_), error(E2, _), (print(E2), nl)),
    catch(use_module(c1, [nope/0]), error(E3, _), (print(E3), nl)), writeln(done).
