% The formal error terms of the test table in iso_words.rs, in the same order. Run
% iso_words_swipl.sh to regenerate iso_words_swipl.txt from SWI-Prolog.
formal(instantiation_error).
formal(uninstantiation_error(foo)).
formal(uninstantiation_error(f(x))).
formal(type_error(integer, abc)).
formal(type_error(integer, 'Abc')).
formal(type_error(integer, "abc")).
formal(type_error(integer, 1.5)).
formal(type_error(atom, 3)).
formal(type_error(atom, f(x))).
formal(type_error(callable, 3)).
formal(type_error(list, [a|b])).
formal(type_error(evaluable, foo/0)).
formal(type_error(character, 12)).
formal(type_error(integer, [])).
formal(type_error(atom, _)).
formal(type_error(integer, 'hello world')).
formal(type_error(integer, 'выбор')).
formal(type_error(integer, -3)).
formal(type_error(integer, f(_))).
formal(type_error(integer, [1,2])).
formal(type_error(integer, 123456789012345678901234567890)).
formal(type_error(foo, bar)).
formal(domain_error(not_less_than_zero, -1)).
formal(domain_error(foo, bar)).
formal(domain_error(foo, 'A')).
formal(domain_error(foo, "str")).
formal(existence_error(procedure, foo/0)).
formal(existence_error(procedure, m:foo/0)).
formal(existence_error(procedure, 'Foo'/2)).
formal(existence_error(procedure, (-)/2)).
formal(existence_error(procedure, ходы/2)).
formal(existence_error(procedure, foo)).
formal(existence_error(source_sink, nofile)).
formal(existence_error(stream, s)).
formal(existence_error(foo, bar)).
formal(existence_error(key, k)).
formal(permission_error(modify, static_procedure, foo/1)).
formal(permission_error(access, private_procedure, foo/1)).
formal(permission_error(open, source_sink, f)).
formal(permission_error(input, stream, user_output)).
formal(permission_error(create, operator, ',')).
formal(permission_error(foo, bar, baz)).
formal(representation_error(max_arity)).
formal(representation_error(character_code)).
formal(representation_error(max_integer)).
formal(evaluation_error(zero_divisor)).
formal(evaluation_error(undefined)).
formal(evaluation_error(float_overflow)).
formal(evaluation_error(int_overflow)).
formal(evaluation_error(underflow)).
formal(resource_error(memory)).
formal(resource_error(table_space)).
formal(syntax_error(operator_expected)).
formal(syntax_error(illegal_number)).
formal(syntax_error(foo)).
formal(system_error(foo)).
formal(system_error).
formal(foo_error(bar)).
formal(format('x y')).
formal(format_argument_type(a, "s")).
formal(format_argument_type(d, 'A b')).

main :-
    forall(formal(F), print_message(error, error(F, _))).
