% is/2, arithmetic comparison and every ISO evaluable functor, with
% bigints and the ISO error terms.

t(X is 1 + 2, sols(X, [3])).
t(X is 5 - 7, sols(X, [-2])).
t(X is 6 * 7, sols(X, [42])).
t(X is 7 / 2, sols(X, [3.5])).
t(X is 6 / 2, sols(X, [3]), swi('prefer_rationals=false, iso=false: int/int exact gives int')).
t(X is 7 // 2, sols(X, [3])).
t(X is -7 // 2, sols(X, [-3]), swi('integer_rounding_function is toward_zero')).
t(X is 7 mod 3, sols(X, [1])).
t(X is -7 mod 3, sols(X, [2])).
t(X is 7 mod -3, sols(X, [-2])).
t(X is -7 rem 3, sols(X, [-1])).
t(X is 7 rem -3, sols(X, [1])).
t(X is div(-7, 2), sols(X, [-4])).
t(X is abs(-3), sols(X, [3])).
t(X is abs(-3.5), sols(X, [3.5])).
t(X is sign(-3), sols(X, [-1])).
t(X is sign(0), sols(X, [0])).
t(X is sign(-2.5), sols(X, [-1.0])).
t(X is min(2, 3), sols(X, [2])).
t(X is max(2, 3.0), sols(X, [3.0])).
t(X is min(1, 1.0), sols(X, [1.0]), swi('SWI: min of equal int and float is the float')).
t(X is max(1, 1.0), sols(X, [1.0]), swi('SWI: max of equal int and float is the float')).
t(X is -(5), sols(X, [-5])).
t(X is +(5), sols(X, [5])).
t(X is 2 ** 3, sols(X, [8]), swi('SWI: int ** int is an int when prefer_rationals is false')).
t(X is 2 ** -1, sols(X, [0.5])).
t(X is 2.0 ** 3, sols(X, [8.0])).
t(X is 2 ^ 3, sols(X, [8])).
t(X is 2 ^ 100, sols(X, [1267650600228229401496703205376])).
t(X is (-2) ^ 3, sols(X, [-8])).
t(X is 2 ^ -1, error(type_error(float, 2)), iso('ISO: an integer power with a negative exponent is a type error unless the base is 1 or -1; SWI gives 0.5')).
t(X is 1 ^ -1, sols(X, [1])).
t(X is 0 ^ 0, sols(X, [1])).
t(X is 2.0 ^ 2, sols(X, [4.0])).
t(X is sqrt(16), sols(X, [4.0])).
t(X is sqrt(2.25), sols(X, [1.5])).
t(X is sqrt(-1), error(evaluation_error(undefined))).
t(X is exp(0), sols(X, [1.0])).
t(X is log(1), sols(X, [0.0])).
t(X is log(0), error(evaluation_error(undefined)), iso('SWI reports float_overflow')).
t(X is log(-1), error(evaluation_error(undefined))).
t(X is sin(0), sols(X, [0.0])).
t(X is cos(0), sols(X, [1.0])).
t(X is tan(0), sols(X, [0.0])).
t(X is asin(0), sols(X, [0.0])).
t(X is acos(1), sols(X, [0.0])).
t(X is atan(0), sols(X, [0.0])).
t(X is atan(0, 1), sols(X, [0.0])).
t(X is atan2(0, 1), sols(X, [0.0])).
t((X is pi, X > 3.14159, X < 3.1416), true).
t((X is e, X > 2.71828, X < 2.71829), true).
t((X is 4 * atan(1), X =:= pi), true).
t(X is float(3), sols(X, [3.0])).
t(X is integer(2.5), sols(X, [3])).
t(X is integer(-2.5), sols(X, [-3])).
t(X is float_integer_part(-2.5), sols(X, [-2.0])).
t(X is float_fractional_part(2.75), sols(X, [0.75])).
t(X is truncate(-2.7), sols(X, [-2])).
t(X is truncate(2.7), sols(X, [2])).
t(X is round(2.5), sols(X, [3])).
t(X is round(-2.5), sols(X, [-3])).
t(X is ceiling(2.1), sols(X, [3])).
t(X is ceiling(-2.1), sols(X, [-2])).
t(X is floor(-2.1), sols(X, [-3])).
t(X is floor(2.9), sols(X, [2])).
t(X is truncate(1.0e20), sols(X, [100000000000000000000])).
t(X is 1 << 10, sols(X, [1024])).
t(X is 1 << 100, sols(X, [1267650600228229401496703205376])).
t(X is 1024 >> 3, sols(X, [128])).
t(X is -16 >> 2, sols(X, [-4])).
t(X is 12 /\ 10, sols(X, [8])).
t(X is 12 \/ 10, sols(X, [14])).
t(X is 12 xor 10, sols(X, [6])).
t(X is \ 5, sols(X, [-6])).
t(X is msb(1000), sols(X, [9])).
t(X is msb(1 << 100), sols(X, [100])).
t(X is gcd(12, 18), sols(X, [6])).
t(X is gcd(-12, 18), sols(X, [6])).
t(X is gcd(2 ^ 100, 6 ^ 50), sols(X, [1125899906842624])).
t(X is truncate(3), sols(X, [3])).
t(X is 3 + 2.0, sols(X, [5.0])).
t(X is 0.1 + 0.2, sols(X, [0.30000000000000004])).
t(X is 10 / 4.0, sols(X, [2.5])).
t(X is 1.0e10, sols(X, [10000000000.0])).

% bigints
t(X is 9223372036854775807 + 1, sols(X, [9223372036854775808])).
t(X is -9223372036854775808 - 1, sols(X, [-9223372036854775809])).
t(X is 9223372036854775807 * 2, sols(X, [18446744073709551614])).
t(X is 123456789012345678901234567890 * 987654321098765432109876543210, sols(X, [121932631137021795226185032733622923332237463801111263526900])).
t(X is 100000000000000000000 // 3, sols(X, [33333333333333333333])).
t(X is 100000000000000000000 mod 7, sols(X, [2])).
t(X is -100000000000000000000 mod 7, sols(X, [5])).
t(X is 100000000000000000000 rem -7, sols(X, [2])).
t(X is abs(-100000000000000000000), sols(X, [100000000000000000000])).
t(X is -(-9223372036854775808), sols(X, [9223372036854775808])).
t(X is abs(-9223372036854775808), sols(X, [9223372036854775808])).
t(X is 7 ^ 30, sols(X, [22539340290692258087863249])).
t(X is (-3) ^ 41, sols(X, [-36472996377170786403])).
t(X is 2 ** 70, sols(X, [1180591620717411303424])).
t(X is 100000000000000000000 - 100000000000000000000, sols(X, [0])).
t(X is 100000000000000000000 / 100000000000000000000, sols(X, [1])).
t(X is float(100000000000000000000), sols(X, [1.0e20])).
t(X is min(100000000000000000000, 3), sols(X, [3])).
t(X is max(100000000000000000000, 3), sols(X, [100000000000000000000])).
t(X is (1 << 100) >> 98, sols(X, [4])).
t(X is (1 << 100) /\ ((1 << 100) - 1), sols(X, [0])).
t(X is sign(-100000000000000000000), sols(X, [-1])).
t(X is gcd(100000000000000000000, 15), sols(X, [5])).
t(X is 100000000000000000000 + 0.5, sols(X, [1.0e20])).
t(X is 36893488147419103232 * 36893488147419103232 // 36893488147419103232, sols(X, [36893488147419103232])).
t(100000000000000000000 > 99999999999999999999, true).
t(100000000000000000000 =:= 1.0e20, true).
t(-100000000000000000000 < 1, true).

% comparison
t(1 < 2, true).
t(2 < 1, fail).
t(1 =:= 1.0, true).
t(1 =\= 1.0, fail).
t(1 + 2 =:= 3, true).
t(2 >= 2, true).
t(2 =< 1, fail).
t(3 > 2.5, true).
t(X < 1, error(instantiation_error)).
t(a < 1, error(type_error(evaluable, a/0))).
t(1 < foo(1), error(type_error(evaluable, foo/1))).

% errors
t(X is Y + 1, error(instantiation_error)).
t(X is foo + 1, error(type_error(evaluable, foo/0))).
t(X is foo(1), error(type_error(evaluable, foo/1))).
t(X is 1 / 0, error(evaluation_error(zero_divisor))).
t(X is 1 // 0, error(evaluation_error(zero_divisor))).
t(X is 1 mod 0, error(evaluation_error(zero_divisor))).
t(X is 1 rem 0, error(evaluation_error(zero_divisor))).
t(X is 1.0 / 0, error(evaluation_error(zero_divisor)), swi('float_zero_div=error')).
t(X is 1.5 // 2, error(type_error(integer, 1.5))).
t(X is 1.5 mod 2, error(type_error(integer, 1.5))).
t(X is 1 >> 1.0, error(type_error(integer, 1.0))).
t(X is 1.0 /\ 1, error(type_error(integer, 1.0))).
t(X is msb(0), error(domain_error(not_less_than_one, 0)), swi('SWI error term for msb(0)')).
t(X is gcd(1.0, 2), error(type_error(integer, 1.0))).
t(X is "a" + 0, sols(X, [97]), swi('a one-element code list or one-character string evaluates to the code')).
t(X is [0'a] + 0, sols(X, [97])).
t(X is a, error(type_error(evaluable, a/0))).
t(X is 1.0e308 * 10, error(evaluation_error(float_overflow))).
t(X is acos(2), error(evaluation_error(undefined))).
t(X is 0 ** -1, error(evaluation_error(zero_divisor)), swi('int ** negative int as in SWI')).
t(X is 0.0 / 0, error(evaluation_error(undefined))).
t(1 is 1, true).
t(1.0 is 1, fail).
t(2 is 1 + 1, true).
t(X is 5, sols(X, [5])).
t(foo is 1, fail).

% A one-element list evaluates its element; a one-character atom there stands for its code,
% as in SWI-Prolog.
t(X is [x] + 1, sols(X, [121])).
t(X is [0'a], sols(X, [97])).
