% writef/1,2 as SWI-Prolog has it: each directive, the columns %Nl, %Nr and %Nc (text wider
% than the column, code lists as text), escapes, formats as atom, string or codes, and a
% directive without an argument left to write, written as it stands.
main :-
    writef('[%3r]\\l', [7]), writef('[%3r]\\l', [12345]), writef('[%5l]\\l', [ab]),
    writef('[%5c]\\l', [ab]), writef('[%6c]\\l', [ab]), writef('[%4c]\\l', [abcdef]),
    writef('[%10R|%3L|%7C]\\l', [[104, 105], 1.5, f(x)]), writef('[%12l]\\l', [- 1]),
    writef('[%s]\\l', [[104, 105]]), writef('[%p %q]\\l', ['A b', 'A b']),
    writef('[%w %d]\\l', ['A b', 'A b']), writef('%n%n\\l', [104, 105]),
    writef('%r|\\l', [ab, 3]), writef('\\065\\t\\\\\\%\\n'), writef('%w\n', [x]),
    writef('%3x %\\l', [1]), writef('%w and %w\\l', [a]), writef('%1000r\\l', [x]),
    writef("string %w\\l", [1]), writef([0'c, 0'o, 0'd, 0'e, 0's, 0' , 0'%, 0'w, 0'\n], [2]),
    writef('%w\\l', [X]), ( var(X) -> writeln(unbound) ; writeln(bound) ),
    forall(between(1, 3, R), (forall(between(1, 4, C), (V is R * C * 7, writef('%4r', [V]))), nl)).
