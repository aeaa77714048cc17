% library(Name): SWI-Prolog's libraries load (ply's are there already), a missing one is an
% existence error of the source.
main :-
    use_module(library(lists)),
    use_module(library(apply), [maplist/3]),
    use_module(library(dcg/basics)),
    use_module(library(clpfd)),
    catch(use_module(library(nosuchlib)), error(E, _), (print(E), nl)),
    catch(use_module(library(no/such/path)), error(E2, _), (print(E2), nl)),
    catch(use_module(library(no/_)), error(E3, _), (print(E3), nl)),
    writeln(done).
