% Character and byte I/O: get_char, get_code, peek_char, peek_code,
% put_char, put_code, get_byte, peek_byte, put_byte, at_end_of_stream.
% Cases that read or write a file create it under /tmp (one name per
% case), open it with encoding(utf8) so that SWI-Prolog reads and writes
% UTF-8 whatever the locale, and close every stream they open.  No case
% reads standard input, which may be a terminal.

% Reading a file character by character: Cyrillic and Chinese letters
% are one character each; end of file is end_of_file, and stays so.
t((open('/tmp/ply_conf_char_io_1.txt', write, W, [encoding(utf8)]),
   write(W, 'Пр\nи中'), close(W),
   open('/tmp/ply_conf_char_io_1.txt', read, R, [encoding(utf8)]),
   get_char(R, A), get_char(R, B), get_char(R, C), get_char(R, D),
   get_char(R, E), get_char(R, F), get_char(R, G), close(R)),
  sols([A, B, C, D, E, F, G], [['П', 'р', '\n', 'и', '中', end_of_file, end_of_file]])).
t((open('/tmp/ply_conf_char_io_2.txt', write, W, [encoding(utf8)]),
   write(W, 'Жx'), close(W),
   open('/tmp/ply_conf_char_io_2.txt', read, R, [encoding(utf8)]),
   get_code(R, A), get_code(R, B), get_code(R, C), get_code(R, D), close(R)),
  sols([A, B, C, D], [[0x416, 0'x, -1, -1]])).
% Peeking does not consume.
t((open('/tmp/ply_conf_char_io_3.txt', write, W, [encoding(utf8)]),
   write(W, 'Пр'), close(W),
   open('/tmp/ply_conf_char_io_3.txt', read, R, [encoding(utf8)]),
   peek_char(R, A), peek_char(R, B), get_char(R, C), peek_code(R, D),
   get_code(R, E), peek_char(R, F), peek_code(R, G), get_char(R, H), close(R)),
  sols([A, B, C, D, E, F, G, H], [['П', 'П', 'П', 0x440, 0x440, end_of_file, -1, end_of_file]])).
% A character that does not unify is consumed by get_char, not by peek_char.
t((open('/tmp/ply_conf_char_io_4.txt', write, W, [encoding(utf8)]),
   write(W, 'abc'), close(W),
   open('/tmp/ply_conf_char_io_4.txt', read, R, [encoding(utf8)]),
   ( peek_char(R, x) -> P = yes ; P = no ),
   ( get_char(R, x) -> G = yes ; G = no ),
   ( get_code(R, 0'x) -> H = yes ; H = no ),
   get_char(R, C), close(R)),
  sols([P, G, H, C], [[no, no, no, c]])).
t((open('/tmp/ply_conf_char_io_5.txt', write, W, [encoding(utf8)]),
   write(W, 'ab'), close(W),
   open('/tmp/ply_conf_char_io_5.txt', read, R, [encoding(utf8)]),
   get_char(R, a), peek_code(R, 0'b), get_code(R, 0'b), get_char(R, end_of_file),
   get_code(R, -1), peek_char(R, end_of_file), close(R)),
  true).
% at_end_of_stream/1 is true only when no character is left, layout included.
t((open('/tmp/ply_conf_char_io_6.txt', write, W, [encoding(utf8)]),
   write(W, 'я\n'), close(W),
   open('/tmp/ply_conf_char_io_6.txt', read, R, [encoding(utf8)]),
   ( at_end_of_stream(R) -> E1 = yes ; E1 = no ), get_char(R, _),
   ( at_end_of_stream(R) -> E2 = yes ; E2 = no ), get_char(R, _),
   ( at_end_of_stream(R) -> E3 = yes ; E3 = no ), close(R)),
  sols([E1, E2, E3], [[no, no, yes]])).
t((open('/tmp/ply_conf_char_io_7.txt', write, W, [encoding(utf8)]), close(W),
   open('/tmp/ply_conf_char_io_7.txt', read, R, [encoding(utf8)]),
   ( at_end_of_stream(R) -> E = yes ; E = no ), get_char(R, C), close(R)),
  sols([E, C], [[yes, end_of_file]])).
t((open('/tmp/ply_conf_char_io_8.txt', write, W, [encoding(utf8)]),
   write(W, 'a.\n\n'), close(W),
   open('/tmp/ply_conf_char_io_8.txt', read, R, [encoding(utf8)]),
   read(R, T), ( at_end_of_stream(R) -> E = yes ; E = no ),
   get_char(R, C), ( at_end_of_stream(R) -> E2 = yes ; E2 = no ),
   get_char(R, D), ( at_end_of_stream(R) -> E3 = yes ; E3 = no ), close(R)),
  sols([T, E, C, E2, D, E3], [[a, no, '\n', no, '\n', yes]])).
% read/2 stops after the end token's full stop, leaving the layout that
% follows it; read_line_to_string/2 and get_char/2 share the read position.
t((open('/tmp/ply_conf_char_io_9.txt', write, W, [encoding(utf8)]),
   write(W, 'foo. bar\nЩы'), close(W),
   open('/tmp/ply_conf_char_io_9.txt', read, R, [encoding(utf8)]),
   read(R, T), get_char(R, C), read_line_to_string(R, S), atom_string(L, S),
   get_char(R, D), peek_char(R, P), close(R)),
  sols([T, C, L, D, P], [[foo, ' ', bar, 'Щ', 'ы']])).
% The one-argument forms read the current input.
t((open('/tmp/ply_conf_char_io_10.txt', write, W, [encoding(utf8)]),
   write(W, 'Ё1\n'), close(W),
   open('/tmp/ply_conf_char_io_10.txt', read, R, [encoding(utf8)]),
   current_input(Old), set_input(R),
   peek_char(A), get_char(B), peek_code(C), get_code(D),
   ( at_end_of_stream -> E1 = yes ; E1 = no ), get_char(E),
   ( at_end_of_stream -> E2 = yes ; E2 = no ), get_code(F), peek_char(G),
   set_input(Old), close(R)),
  sols([A, B, C, D, E1, E, E2, F, G], [['Ё', 'Ё', 0'1, 0'1, no, '\n', yes, -1, end_of_file]])).

% Writing with put_char/2 and put_code/2, read back.
t((open('/tmp/ply_conf_char_io_11.txt', write, W, [encoding(utf8)]),
   put_char(W, 'Ж'), put_code(W, 0x4E2D), put_char(W, a), put_code(W, 0'\n),
   put_char(W, ' '), close(W),
   open('/tmp/ply_conf_char_io_11.txt', read, R, [encoding(utf8)]),
   get_code(R, A), get_code(R, B), get_char(R, C), get_char(R, D),
   get_char(R, E), get_code(R, F), close(R)),
  sols([A, B, C, D, E, F], [[0x416, 0x4E2D, a, '\n', ' ', -1]])).
t((open('/tmp/ply_conf_char_io_12.txt', write, W, [encoding(utf8)]),
   put_char(W, 'п'), put_char(W, 'р'), put_char(W, '.'), close(W),
   open('/tmp/ply_conf_char_io_12.txt', read, R, [encoding(utf8)]),
   read(R, T), read(R, T2), close(R)),
  sols([T, T2], [['пр', end_of_file]])).
t(with_output_to(atom(A), (put_code(0'a), put_code(0x416), put_char('中'), put_code(0'\n))), sols(A, ['aЖ中\n'])).

% Errors of the readers: the stream is checked before the argument.
t(get_char(_, C), error(instantiation_error)).
t(get_char(foo, C), error(existence_error(stream, foo))).
t(get_char(3, C), error(domain_error(stream_or_alias, 3))).
t(get_char(f(x), C), error(domain_error(stream_or_alias, f(x)))).
t(get_char(user_output, C), error(permission_error(input, stream, user_output))).
t(get_char(user_output, ab), error(permission_error(input, stream, user_output))).
t(get_code(user_output, C), error(permission_error(input, stream, user_output))).
t(peek_char(user_output, C), error(permission_error(input, stream, user_output))).
t(peek_code(user_error, C), error(permission_error(input, stream, user_error))).
t(get_code(_, C), error(instantiation_error)).
t(peek_code(foo, C), error(existence_error(stream, foo))).
t((open('/tmp/ply_conf_char_io_13.txt', write, W, [encoding(utf8)]),
   catch(get_char(W, _), error(permission_error(input, stream, S), _), true),
   close(W), S == W),
  true).
t((open('/tmp/ply_conf_char_io_14.txt', write, W, [encoding(utf8)]), close(W),
   open('/tmp/ply_conf_char_io_14.txt', read, R, [encoding(utf8)]), close(R),
   catch(get_char(R, _), error(existence_error(stream, S), _), true), S == R),
  true).
% A bad output argument, on a file that holds one character.
t((open('/tmp/ply_conf_char_io_15.txt', write, W, [encoding(utf8)]),
   write(W, a), close(W),
   open('/tmp/ply_conf_char_io_15.txt', read, R, [encoding(utf8)]),
   catch(get_char(R, ab), error(Err, _), true), get_char(R, C), close(R)),
  sols(Err-C, [type_error(in_character, ab)-a]), iso('SWI: type_error(character, ab)')).
t((open('/tmp/ply_conf_char_io_16.txt', write, W, [encoding(utf8)]),
   write(W, a), close(W),
   open('/tmp/ply_conf_char_io_16.txt', read, R, [encoding(utf8)]),
   catch(get_char(R, 1), error(Err, _), true), close(R)),
  sols(Err, [type_error(in_character, 1)]), iso('SWI reads a and fails')).
t((open('/tmp/ply_conf_char_io_17.txt', write, W, [encoding(utf8)]),
   write(W, a), close(W),
   open('/tmp/ply_conf_char_io_17.txt', read, R, [encoding(utf8)]),
   catch(peek_char(R, f(x)), error(Err, _), true), close(R)),
  sols(Err, [type_error(in_character, f(x))]), iso('SWI: type_error(character, f(x))')).
t((open('/tmp/ply_conf_char_io_18.txt', write, W, [encoding(utf8)]),
   write(W, a), close(W),
   open('/tmp/ply_conf_char_io_18.txt', read, R, [encoding(utf8)]),
   catch(get_code(R, a), error(Err, _), true), close(R)),
  sols(Err, [type_error(integer, a)]), iso('SWI reads a and fails')).
t((open('/tmp/ply_conf_char_io_19.txt', write, W, [encoding(utf8)]),
   write(W, a), close(W),
   open('/tmp/ply_conf_char_io_19.txt', read, R, [encoding(utf8)]),
   catch(get_code(R, -2), error(Err, _), true), close(R)),
  sols(Err, [representation_error(in_character_code)]), iso('SWI: type_error(character, -2)')).
t((open('/tmp/ply_conf_char_io_20.txt', write, W, [encoding(utf8)]),
   write(W, a), close(W),
   open('/tmp/ply_conf_char_io_20.txt', read, R, [encoding(utf8)]),
   catch(peek_code(R, 0x110000), error(Err, _), true), close(R)),
  sols(Err, [representation_error(in_character_code)]), iso('SWI: domain_error(character, 1114112)')).
t((open('/tmp/ply_conf_char_io_21.txt', write, W, [encoding(utf8)]),
   write(W, a), close(W),
   open('/tmp/ply_conf_char_io_21.txt', read, R, [encoding(utf8)]),
   catch(get_code(R, 1.5), error(Err, _), true), close(R)),
  sols(Err, [type_error(integer, 1.5)]), iso('SWI: type_error(character, 1.5)')).

% Errors of the writers: the character is checked before the stream.
t(put_char(_), error(instantiation_error)).
t(put_char(ab), error(type_error(character, ab))).
t(put_char(f(x)), error(type_error(character, f(x)))).
t(with_output_to(atom(_), put_char(1)), error(type_error(character, 1)), iso('SWI writes the character with code 1')).
t(put_char(user_output, _), error(instantiation_error)).
t(put_char(_, a), error(instantiation_error)).
t(put_char(user_input, a), error(permission_error(output, stream, user_input))).
t(put_char(foo, a), error(existence_error(stream, foo))).
t(put_char(foo, ab), error(type_error(character, ab))).
t(put_char(_, ab), error(type_error(character, ab))).
t(put_char(3, a), error(domain_error(stream_or_alias, 3))).
t(put_code(_), error(instantiation_error)).
t(put_code(user_error, _), error(instantiation_error)).
t(with_output_to(atom(_), put_code(a)), error(type_error(integer, a)), iso('SWI writes a')).
t(put_code(f(x)), error(type_error(integer, f(x))), iso('SWI: type_error(character, f(x))')).
t(put_code(1.0), error(type_error(integer, 1.0)), iso('SWI: type_error(character, 1.0)')).
t(put_code(-1), error(representation_error(character_code)), iso('SWI: type_error(character, -1)')).
t(put_code(0x110000), error(representation_error(character_code)), iso('SWI: domain_error(character, 1114112)')).
t(put_code(user_input, 0'a), error(permission_error(output, stream, user_input))).
t(put_code(foo, 0'a), error(existence_error(stream, foo))).
t((open('/tmp/ply_conf_char_io_22.txt', write, W, [encoding(utf8)]), close(W),
   open('/tmp/ply_conf_char_io_22.txt', read, R, [encoding(utf8)]),
   catch(put_char(R, a), error(permission_error(output, stream, S), _), true),
   close(R), S == R),
  true).

% Bytes: every stream here is a text stream.
t(put_byte(65), error(permission_error(output, text_stream, current_output))).
t(put_byte(user_output, 65), error(permission_error(output, text_stream, user_output))).
t(put_byte(user_error, 0), error(permission_error(output, text_stream, user_error))).
t(put_byte(_), error(instantiation_error)).
t(put_byte(user_output, _), error(instantiation_error)).
t(put_byte(256), error(type_error(byte, 256))).
t(put_byte(-1), error(type_error(byte, -1))).
t(put_byte(a), error(type_error(byte, a))).
t(put_byte(foo, 256), error(type_error(byte, 256))).
t(put_byte(user_input, 1), error(permission_error(output, stream, user_input))).
t(put_byte(foo, 1), error(existence_error(stream, foo))).
t(get_byte(_), error(permission_error(input, text_stream, current_input))).
t(peek_byte(_), error(permission_error(input, text_stream, current_input))).
t(get_byte(user_input, _), error(permission_error(input, text_stream, user_input))).
t(get_byte(user_input, a), error(permission_error(input, text_stream, user_input))).
t(peek_byte(user_input, _), error(permission_error(input, text_stream, user_input))).
t(get_byte(user_output, _), error(permission_error(input, stream, user_output))).
t(peek_byte(user_output, _), error(permission_error(input, stream, user_output))).
t(get_byte(foo, _), error(existence_error(stream, foo))).
t(get_byte(_, _), error(instantiation_error)).
t((open('/tmp/ply_conf_char_io_23.txt', write, W, [encoding(utf8)]),
   write(W, a), close(W),
   open('/tmp/ply_conf_char_io_23.txt', read, R, [encoding(utf8)]),
   catch(get_byte(R, _), error(permission_error(input, text_stream, S), _), true),
   get_char(R, C), close(R), S == R),
  sols(C, [a])).
t((open('/tmp/ply_conf_char_io_24.txt', write, W, [encoding(utf8)]),
   catch(put_byte(W, 1), error(permission_error(output, text_stream, S), _), true),
   close(W), S == W),
  true).

% at_end_of_stream/1 errors.
t(at_end_of_stream(_), error(instantiation_error)).
t(at_end_of_stream(foo), error(existence_error(stream, foo))).
t(at_end_of_stream(f(x)), error(domain_error(stream_or_alias, f(x)))).
t(at_end_of_stream(user_output), error(permission_error(input, stream, user_output))).

% exists_file/1 and delete_file/1, which also remove the files the cases above wrote.
t(forall(between(1, 24, I),
         (   format(atom(F), '/tmp/ply_conf_char_io_~w.txt', [I]),
             (exists_file(F) -> delete_file(F), \+ exists_file(F) ; true)
         )),
  true).
t(exists_file('/tmp'), fail).
t(exists_file(_), error(instantiation_error)).
t(exists_file(f(x)), error(type_error(text, f(x)))).
t(delete_file('/tmp/ply_conf_char_io_no_such_file'),
  error(existence_error(file, '/tmp/ply_conf_char_io_no_such_file'))).
t(delete_file(_), error(instantiation_error)).
t(delete_file('/tmp'), error(permission_error(delete, file, '/tmp'))).
