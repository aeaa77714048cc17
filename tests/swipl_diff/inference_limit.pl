% call_with_inference_limit/3: the result of a deterministic and a nondeterministic answer, an
% exceeded limit, each answer's own limit, nested limits, exceptions and failure, and the
% errors of a bad limit.
count(0) :- !.
count(N) :- N1 is N-1, count(N1).

loop :- loop.

show(G) :-
    catch(( G -> true ; writeln(failed) ), E, report(E)).

report(error(F, context(P, _))) :- !, print(caught(F, P)), nl.
report(E) :- print(caught(E)), nl.

main :-
    show((call_with_inference_limit(true, 100, R1), writeln(R1))),
    show((call_with_inference_limit(count(10), 1000, R2), writeln(R2))),
    show((call_with_inference_limit(loop, 10000, R3), writeln(R3))),
    show((call_with_inference_limit(count(100000), 1000, R4), writeln(R4))),
    show((findall(Y-R6, call_with_inference_limit(between(1, 4, Y), 100, R6), L6),
          writeln(L6))),
    % Each answer has the limit again.
    show((call_with_inference_limit(between(1, inf, Z), 1000, R7), Z > 3000,
          writeln(Z-R7))),
    show(call_with_inference_limit(fail, 100, _)),
    show(call_with_inference_limit(throw(oops), 100, _)),
    show((call_with_inference_limit(true, 0, R8), writeln(R8))),
    % An inner limit below the outer one is the inner call's.
    show((call_with_inference_limit(
              ( call_with_inference_limit(loop, 1000, I1), writeln(inner(I1)) ),
              100000, O1),
          writeln(outer(O1)))),
    % An inner limit past the outer one: the outer call is exceeded.
    show((call_with_inference_limit(
              ( call_with_inference_limit(loop, 100000, I2), writeln(inner(I2)) ),
              1000, O2),
          writeln(outer(O2)))),
    % A handler in the goal may catch the exception; the goal then runs on unlimited.
    show((call_with_inference_limit(
              ( catch(loop, E, true), writeln(got(E)), count(5000) ), 1000, R9),
          writeln(R9))),
    show(call_with_inference_limit(true, foo, _)),
    show(call_with_inference_limit(true, -1, _)),
    show(call_with_inference_limit(true, _, _)),
    statistics(inferences, I),
    ( integer(I) -> writeln(counted) ; true ).
