% Texts turned into numbers by number_string/2, number_codes/2 and atom_number/2: plain
% digits of every length around the small-integer limit, leading zeros, signs, layout, other
% bases, floats and texts that are not numbers.
main :-
    forall(member(A, ['0', '7', '007', '12345', '123456789012345678', '999999999999999999',
                      '1234567890123456789', '9223372036854775807', '9223372036854775808',
                      '99999999999999999999999', '-12', '+12', ' 12', '12 ', '12a', '',
                      '0x1F', '0''a', '0b101', '1.5e3', '1.0Inf']),
           ( atom_string(A, T), atom_codes(A, Cs),
             ( catch(number_string(N1, T), E1, (N1 = error(E1))) -> true ; N1 = fails ),
             ( catch(number_codes(N2, Cs), error(E2, _), (N2 = error(E2))) -> true ; N2 = fails ),
             ( catch(atom_number(A, N3), E3, (N3 = error(E3))) -> true ; N3 = fails ),
             writeq(A-[N1, N2, N3]), nl )).
