% Streams: set_output/1 and set_input/1 and what they redirect,
% current_output/1 and current_input/1, closing the current stream,
% open/4's alias(A) option, stream_property/2, current_stream/3, the
% Edinburgh predicates (tell, told, telling, see, seen, seeing) and the
% readutil predicates (read_line_to_codes/2,3, read_line_to_string/2,
% read_file_to_codes/3, read_file_to_string/3, read_file_to_terms/3).
% Cases that use a file create it under /tmp (one name per case), open it
% with encoding(utf8) where they read or write non-ASCII text so that
% SWI-Prolog uses UTF-8 whatever the locale, close every stream they open,
% delete the file, and end with standard output and input current again.
% A case that redirects output closes the stream before it checks
% anything, so that a failure cannot leave the report redirected.  No case
% reads standard input.

:- set_prolog_flag(double_quotes, string).

% set_output/1 redirects every output predicate without a stream argument.
t((F = '/tmp/ply_conf_streams_1.txt',
   open(F, write, S, [encoding(utf8)]), set_output(S),
   write(hello), nl, writeq('Привет мир'), nl, print(f('X')), nl,
   write_canonical([a|_]), nl, write_term(g(x), [quoted(true)]), nl,
   format('~w-~a~n', [x, 'щ']), put_char('ж'), put_code(0'!), tab(2), nl,
   portray_clause((h(X) :- b(X, _))),
   close(S), read_file_to_string(F, Str, [encoding(utf8)]), delete_file(F),
   atom_string(A, Str)),
  sols(A, ['hello\n\'Привет мир\'\nf(\'X\')\n[a|_]\ng(x)\nx-щ\nж!  \nh(A) :-\n    b(A, _).\n'])).
% format's column stops count from the start of the line on the file.
t((F = '/tmp/ply_conf_streams_2.txt',
   open(F, write, S), set_output(S),
   write(ab), format('~t~6|c~n'), format('~w~t~5+~w~n', [xy, z]),
   close(S), read_file_to_string(F, Str, []), delete_file(F), atom_string(A, Str)),
  sols(A, ['ab    c\nxy   z\n'])).
% listing/1 writes to current output too.
t((F = '/tmp/ply_conf_streams_3.txt',
   retractall(ply_conf_streams_p(_)),
   assertz(ply_conf_streams_p(1)), assertz(ply_conf_streams_p(f(X, X, _))),
   open(F, write, S), set_output(S), listing(ply_conf_streams_p/1), close(S),
   retractall(ply_conf_streams_p(_)),
   read_file_to_string(F, Str, []), delete_file(F), atom_string(A, Str)),
  sols(A, [':- dynamic ply_conf_streams_p/1.\n\nply_conf_streams_p(1).\nply_conf_streams_p(f(A, A, _)).\n\n'])).
% current_output/1 names the stream set_output/1 chose; a bound argument is compared.
t((F = '/tmp/ply_conf_streams_4.txt',
   open(F, write, S), set_output(S), current_output(C),
   ( current_output(S) -> B = yes ; B = no ),
   close(S), delete_file(F), ( C == S -> Same = yes ; Same = no )),
  sols([Same, B], [[yes, yes]])).
% Closing current output makes user_output current again.
t((F = '/tmp/ply_conf_streams_5.txt',
   open(F, write, S), set_output(S), close(S), delete_file(F),
   current_output(C), stream_property(C, alias(A))),
  sols(A, [user_output])).
% with_output_to/2 captures even while output is redirected, and
% format/3 with a sink does not disturb it.
t((F = '/tmp/ply_conf_streams_6.txt',
   open(F, write, S), set_output(S),
   write(a), with_output_to(string(In), write(inner)), format(atom(At), '~w', [fmt]), write(b),
   close(S), read_file_to_string(F, Str, []), delete_file(F)),
  sols([Str, In, At], [["ab", "inner", fmt]])).
% Output to an explicit stream is not redirected; flush_output/1 makes
% what was written visible before the stream is closed.
t((F = '/tmp/ply_conf_streams_7.txt', G = '/tmp/ply_conf_streams_7b.txt',
   open(F, write, S), open(G, write, S2), set_output(S),
   write(S2, other), flush_output(S2), read_file_to_string(G, Early, []),
   write(mine), close(S), close(S2),
   read_file_to_string(F, A, []), read_file_to_string(G, B, []),
   delete_file(F), delete_file(G)),
  sols([Early, A, B], [["other", "mine", "other"]])).
t(set_output(_), error(instantiation_error)).
t(set_output(ply_conf_no_such_stream), error(existence_error(stream, ply_conf_no_such_stream))).
t(set_output(f(x)), error(domain_error(stream_or_alias, f(x)))).
t(set_output(user_input), error(permission_error(output, stream, user_input))).
t((F = '/tmp/ply_conf_streams_8.txt',
   open(F, write, S), close(S), delete_file(F),
   catch(set_output(S), error(E, _), true), E = existence_error(stream, S1), S1 == S),
  true).
t((F = '/tmp/ply_conf_streams_9.txt',
   open(F, write, W), write(W, x), close(W),
   open(F, read, S), catch(set_output(S), error(E, _), true), close(S), delete_file(F),
   E = permission_error(output, stream, S1), S1 == S),
  true).

% set_input/1 redirects read/1, read_term/2 and the character predicates.
t((F = '/tmp/ply_conf_streams_10.txt',
   open(F, write, W, [encoding(utf8)]), write(W, 'ф(1). g(\'Ё\').\nяz'), close(W),
   open(F, read, S, [encoding(utf8)]), set_input(S),
   read(T1), read_term(T2, []), get_char(_), get_char(C1), peek_code(C2), get_char(C3),
   current_input(CI), ( CI == S -> Same = yes ; Same = no ),
   set_input(user_input), close(S), delete_file(F)),
  sols([T1, T2, C1, C2, C3, Same], [['ф'(1), g('Ё'), 'я', 0'z, z, yes]])).
% Closing current input makes user_input current again.
t((F = '/tmp/ply_conf_streams_11.txt',
   open(F, write, W), close(W),
   open(F, read, S), set_input(S), close(S), delete_file(F),
   current_input(C), stream_property(C, alias(A))),
  sols(A, [user_input])).
t(set_input(_), error(instantiation_error)).
t(set_input(user_output), error(permission_error(input, stream, user_output))).
t(set_input(ply_conf_no_such_stream), error(existence_error(stream, ply_conf_no_such_stream))).
t(current_output(ply_conf_no_such_stream), error(existence_error(stream, ply_conf_no_such_stream))).
t(current_output(f(x)), error(domain_error(stream_or_alias, f(x)))).
t(current_input(ply_conf_no_such_stream), error(existence_error(stream, ply_conf_no_such_stream))).

% open/4's alias(A): the stream argument is the alias, which names the
% stream until it is closed.
t((F = '/tmp/ply_conf_streams_12.txt',
   open(F, write, S, [alias(ply_conf_out)]), write(ply_conf_out, 'ю'),
   nl(ply_conf_out), close(ply_conf_out),
   read_file_to_codes(F, Cs, []), delete_file(F),
   catch(write(ply_conf_out, x), error(E, _), true)),
  sols([S, Cs, E], [[ply_conf_out, [0'ю, 0'\n], existence_error(stream, ply_conf_out)]])).
t((F = '/tmp/ply_conf_streams_13.txt',
   open(F, write, _, [alias(ply_conf_dup)]),
   catch(open(F, write, _, [alias(ply_conf_dup)]), error(E, _), true),
   close(ply_conf_dup), delete_file(F)),
  sols(E, [permission_error(open, source_sink, alias(ply_conf_dup))])).
t(open('/tmp/ply_conf_streams_14.txt', write, _, [alias(user_output)]),
  error(permission_error(open, source_sink, alias(user_output)))).
t(open('/tmp/ply_conf_streams_14.txt', write, _, [alias(_)]), error(instantiation_error)).
t(open('/tmp/ply_conf_streams_14.txt', write, _, [alias(3)]), error(type_error(atom, 3))).
t(open('/tmp/ply_conf_streams_14.txt', write, _, foo), error(type_error(list, foo))).
t(open('/tmp/ply_conf_streams_14.txt', write, _, [foo]), error(type_error(option, foo))).
t(open('/tmp/ply_conf_streams_14.txt', write, _, [_]), error(instantiation_error)).
t(open('/tmp/ply_conf_streams_no_dir/x.txt', write, _),
  error(existence_error(source_sink, '/tmp/ply_conf_streams_no_dir/x.txt'))).
t(open('/tmp/ply_conf_streams_no_file.txt', read, _),
  error(existence_error(source_sink, '/tmp/ply_conf_streams_no_file.txt'))).

% stream_property/2 on a file stream.
t((F = '/tmp/ply_conf_streams_15.txt',
   open(F, write, S, [alias(ply_conf_sp)]),
   stream_property(S, file_name(N)), stream_property(S, mode(M)),
   ( stream_property(S, output) -> O = yes ; O = no ),
   ( stream_property(S, input) -> I = yes ; I = no ),
   stream_property(S, alias(A)), stream_property(S, eof_action(EA)),
   stream_property(S, type(T)), close(S), delete_file(F)),
  sols([N, M, O, I, A, EA, T],
       [['/tmp/ply_conf_streams_15.txt', write, yes, no, ply_conf_sp, eof_code, text]])).
t((F = '/tmp/ply_conf_streams_16.txt',
   open(F, write, W), close(W), open(F, append, S),
   stream_property(S, mode(M)), close(S), delete_file(F)),
  sols(M, [append])).
% end_of_stream: not before the end, at once everything has been read,
% past after a read has met the end (ISO 7.10.2.9).  SWI-Prolog says at
% only once a read has met the end, and past after a second such read.
t((F = '/tmp/ply_conf_streams_17.txt',
   open(F, write, W), write(W, 'ab\n'), close(W), open(F, read, S),
   stream_property(S, end_of_stream(E1)), read_line_to_string(S, _),
   stream_property(S, end_of_stream(E2)), read_line_to_string(S, _),
   stream_property(S, end_of_stream(E3)), stream_property(S, mode(M)),
   ( stream_property(S, input) -> I = yes ; I = no ),
   close(S), delete_file(F)),
  sols([E1, E2, E3, M, I], [[not, at, past, read, yes]]),
  iso('ISO 7.10.2.9: end_of_stream(at) once the whole text has been read')).
% The standard streams by their aliases.
t((stream_property(S, alias(user_output)), stream_property(S, mode(M))), sols(M, [write])).
t((stream_property(S, alias(user_error)), stream_property(S, mode(M))), sols(M, [write])).
t((stream_property(S, alias(user_input)), stream_property(S, mode(M)),
   stream_property(S, eof_action(A))),
  sols([M, A], [[read, reset]])).
t(stream_property(user_output, alias(A)), sols(A, [user_output])).
t((stream_property(user_input, P), P == input), true).
% Both unbound: every open stream, with every property.
t((F = '/tmp/ply_conf_streams_18.txt',
   open(F, write, S, [alias(ply_conf_enum)]),
   findall(A, stream_property(_, alias(A)), As),
   findall(P, stream_property(S, P), Ps),
   findall(X-Y, stream_property(X, Y), All),
   close(S), delete_file(F),
   msort(As, Sorted),
   ( memberchk(mode(write), Ps), memberchk(type(text), Ps) -> Own = yes ; Own = no ),
   ( memberchk(S0-alias(ply_conf_enum), All), memberchk(S0-file_name(F), All)
   -> Listed = yes ; Listed = no )),
  sols([Sorted, Own, Listed], [[[ply_conf_enum, user_error, user_input, user_output], yes, yes]])).
% An unknown property fails, as in SWI-Prolog 9.
t(stream_property(user_output, ply_conf_no_such_property(_)), fail).
t(stream_property(_, ply_conf_no_such_property), fail).
t(stream_property(user_output, mode(3)), fail).
t(stream_property(ply_conf_no_such_stream, mode(_)), error(existence_error(stream, ply_conf_no_such_stream))).
t(stream_property(f(x), mode(_)), error(domain_error(stream_or_alias, f(x)))).
t(stream_property(3, mode(_)), error(domain_error(stream_or_alias, 3))).
t((F = '/tmp/ply_conf_streams_19.txt',
   open(F, write, S), close(S), delete_file(F),
   catch(stream_property(S, mode(_)), error(E, _), true),
   E = existence_error(stream, S1), S1 == S),
  true).

% current_stream/3: the file name and the mode of every open stream.
t((F = '/tmp/ply_conf_streams_20.txt',
   open(F, write, S), current_stream(N, M, S),
   ( current_stream(F, write, S2), S2 == S -> Found = yes ; Found = no ),
   close(S), delete_file(F)),
  sols([N, M, Found], [['/tmp/ply_conf_streams_20.txt', write, yes]])).
t((F = '/tmp/ply_conf_streams_21.txt',
   open(F, write, W), close(W), open(F, read, S), current_stream(_, M, S),
   close(S), delete_file(F)),
  sols(M, [read])).
t(current_stream(_, _, ply_conf_no_such_stream), error(existence_error(stream, ply_conf_no_such_stream))).
t(current_stream(_, _, f(x)), error(domain_error(stream_or_alias, f(x)))).

% Edinburgh I/O.
t((telling(T), seeing(S)), sols([T, S], [[user, user]])).
t((F = '/tmp/ply_conf_streams_22.txt',
   tell(F), write('ок'), telling(T), told, telling(U),
   see(F), get_char(C1), get_char(C2), get_char(C3), seeing(Si), seen, seeing(Su),
   delete_file(F),
   ( T == user -> TU = user ; TU = file ), ( Si == user -> SU = user ; SU = file )),
  sols([TU, U, C1, C2, C3, SU, Su], [[file, user, 'о', 'к', end_of_file, file, user]])).
% tell/1 of a file it opened before switches back to it rather than
% emptying it again.
t((F = '/tmp/ply_conf_streams_23.txt', G = '/tmp/ply_conf_streams_23b.txt',
   tell(F), write(one), tell(G), write(two), tell(F), write(three), told,
   tell(G), told,
   read_file_to_string(F, A, []), read_file_to_string(G, B, []),
   delete_file(F), delete_file(G)),
  sols([A, B], [["onethree", "two"]])).
% tell/1 and see/1 take an alias; told/0 closes the stream.
t((F = '/tmp/ply_conf_streams_24.txt',
   open(F, write, _, [alias(ply_conf_tell)]), tell(ply_conf_tell), write(x), told,
   catch(write(ply_conf_tell, y), error(E, _), true),
   read_file_to_string(F, A, []), delete_file(F)),
  sols([A, E], [["x", existence_error(stream, ply_conf_tell)]])).
t((tell(user), telling(T), told, see(user), seeing(S), seen), sols([T, S], [[user, user]])).
t((told, seen, telling(T), seeing(S)), sols([T, S], [[user, user]])).
t(tell(_), error(instantiation_error)).
t(see(_), error(instantiation_error)).
t(tell(3), error(type_error(atom, 3))).
t(see(3), error(type_error(atom, 3))).
t(tell(f(x)), error(type_error(atom, f(x)))).
t(see('/tmp/ply_conf_streams_no_file.txt'),
  error(existence_error(source_sink, '/tmp/ply_conf_streams_no_file.txt'))).
t(tell('/tmp/ply_conf_streams_no_dir/x.txt'),
  error(existence_error(source_sink, '/tmp/ply_conf_streams_no_dir/x.txt'))).

% read_line_to_codes/2 drops the line break (and a carriage return before
% it); at the end it gives end_of_file.
t((F = '/tmp/ply_conf_streams_25.txt',
   open(F, write, W, [encoding(utf8)]), write(W, 'ab\nвт\r\n\nz'), close(W),
   open(F, read, S, [encoding(utf8)]),
   read_line_to_codes(S, L1), read_line_to_codes(S, L2), read_line_to_codes(S, L3),
   read_line_to_codes(S, L4), read_line_to_codes(S, L5), read_line_to_codes(S, L6),
   close(S), delete_file(F)),
  sols([L1, L2, L3, L4, L5, L6], [[[0'a, 0'b], [0'в, 0'т], [], [0'z], end_of_file, end_of_file]])).
% read_line_to_codes/3 keeps the line break; a last line without one, and
% the end of the file, close the list.
t((F = '/tmp/ply_conf_streams_26.txt',
   open(F, write, W, [encoding(utf8)]), write(W, 'ж\n\nz'), close(W),
   open(F, read, S, [encoding(utf8)]),
   read_line_to_codes(S, L1, T1), read_line_to_codes(S, L2, T2),
   read_line_to_codes(S, L3, T3), read_line_to_codes(S, L4, T4),
   close(S), delete_file(F)),
  sols([L1-T1, L2-T2, L3-T3, L4-T4], [[[0'ж, 0'\n|T]-T, [0'\n|U]-U, [0'z]-[], []-[]]])).
t((F = '/tmp/ply_conf_streams_27.txt',
   open(F, write, W, [encoding(utf8)]), write(W, 'пять\r\nsix'), close(W),
   open(F, read, S, [encoding(utf8)]),
   read_line_to_string(S, A), read_line_to_string(S, B), read_line_to_string(S, C),
   close(S), delete_file(F)),
  sols([A, B, C], [["пять", "six", end_of_file]])).
t(read_line_to_codes(_, _), error(instantiation_error)).
t(read_line_to_codes(ply_conf_no_such_stream, _), error(existence_error(stream, ply_conf_no_such_stream))).
t((F = '/tmp/ply_conf_streams_28.txt',
   open(F, write, W), close(W), open(F, read, S), close(S), delete_file(F),
   catch(read_line_to_codes(S, _, _), error(E, _), true),
   E = existence_error(stream, S1), S1 == S),
  true).

% Whole files.
t((F = '/tmp/ply_conf_streams_29.txt',
   open(F, write, W, [encoding(utf8)]), write(W, 'Я\r\nb'), close(W),
   read_file_to_codes(F, Cs, [encoding(utf8)]), read_file_to_string(F, Str, [encoding(utf8)]),
   delete_file(F)),
  sols([Cs, Str], [[[0'Я, 0'\r, 0'\n, 0'b], "Я\r\nb"]])).
t((F = '/tmp/ply_conf_streams_30.txt',
   open(F, write, W, [encoding(utf8)]),
   write(W, 'a(1).\nb(X, Y, X).\n:- c.\n\'щ\'([д]).\n'), close(W),
   read_file_to_terms(F, Ts, [encoding(utf8)]), delete_file(F)),
  sols(Ts, [[a(1), b(X, _, X), (:- c), 'щ'(['д'])]])).
t((F = '/tmp/ply_conf_streams_31.txt',
   open(F, write, W), close(W), read_file_to_terms(F, Ts, []),
   read_file_to_string(F, Str, []), delete_file(F)),
  sols([Ts, Str], [[[], ""]])).
t((F = '/tmp/ply_conf_streams_32.txt',
   open(F, write, W), write(W, 'a(.\n'), close(W),
   catch(read_file_to_terms(F, _, []), error(E, _), true), delete_file(F),
   E = syntax_error(_)),
  true).
t(read_file_to_codes('/tmp/ply_conf_streams_no_file.txt', _, []),
  error(existence_error(source_sink, '/tmp/ply_conf_streams_no_file.txt'))).
t(read_file_to_string(_, _, []), error(instantiation_error)).
t(read_file_to_string('/tmp/ply_conf_streams_no_file.txt', _, _), error(instantiation_error)).
t(read_file_to_string('/tmp/ply_conf_streams_no_file.txt', _, foo), error(type_error(list, foo))).
t(read_file_to_terms(f(x), _, []), error(existence_error(source_sink, f(x)))).
