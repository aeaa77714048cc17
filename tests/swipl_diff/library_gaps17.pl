% Builtins and library predicates that programs from outside called (held-out batch 15):
% sleep/1, is_stream/1, with_output_to/2 of a stream, library(gensym), library(error)'s
% throwing predicates, arithmetic:evaluable/1, variant_sha1/2, compile_predicates/1,
% current_predicate/1 of the system's predicates and from a module, M:Body in grammar bodies
% and a prefix operator applied to an infix operator's name written as a compound; the file
% name predicates file_base_name/2, file_directory_name/2 and file_name_extension/3.
:- use_module(library(arithmetic)).
:- op(650, xfy, of).
:- op(700, fx, the).

t(G) :- catch((G -> R = yes ; R = no), E, R = caught(E)), print(G-R), nl.
e(G) :- catch(G, error(E, _), (print(E), nl)).

greet --> "hi".
wrapped(G) --> \+ \+ G, [_].

:- dynamic fact/1.
fact(1).

twice(X, Y) :- Y is 2 * X.

main :-
    e(sleep(a)), e(sleep(_)), sleep(0), sleep(-1), sleep(0.01),
    t(is_stream(user_error)), t(is_stream(nostream)), t(is_stream(_)),
    with_output_to(user_output, (write(to_user_output), nl)),
    e(with_output_to(nostream, true)),
    e(with_output_to(foo(x), true)),
    (with_output_to(user_output, fail) -> true ; writeln(failed_inside)),
    gensym(a, A1), gensym(a, A2), gensym(b, B1), reset_gensym(a), gensym(a, A3),
    reset_gensym, gensym(b, B2), print([A1, A2, B1, A3, B2]), nl,
    e(type_error(integer, x)), e(domain_error(positive, -1)),
    e(existence_error(file, f)), e(existence_error(key, k, d)),
    e(permission_error(modify, static_procedure, p/1)),
    e(instantiation_error(_)), e(uninstantiation_error(x)),
    e(representation_error(max_arity)), e(resource_error(memory)),
    e(syntax_error(bad)),
    t(arithmetic:evaluable(1 + sin(_))), t(arithmetic:evaluable(foo(1))),
    t(arithmetic:evaluable("a")), t(arithmetic:evaluable([x])),
    variant_sha1(f(X, Y, X), H1), variant_sha1(f(_P, _Q, P2), H2),
    variant_sha1(f(U, _V, U), H3), atom_length(H1, L),
    ( H1 == H3 -> S13 = same ; S13 = different ),
    ( H1 == H2 -> S12 = same ; S12 = different ),
    print([L, S13, S12]), nl, print(vars(P2, Y)), nl,
    freeze(Fz, true), e(variant_sha1(Fz, _)),
    e(compile_predicates([nofact/1])),
    compile_predicates([fact/1]),
    t(predicate_property(fact(_), dynamic)), t(fact(1)),
    compile_predicates([twice/2]),
    t(current_predicate(is_dict/1)), t(current_predicate(system:atom_length/2)),
    t(current_predicate(user:atom_length/2)), t(current_predicate(nothing_here/3)),
    t(lists:current_predicate(twice/2)),
    t(phrase(wrapped(user:greet), `hix`, [])),
    t(phrase(user:(greet, "x"), `hix`)),
    X1 = (the of(1, 2)), write_canonical(X1), nl,
    X2 = (the of), write_canonical(X2), nl,
    X3 = [the, of], write_canonical(X3), nl,
    forall(member(P, ['/a/b/c.pl', 'c.pl', '/a/b/', '/', '', 'a//b', '/a', 'a/b//', "s/t.pl", 12]),
           ( file_base_name(P, FB), file_directory_name(P, FD), print([P, FB, FD]), nl )),
    e(file_base_name(f(x), _)), e(file_directory_name(_, _)),
    forall(member(G, [file_name_extension(_, _, 'x.pl'), file_name_extension(_, _, '/a.b/x'),
                      file_name_extension(_, _, 'x.tar.gz'), file_name_extension(x, pl, _),
                      file_name_extension(x, '.pl', _), file_name_extension('x.pl', pl, _),
                      file_name_extension(x, '', _), file_name_extension(_, pl, 'x.pl'),
                      file_name_extension(_, pl, 'x.PL'), file_name_extension(x, _, 'x.pl'),
                      file_name_extension(_, _, '.bashrc'), file_name_extension(_, _, "s.pl"),
                      file_name_extension("x", "pl", _), file_name_extension(_, txt, 'x.pl'),
                      file_name_extension(_, _, 'x.'), file_name_extension(_, '', 'x.pl'),
                      file_name_extension(_, _, '/a/.b'), file_name_extension(_, 'tar.gz', 'x.tar.gz')]),
           t(G)),
    e(file_name_extension(_, _, _)).
