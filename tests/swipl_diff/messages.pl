% print_message/2 of terms that are not error terms, as swipl prints them: an unknown message
% names itself, format(Format, Args) is formatted; a ball of the program's own that a catch
% takes, printed by the handler.
found(X) :- member(X, [a, b, c]), X == b, throw(found(X)).
main :-
    print_message(error, foo),
    print_message(warning, bar(1, s)),
    print_message(error, format('~w and ~a', [f(x), y])),
    print_message(warning, format('count: ~d', [3])),
    catch(found(_), found(Y), print_message(error, found(Y))),
    catch(throw(ball), E, print_message(warning, E)).
