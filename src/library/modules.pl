% Modules: use_module/1,2, reexport/1,2 and current_module/1 over the natives of
% src/builtins/modules.rs. A file specification is a path (relative to the file being loaded)
% or Alias(Path) resolved through user:file_search_path/2; library(Name) names ply's own
% library, which every program sees already, unless a file_search_path for library finds a
% file of that name; a name that neither ply's nor SWI-Prolog's library has is a missing source.

use_module(Spec) :- '$use_module'(Spec, all, false, use_module/1).
use_module(Spec, Imports) :- '$use_module'(Spec, Imports, false, use_module/2).
reexport(Spec) :- '$use_module'(Spec, all, true, reexport/1).
reexport(Spec, Imports) :- '$use_module'(Spec, Imports, true, reexport/2).

'$use_module'(Spec, _, _, PI) :-
    var(Spec), !,
    throw(error(instantiation_error, context(PI, _))).
'$use_module'([], _, _, _) :- !.
'$use_module'([S|Ss], Imports, Re, PI) :- !,
    '$use_module'(S, Imports, Re, PI),
    '$use_module'(Ss, Imports, Re, PI).
'$use_module'(Spec, _, _, PI) :-
    \+ acyclic_term(Spec), !,
    throw(error(type_error(acyclic_term, Spec), context(PI, _))).
'$use_module'(Spec, Imports, Re, _) :-
    (   '$module_source'(Spec, Path)
    ->  '$load_module'(Path, Imports, Re, _)
    ;   Spec = library(Name),
        '$path_text'(Name, Text),
        '$known_library'(Text)
    ->  '$library_ops'(Text)
    ;   throw(error(existence_error(source_sink, Spec), _))
    ).

%   The operators a library of ply's own declares when it is loaded.
'$library_ops'(clpfd) :- !, '$clpfd_ops'.
'$library_ops'(clpb) :- !, '$clpb_ops'.
'$library_ops'(_).

'$module_source'(Spec, Path) :-
    compound(Spec), Spec =.. [Alias, Rel], Alias \== (/), !,
    '$search_dir'(Alias, Dir),
    '$path_text'(Rel, RelText),
    atomic_list_concat([Dir, '/', RelText], Full),
    '$resolve_source'(Full, Path), !.
'$module_source'(Spec, Path) :-
    '$path_text'(Spec, Text),
    '$resolve_source'(Text, Path).

'$search_dir'(Alias, Dir) :-
    catch(user:file_search_path(Alias, D), _, fail),
    (   atomic(D) -> Dir = D
    ;   '$module_source_dir'(D, Dir)
    ).

'$module_source_dir'(Spec, Dir) :-
    compound(Spec), Spec =.. [Alias, Rel],
    '$search_dir'(Alias, D0),
    '$path_text'(Rel, RelText),
    atomic_list_concat([D0, '/', RelText], Dir).

'$path_text'(V, _) :-
    var(V), !,
    throw(error(instantiation_error, _)).
'$path_text'(A/B, T) :- !,
    '$path_text'(A, TA), '$path_text'(B, TB),
    atomic_list_concat([TA, '/', TB], T).
'$path_text'(A, A) :- atom(A), !.
'$path_text'(S, A) :- string(S), atom_string(A, S).

current_module(M) :-
    (   var(M) -> true
    ;   atom(M) -> true
    ;   fail
    ),
    '$modules'(L),
    '$member_pair_list'(L, M).

% The import modules of a module (SWI-Prolog's default chain: user for a module, system for
% user), and changing them.
import_module(M, I) :-
    (   var(M) -> current_module(M) ; true ),
    '$import_modules'(M, L),
    '$member_pair_list'(L, I).
add_import_module(M, I, Where) :-
    '$import_modules'(M, L0),
    (   '$member_pair_list'(L0, X), X == I -> true
    ;   Where == start -> '$set_import_modules'(M, [I|L0])
    ;   Where == end -> append(L0, [I], L), '$set_import_modules'(M, L)
    ;   throw(error(domain_error(import_position, Where), context(add_import_module/3, _)))
    ).
delete_import_module(M, I) :-
    '$import_modules'(M, L0),
    '$delete_import'(L0, I, L),
    '$set_import_modules'(M, L).
'$delete_import'([], _, []).
'$delete_import'([X|Xs], I, L) :-
    (   X == I -> L = Xs
    ;   L = [X|L1], '$delete_import'(Xs, I, L1)
    ).

% @(Goal, Module): Goal, resolved where it is written, with Module as its context: a control
% construct's or a meta-predicate's goals run in Module (ply has no context module
% but the one meta-arguments are qualified with), as in SWI-Prolog.
@(Goal, Module) :-
    (   var(Module) -> throw(error(instantiation_error, context((@)/2, _)))
    ;   atom(Module) -> true
    ;   throw(error(type_error(module, Module), context((@)/2, _)))
    ),
    strip_module(Goal, _, G),
    (   '$context_sensitive'(G) -> call(Module:G) ; call(Goal) ).
'$context_sensitive'(G) :- callable(G), '$is_meta_goal'(G).
