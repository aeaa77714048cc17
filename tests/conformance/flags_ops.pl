% Prolog flags and operators: op/3, current_op/3 and their errors.
% Operators defined here are removed again within the same case, so that
% no later case (or file) sees them.

t(current_prolog_flag(bounded, F), sols(F, [false])).
t(current_prolog_flag(max_integer, M), fail, swi('with unbounded integers SWI defines no max_integer flag')).
t(current_prolog_flag(min_integer, M), fail, swi('with unbounded integers SWI defines no min_integer flag')).
t(current_prolog_flag(integer_rounding_function, F), sols(F, [toward_zero])).
t(current_prolog_flag(double_quotes, F), sols(F, [string]), swi('SWI-7 default; ISO says codes, as ply --traditional reads')).
t(current_prolog_flag(unknown, F), sols(F, [error])).
t(current_prolog_flag(debug, F), sols(F, [false])).
t(current_prolog_flag(char_conversion, F), sols(F, [false])).
t(current_prolog_flag(max_arity, F), sols(F, [unbounded])).
t(current_prolog_flag(no_such_flag_xyz, F), fail).
t(current_prolog_flag(5, F), error(type_error(atom, 5))).
t(set_prolog_flag(bounded, true), error(permission_error(modify, flag, bounded))).
t(set_prolog_flag(X, true), error(instantiation_error)).
t(set_prolog_flag(double_quotes, foo), error(domain_error(flag_value, double_quotes + foo)), iso('SWI: domain_error(double_quotes, foo)')).
t((set_prolog_flag(no_such_flag_xyz, foo), current_prolog_flag(no_such_flag_xyz, V)), sols(V, [foo]), swi('ply creates the flag, as SWI does with user_flags=silent; ISO says domain_error(prolog_flag, no_such_flag_xyz)')).
t((current_prolog_flag(double_quotes, Old), set_prolog_flag(double_quotes, atom), current_prolog_flag(double_quotes, New), set_prolog_flag(double_quotes, Old)), sols(New, [atom])).
t((current_prolog_flag(double_quotes, Old), set_prolog_flag(double_quotes, codes), term_to_atom(T, '"ab"'), set_prolog_flag(double_quotes, Old)), sols(T, [[0'a, 0'b]])).
t((current_prolog_flag(double_quotes, Old), set_prolog_flag(double_quotes, chars), term_to_atom(T, '"ab"'), set_prolog_flag(double_quotes, Old)), sols(T, [[a, b]])).
t((current_prolog_flag(double_quotes, Old), set_prolog_flag(double_quotes, atom), term_to_atom(T, '"ab"'), set_prolog_flag(double_quotes, Old)), sols(T, [ab])).

t(current_op(P, T, is), sols(P-T, [700-xfx])).
t(current_op(P, T, :-), sols(P-T, [1200-fx, 1200-xfx])).
t(current_op(P, T, -->), sols(P-T, [1200-xfx])).
t(current_op(P, T, ?-), sols(P-T, [1200-fx])).
t(current_op(P, T, ;), sols(P-T, [1100-xfy])).
t(current_op(P, T, '|'), sols(P-T, [1105-xfy]), swi('ply follows SWI-Prolog: | is infix at 1105 (ISO Cor.3 asks only for at least 1001)')).
t(current_op(P, T, ->), sols(P-T, [1050-xfy])).
t(current_op(P, T, *->), sols(P-T, [1050-xfy])).
t(current_op(P, T, ','), sols(P-T, [1000-xfy])).
t(current_op(P, T, \+), sols(P-T, [900-fy])).
t(current_op(P, T, =), sols(P-T, [700-xfx])).
t(current_op(P, T, =..), sols(P-T, [700-xfx])).
t(current_op(P, T, @<), sols(P-T, [700-xfx])).
t(current_op(P, T, +), sols(P-T, [200-fy, 500-yfx])).
t(current_op(P, T, -), sols(P-T, [200-fy, 500-yfx])).
t(current_op(P, T, *), sols(P-T, [400-yfx])).
t(current_op(P, T, //), sols(P-T, [400-yfx])).
t(current_op(P, T, mod), sols(P-T, [400-yfx])).
t(current_op(P, T, rem), sols(P-T, [400-yfx])).
t(current_op(P, T, <<), sols(P-T, [400-yfx])).
t(current_op(P, T, **), sols(P-T, [200-xfx])).
t(current_op(P, T, ^), sols(P-T, [200-xfy])).
t(current_op(P, T, \), sols(P-T, [200-fy])).
t(current_op(P, T, xor), sols(P-T, [400-yfx]), swi('SWI priority for xor')).
t(current_op(P, T, dynamic), sols(P-T, [1150-fx])).
t(current_op(P, T, $), sols(P-T, [1-fx]), swi('SWI defines $ as a prefix operator')).
t(current_op(P, T, no_such_op_xyz), fail).
t(current_op(1201, T, O), error(domain_error(operator_priority, 1201))).
t(current_op(P, yxy, O), error(domain_error(operator_specifier, yxy))).
t(current_op(P, T, 5), error(type_error(atom, 5))).

t((op(700, xfx, ===>), current_op(P, T, ===>), op(0, xfx, ===>)), sols(P-T, [700-xfx])).
t((op(700, xfx, ===>), op(0, xfx, ===>), current_op(P, T, ===>)), fail).
t((op(700, xfx, ===>), term_to_atom(X, 'a ===> b'), op(0, xfx, ===>)), sols(X, [===>(a, b)])).
t((op(200, xfy, ^^), term_to_atom(X, 'a ^^ b ^^ c'), op(0, xfy, ^^)), sols(X, [^^(a, ^^(b, c))])).
t((op(200, yfx, ^^), term_to_atom(X, 'a ^^ b ^^ c'), op(0, yfx, ^^)), sols(X, [^^(^^(a, b), c)])).
t((op(900, fy, nicht), term_to_atom(X, 'nicht nicht a'), op(0, fy, nicht)), sols(X, [nicht(nicht(a))])).
t((op(700, xfx, [aa1, bb1]), current_op(P, T, aa1), op(0, xfx, [aa1, bb1])), sols(P-T, [700-xfx])).
t((op(700, xfx, [aa1, bb1]), current_op(P, T, bb1), op(0, xfx, [aa1, bb1])), sols(P-T, [700-xfx])).
t((op(700, xf, postfx), term_to_atom(X, 'a postfx'), op(0, xf, postfx)), sols(X, [postfx(a)])).
t(op(1201, xfx, foo), error(domain_error(operator_priority, 1201))).
t(op(-1, xfx, foo), error(domain_error(operator_priority, -1))).
t(op(200, yxy, foo), error(domain_error(operator_specifier, yxy))).
t(op(_, xfx, foo), error(instantiation_error)).
t(op(200, _, foo), error(instantiation_error)).
t(op(200, xfx, _), error(instantiation_error)).
t(op(a, xfx, foo), error(type_error(integer, a))).
t(op(200, xfx, 1), error(type_error(list, 1))).
t(op(200, xfx, ','), error(permission_error(modify, operator, ','))).
t(op(1000, xfy, ','), error(permission_error(modify, operator, ','))).
t(op(200, xfx, '|'), error(permission_error(create, operator, '|'))).
t(op(200, xfx, []), true, swi('the empty list of operators')).
t((op(200, xfx, '[]'), op(0, xfx, '[]')), true, iso('ISO: \'[]\' is the empty list, so no operator is named')).
t((op(200, xfx, {}), op(0, xfx, {})), error(permission_error(create, operator, {})), iso('SWI accepts')).
t(op(200, xfx, [1]), error(type_error(atom, 1))).

% A quoted name that needs its quotes acts as an operator once declared; one that would read
% the same unquoted stays a plain atom, as in SWI-Prolog (ISO lets every quoted name act).
t((op(200, xfx, 'x y'), term_to_atom(T, 'a \'x y\' b'), op(0, xfx, 'x y')), sols(T, ['x y'(a, b)])).
t((op(200, fy, ' op'), term_to_atom(T, '\' op\' \'1 \''), op(0, fy, ' op')), sols(T, [' op'('1 ')])).
t((op(200, fy, ' op'), with_output_to(atom(A), writeq(' op'('1 '))), op(0, fy, ' op')), sols(A, ['\' op\' \'1 \''])).
t((op(200, xf, 'f '), term_to_atom(T, '0 \'f \''), op(0, xf, 'f ')), sols(T, ['f '(0)])).
t((op(200, xf, 'f '), with_output_to(atom(A), writeq('f '(0))), op(0, xf, 'f ')), sols(A, ['0 \'f \''])).
t(term_to_atom(T, '\'-\'(1)'), sols(T, [-(1)])).
t(term_to_atom(_, '\'-\' 1'), error(syntax_error(_)), swi('ISO reads a quoted name as an operator: -(1)')).

% Flag values outside a flag's domain, and unknown = warning.
t(set_prolog_flag(debug, no), error(domain_error(flag_value, debug+no)), iso('SWI: type_error(bool, no)')).
t((set_prolog_flag(unknown, warning), current_prolog_flag(unknown, V), set_prolog_flag(unknown, error)), sols(V, [warning])).

% unknown/2, the Edinburgh interface to the unknown flag (SWI-Prolog's library(edinburgh)).
t((unknown(O, fail), unknown(N, trace)), sols(O-N, [trace-fail])).
t((unknown(_, fail), (no_such_predicate_of_unknown_2 -> R = called ; R = failed), unknown(_, trace)), sols(R, [failed])).
t((unknown(_, trace), current_prolog_flag(unknown, F)), sols(F, [error])).
