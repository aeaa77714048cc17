% The big-integer benchmark set of benches/bignum.sh: program(Name, Times), where Times runs
% of top/0 take about half a second in SWI-Prolog 9 on the development machine (read by
% benches/suite.sh the way it reads SWI-Prolog's own programs.pl).

program(factorial, 40).
program(fib_add, 8).
program(fib_doubling, 80).
program(gcd_divmod, 80).
program(pidigits, 4).
program(power_tower, 1600).
program(print_read, 3).
