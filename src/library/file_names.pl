/*  ply library: SWI-Prolog's predicates on the text of file names, with
    no file system behind them.

    file_base_name(+Path, -Base) is what follows the last '/' (trailing
    slashes left out; '/' itself for the root); file_directory_name(+Path,
    -Dir) what comes before it ('.' for a name with no directory, '/' for
    a name right under the root); file_name_extension(?Base, ?Ext, ?Name)
    joins a base and an extension with a dot or splits a name at the last
    dot of its last part.  Paths are atoms, strings or code or char lists;
    the answers are atoms; the errors are swipl's.  Helpers are named with
    a '$fn_' prefix.
*/

file_base_name(Path, Base) :-
    '$fn_text'(Path, file_base_name/2, Text),
    atomic_list_concat(Parts0, '/', Text),
    '$fn_drop_trailing_empty'(Parts0, Parts),
    (   Text == ''
    ->  Base = ''
    ;   Parts == ['']
    ->  Base = '/'
    ;   last(Parts, Base)
    ).

file_directory_name(Path, Dir) :-
    '$fn_text'(Path, file_directory_name/2, Text),
    '$fn_strip_slashes'(Text, Stripped),
    (   Stripped == ''
    ->  (   sub_atom(Text, 0, 1, _, '/') -> Dir = '/' ; Dir = '.' )
    ;   sub_atom(Stripped, Before, 1, _, '/'),
        \+ ( sub_atom(Stripped, B2, 1, _, '/'), B2 > Before )
    ->  sub_atom(Stripped, 0, Before, _, Prefix),
        '$fn_strip_slashes'(Prefix, Dir0),
        (   Dir0 == '' -> Dir = '/' ; Dir = Dir0 )
    ;   Dir = '.'
    ).

file_name_extension(Base, Ext, Name) :-
    nonvar(Name),
    !,
    '$fn_text'(Name, file_name_extension/3, N),
    '$fn_split'(N, B, E),
    (   var(Ext) -> Ext = E ; '$fn_text'(Ext, file_name_extension/3, E2), '$fn_no_dot'(E2, E) ),
    (   var(Base) -> Base = B ; '$fn_text'(Base, file_name_extension/3, B) ).
file_name_extension(Base, Ext, Name) :-
    '$fn_text'(Base, file_name_extension/3, B),
    '$fn_text'(Ext, file_name_extension/3, E0),
    '$fn_no_dot'(E0, E),
    (   E == ''
    ->  Name = B
    ;   atom_concat(_, E, B),
        atom_concat(BaseDot, E, B),
        sub_atom(BaseDot, _, 1, 0, '.')
    ->  Name = B
    ;   atomic_list_concat([B, '.', E], Name)
    ).

% The text of a file name as an atom: an instantiation error when unbound, a type error when it
% is no text.
'$fn_text'(T, PI, A) :-
    (   var(T)
    ->  throw(error(instantiation_error, context(system:PI, _)))
    ;   atom(T)
    ->  A = T
    ;   atomic(T), \+ compound(T)
    ->  format(atom(A), '~w', [T])
    ;   is_list(T), catch(atom_codes(A, T), _, fail)
    ->  true
    ;   throw(error(type_error(text, T), context(system:PI, _)))
    ).

'$fn_drop_trailing_empty'(Parts0, Parts) :-
    reverse(Parts0, R0),
    '$fn_drop_empty'(R0, R),
    (   R == [] -> Parts = [''] ; reverse(R, Parts) ).

'$fn_drop_empty'([''|T], R) :- !, '$fn_drop_empty'(T, R).
'$fn_drop_empty'(R, R).

% The text without the slashes it ends with.
'$fn_strip_slashes'(T, S) :-
    (   sub_atom(T, Before, 1, 0, '/')
    ->  sub_atom(T, 0, Before, _, T1),
        '$fn_strip_slashes'(T1, S)
    ;   S = T
    ).

'$fn_no_dot'(E0, E) :-
    (   sub_atom(E0, 0, 1, _, '.') -> sub_atom(E0, 1, _, 0, E) ; E = E0 ).

% A name split at the last dot of its last part: '' as the extension when there is none.
'$fn_split'(N, B, E) :-
    (   sub_atom(N, Dot, 1, After, '.'),
        \+ ( sub_atom(N, D2, 1, _, C), D2 > Dot, ( C == '.' ; C == '/' ) )
    ->  sub_atom(N, 0, Dot, _, B),
        sub_atom(N, _, After, 0, E)
    ;   B = N,
        E = ''
    ).
