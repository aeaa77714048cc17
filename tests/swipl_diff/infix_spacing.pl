% A symbolic infix operator that would glue to its left operand is set off by a space on both
% sides ('sub/'-yes writes as sub/ - yes), and only there: write/1, print/1 and writeq/1 of
% atoms ending in symbol characters, operators as operands, and numbers.
main :-
    forall(member(T, ['sub/'-yes, a-'/b', 'a+'+b, 'a*'*2, f('x#'-1), ['a/'-1], 1 - -1,
                      a=..'=b', '/'-1, a-'/', '/'=a, '-'-'-', (a:-b)-c, 'a\\'-x, 'a='=b,
                      'x.'-y, 1-2, a- (-1), - - a, 'a+'+'+b', ('a+':-'b+')]),
           ( write(T), write('   '), print(T), write('   '), writeq(T), nl )).
