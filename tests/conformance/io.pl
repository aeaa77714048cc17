% Term output (write, writeq, print, write_canonical, write_term options)
% captured with with_output_to/2 and format/3 atom(A) sinks, and reading
% terms from atoms.

t(with_output_to(atom(A), write(hello)), sols(A, [hello])).
t(with_output_to(atom(A), write('Hello World')), sols(A, ['Hello World'])).
t(with_output_to(atom(A), writeq('Hello World')), sols(A, ['\'Hello World\''])).
t(with_output_to(atom(A), writeq(hello)), sols(A, [hello])).
t(with_output_to(atom(A), writeq([])), sols(A, ['[]'])).
t(with_output_to(atom(A), writeq('[]')), sols(A, ['[]']), iso('ISO: \'[]\' is the empty list; SWI-7 distinguishes them')).
t(with_output_to(atom(A), writeq({})), sols(A, ['{}'])).
t(with_output_to(atom(A), writeq('{}'(x))), sols(A, ['{x}'])).
t(with_output_to(atom(A), writeq(f('A', b, 'c d'))), sols(A, ['f(\'A\',b,\'c d\')'])).
t(with_output_to(atom(A), writeq('it''s')), sols(A, ['\'it\\\'s\''])).
t(with_output_to(atom(A), writeq('\n')), sols(A, ['\'\\n\''])).
t(with_output_to(atom(A), writeq('')), sols(A, ['\'\''])).
t(with_output_to(atom(A), writeq(a+'B')), sols(A, ['a+\'B\''])).
t(with_output_to(atom(A), writeq(-(1))), sols(A, ['- 1'])).
t(with_output_to(atom(A), writeq(- a)), sols(A, ['-a'])).
t(with_output_to(atom(A), writeq(-(-(1)))), sols(A, ['- - 1'])).
t(with_output_to(atom(A), writeq(1 - -1)), sols(A, ['1- -1'])).
t(with_output_to(atom(A), writeq(a- (-1))), sols(A, ['a- -1'])).
t(with_output_to(atom(A), writeq(2 - (3 - 4))), sols(A, ['2-(3-4)'])).
t(with_output_to(atom(A), writeq((2 - 3) - 4)), sols(A, ['2-3-4'])).
t(with_output_to(atom(A), writeq(2 * (3 + 4))), sols(A, ['2*(3+4)'])).
t(with_output_to(atom(A), writeq(2 ** (3 ** 4))), sols(A, ['2**(3**4)'])).
t(with_output_to(atom(A), writeq((2 ** 3) ** 4)), sols(A, ['(2**3)**4'])).
t(with_output_to(atom(A), writeq(2 ^ 3 ^ 4)), sols(A, ['2^3^4'])).
t(with_output_to(atom(A), writeq((a :- b, c ; d))), sols(A, ['a:-b,c;d'])).
t(with_output_to(atom(A), writeq((a , b))), sols(A, ['a,b'])).
t(with_output_to(atom(A), writeq(f((a, b)))), sols(A, ['f((a,b))'])).
t(with_output_to(atom(A), writeq(f((a :- b)))), sols(A, ['f((a:-b))'])).
t(with_output_to(atom(A), writeq([a, b|c])), sols(A, ['[a,b|c]'])).
t(with_output_to(atom(A), writeq([a, 'B', 1.5])), sols(A, ['[a,\'B\',1.5]'])).
t(with_output_to(atom(A), writeq(\+ a)), sols(A, ['\\+a'])).
t(with_output_to(atom(A), writeq(\+ (a, b))), sols(A, ['\\+ (a,b)'])).
t(with_output_to(atom(A), writeq(- (1 + 2))), sols(A, ['- (1+2)'])).
t(with_output_to(atom(A), writeq(f(-))), sols(A, ['f(-)'])).
t(with_output_to(atom(A), writeq(-(-))), sols(A, ['- (-)'])).
t(with_output_to(atom(A), writeq(- - a)), sols(A, ['- -a'])).
t(with_output_to(atom(A), writeq(1 + (:-))), sols(A, ['1+(:-)'])).
t(with_output_to(atom(A), writeq(f(;, '|', '[]'))), sols(A, ['f(;,\'|\',[])']), iso('ISO: \'[]\' is the empty list')).
t(with_output_to(atom(A), writeq(a = \+)), sols(A, ['a=(\\+)'])).
t(with_output_to(atom(A), writeq(1.0)), sols(A, ['1.0'])).
t(with_output_to(atom(A), writeq(-0.0)), sols(A, ['-0.0'])).
t(with_output_to(atom(A), writeq(1.0e10)), sols(A, ['10000000000.0'])).
t(with_output_to(atom(A), writeq(1.5e300)), sols(A, ['1.5e+300'])).
t(with_output_to(atom(A), writeq(123456789012345678901234567890)), sols(A, ['123456789012345678901234567890'])).
t(with_output_to(atom(A), writeq(-5)), sols(A, ['-5'])).
t(with_output_to(atom(A), writeq(f(a;b))), sols(A, ['f((a;b))'])).
t(with_output_to(atom(A), writeq(f((a->b)))), sols(A, ['f((a->b))'])).
t(with_output_to(atom(A), writeq(f(a=b))), sols(A, ['f(a=b)'])).
t(with_output_to(atom(A), writeq({a, b})), sols(A, ['{a,b}'])).
t(with_output_to(atom(A), writeq('$VAR'(1))), sols(A, ['B'])).
t(with_output_to(atom(A), writeq('$VAR'(27))), sols(A, ['B1'])).
t(with_output_to(atom(A), print('$VAR'(0))), sols(A, ['A'])).
t(with_output_to(atom(A), write_canonical('$VAR'(1))), sols(A, ['\'$VAR\'(1)'])).
t(with_output_to(atom(A), write_canonical([a, 'B'|c])), sols(A, ['[a,\'B\'|c]'])).
t(with_output_to(atom(A), write_canonical(1 + 2)), sols(A, ['+(1,2)'])).
t(with_output_to(atom(A), write_canonical(f(X, Y, X))), sols(A, ['f(A,_,A)']), swi('SWI names variables by letter and singletons _ in write_canonical')).
t((atom_string(s, S), with_output_to(atom(A), write(f(x, 'Y', S)))), sols(A, ['f(x,Y,s)'])).
t(with_output_to(atom(A), print(f('A'))), sols(A, ['f(\'A\')'])).
t(with_output_to(atom(A), write(- (1))), sols(A, ['- 1'])).
t(with_output_to(atom(A), write(1 + 2 * 3)), sols(A, ['1+2*3'])).
t(with_output_to(atom(A), write((1 + 2) * 3)), sols(A, ['(1+2)*3'])).
t(with_output_to(atom(A), write(a:b:c)), sols(A, ['a:b:c'])).
t(with_output_to(atom(A), write((a:-b))), sols(A, ['a:-b'])).
t(with_output_to(atom(A), write(f(a is b))), sols(A, ['f(a is b)'])).
t(with_output_to(atom(A), write(1 rem 2)), sols(A, ['1 rem 2'])).
t(with_output_to(atom(A), write_term(f('A', [1]), [quoted(true)])), sols(A, ['f(\'A\',[1])'])).
t(with_output_to(atom(A), write_term(1 + 2, [ignore_ops(true)])), sols(A, ['+(1,2)'])).
t(with_output_to(atom(A), write_term([1, 2], [ignore_ops(true)])), sols(A, ['[1,2]']), swi('SWI keeps list notation with ignore_ops')).
t(with_output_to(atom(A), write_term(f(a(b(c(d)))), [max_depth(3)])), sols(A, ['f(a(b(...)))']), swi('SWI depth counting')).
t(with_output_to(atom(A), write_term([1, 2, 3, 4, 5, 6], [max_depth(3)])), sols(A, ['[1,2|...]'])).
t(with_output_to(atom(A), write_term('$VAR'(3), [numbervars(true)])), sols(A, ['D'])).
t(with_output_to(atom(A), write_term('$VAR'(3), [numbervars(false)])), sols(A, ['$VAR(3)'])).
t(with_output_to(atom(A), write_term('$VAR'(3), [numbervars(false), quoted(true)])), sols(A, ['\'$VAR\'(3)'])).
t(with_output_to(atom(A), write_term({a}, [])), sols(A, ['{a}'])).
t(with_output_to(atom(A), write_term("abc", [quoted(true)])), sols(A, ['"abc"']), swi('SWI reads a string; "abc" is a code list in ISO')).
t(with_output_to(atom(A), (write(a), nl, write(b))), sols(A, ['a\nb'])).
t(with_output_to(atom(A), (write(a), tab(3), write(b))), sols(A, ['a   b'])).
t(with_output_to(atom(A), put_char(x)), sols(A, [x])).
t(with_output_to(atom(A), (put_char(a), put_char(b))), sols(A, [ab])).
t(with_output_to(atom(A), fail), fail).
t(with_output_to(atom(A), (member(X, [a, b]), write(X))), sols(A, [a])).

t(format(atom(A), "~w and ~q", [a, 'B']), sols(A, ['a and \'B\''])).
t(format(atom(A), "~a", [abc]), sols(A, [abc])).
t(format(atom(A), "~d", [42]), sols(A, ['42'])).
t(format(atom(A), "~2d", [1234]), sols(A, ['12.34'])).
t(format(atom(A), "~D", [1234567]), sols(A, ['1,234,567'])).
t(format(atom(A), "~2f", [3.14159]), sols(A, ['3.14'])).
t(format(atom(A), "~e", [1.5]), sols(A, ['1.500000e+00'])).
t(format(atom(A), "~a~n", [x]), sols(A, ['x\n'])).
t(format(atom(A), "~~", []), sols(A, ['~'])).
t(format(atom(A), "~c", [65]), sols(A, ['A'])).
t(format(atom(A), "~8|abc", []), sols(A, ['        abc'])).
t(format(atom(A), "~w~30|~w", [a, b]), sols(A, ['a                             b'])).
t(format(atom(A), "~a~t~10|~a", [ab, cd]), sols(A, ['ab        cd'])).
t(format(atom(A), "~t~a~10|", [ab]), sols(A, ['        ab'])).
t(format(atom(A), "~t~d~6|", [42]), sols(A, ['    42'])).
t(format(atom(A), "~p", ['X']), sols(A, ['\'X\''])).
t(format(atom(A), "~8r", [255]), sols(A, ['377'])).
t(format(atom(A), "~16r", [255]), sols(A, [ff])).
t(format(atom(A), "~s", [[104, 105]]), sols(A, [hi])).
t(format(atom(A), "~i~w", [a, b]), sols(A, [b])).
t(format(atom(A), "~*c", [3, 0'x]), sols(A, [xxx])).
t(format(atom(A), "no args", []), sols(A, ['no args'])).
t(format(atom(A), "~w", x), sols(A, [x])).
t(format(atom(A), "~d", [a]), error(type_error(evaluable, a/0)), swi('SWI evaluates the ~d argument')).
t(format(atom(A), "~w ~w", [a]), error(format(_))).
t(format(codes(C), "~w", [ab]), sols(C, [[0'a, 0'b]])).

t(term_to_atom(T, 'f(X, Y, X)'), sols(T, [f(A, B, A)])).
t(term_to_atom(T, '[1, 2 | T]'), sols(T, [[1, 2|_]])).
t(term_to_atom(T, '- 1'), sols(T, [-(1)])).
t(term_to_atom(T, '-1'), sols(T, [-1])).
t(term_to_atom(T, '- (1)'), sols(T, [-(1)])).
t(term_to_atom(T, '-(1)'), sols(T, [-(1)])).
t(term_to_atom(T, 'a- - 1'), sols(T, [a - (-(1))])).
t(term_to_atom(T, '"ab"'), sols(T, ["ab"]), swi('double_quotes=string as in SWI-Prolog 7; ISO reads codes')).
t(term_to_atom(T, '0''a'), sols(T, [97])).
t(term_to_atom(T, '0'' '), sols(T, [32])).
t(term_to_atom(T, '0x1f'), sols(T, [31])).
t(term_to_atom(T, 'f(a;b)'), sols(T, [f(;(a, b))])).
t(term_to_atom(T, '{a,b}'), sols(T, ['{}'((a, b))])).
t(term_to_atom(T, 'a:-b,c'), sols(T, [(a :- b, c)])).
t(term_to_atom(T, '\'hello world\''), sols(T, ['hello world'])).
t(term_to_atom(T, '- - a'), sols(T, [-(-(a))])).
t(term_to_atom(T, 'f(,)'), error(syntax_error(_))).
t(term_to_atom(T, 'a b'), error(syntax_error(_))).
t(term_to_atom(T, '[a|b|c]'), error(syntax_error(_))).
t(read_term_from_atom('foo(X, bar)', T, []), sols(T, [foo(_, bar)])).
t(read_term_from_atom('[1,2]', T, []), sols(T, [[1, 2]])).
t((term_to_atom(f(X, 'b c', [1]), A), term_to_atom(T, A)), sols(T, [f(_, 'b c', [1])])).

% portray_clause/2 writes to the stream it is given; an atom that names no stream is not one
t(with_output_to(atom(A), (current_output(S), portray_clause(S, (h(X) :- b(X, _))))),
  sols(A, ['h(A) :-\n    b(A, _).\n'])).
t(with_output_to(atom(A), (current_output(S), portray_clause(S, [x, 'Y']))), sols(A, ['[x, \'Y\'].\n'])).
t(portray_clause(_, x), error(instantiation_error)).
t(portray_clause(no_such_stream, x), error(existence_error(stream, no_such_stream)),
  iso('a stream argument that is an atom but no alias is an existence error, as for write/2; SWI-Prolog\'s portray_clause/2 says type_error(stream, no_such_stream)')).

% Operators as operands and prefix operators before a bracket or a number: the written text
% must read back as the same term (ISO 7.10.5; SWI-Prolog writes the same).
t(with_output_to(atom(A), writeq((-) - (-))), sols(A, ['(-)-(-)'])).
t(with_output_to(atom(A), writeq((*) = (*))), sols(A, ['(*)=(*)'])).
t(with_output_to(atom(A), writeq((mod) - a)), sols(A, ['(mod)-a'])).
t(with_output_to(atom(A), writeq(a :- (-))), sols(A, ['a:-(-)'])).
t(with_output_to(atom(A), writeq(f(-, *))), sols(A, ['f(-,*)'])).
t(with_output_to(atom(A), writeq(-(1 ^ 2))), sols(A, ['- 1^2'])).
t(with_output_to(atom(A), writeq(-(a * b))), sols(A, ['- (a*b)'])).
t(with_output_to(atom(A), writeq(\ (a * b))), sols(A, ['\\ (a*b)'])).
t(with_output_to(atom(A), writeq(+((1 * 2) ^ 3))), sols(A, ['+ (1*2)^3'])).
t(with_output_to(atom(A), writeq(\+ (\+))), sols(A, ['\\+ (\\+)'])).
t((with_output_to(atom(A), writeq(-(1 ^ 2))), term_to_atom(T, A)), sols(T, [-(1 ^ 2)])).
t((X = '|'(a, b), with_output_to(atom(A), writeq([X]))), sols(A, ['[(a|b)]'])).
t((X = '|'((a --> b, c), d), with_output_to(atom(A), writeq(X))), sols(A, ['(a-->b,c)|d'])).
