% The boot library: builtins that are easiest to state in Prolog over ply's natives.
% Loaded first at start-up; every predicate here is a library predicate that a program may
% redefine. Helper predicates are named with a leading '$'.

once(G) :- call(G), !.
\+ G :- call(G), !, fail.
\+ _.
not(G) :- \+ G.

% repeat/0: succeeds again on every backtrack. The second clause calls itself last, so
% backtracking forever runs in constant space.
repeat.
repeat :- repeat.

ignore(G) :- (call(G) -> true ; true).

% setup_call_cleanup(S, G, C): once(S), then G, and C once G is done with: at once when G
% exits leaving nothing to retry, fails or raises an error (an error of C itself is then
% raised only when G succeeded), and otherwise when G's last choicepoint is failed into, cut
% away or passed by an error; then C runs in a nested query whose failure and errors are
% ignored (machine/cleanup.rs).
setup_call_cleanup(S, G, C) :-
    once(S),
    '$cleanup_push'(C, B),
    catch(G, E, true),
    '$cleanup_exit'(B, E, Then),
    '$cleanup_then'(Then, C, E).
% No choicepoint may lie between the goal's exit and '$cleanup_exit'/3, which looks at what the
% goal left: the choice is made by the native, and '$cleanup_then'/3 is indexed on it.
'$cleanup_then'(open, _, _).
'$cleanup_then'(settled, C, _) :-
    (   call(C) -> true ; true ).
'$cleanup_then'(raised, C, E) :-
    (   catch(C, _, true) -> true ; true ),
    throw(E).
'$cleanup_then'(rethrow, _, E) :-
    throw(E).
call_cleanup(G, C) :-
    setup_call_cleanup(true, G, C).
'$run_cleanups'([]).
'$run_cleanups'([G|Gs]) :-
    (   catch(G, _, true) -> true ; true ),
    '$run_cleanups'(Gs).
forall(C, A) :-
    (   var(C) -> throw(error(instantiation_error, context('$apply':forall/2, _))) ; true ),
    \+ (call(C), \+ call(A)).

% call_with_depth_limit(:Goal, +Limit, -Result): Goal, where a call more than Limit levels deep
% fails (Goal itself is level 1); Result is the deepest level reached, or depth_limit_exceeded
% when Goal failed after a call was refused. The count is the engine's (depth_limit.rs); the
% limit is trailed, so backtracking into Goal runs it under its limit again, its deepest level
% counted afresh from the goal's, as SWI-Prolog counts it for each answer.
call_with_depth_limit(G, Limit, Result) :-
    '$depth_limit'(Limit, Saved, Exceeded),
    (   Exceeded == true
    ->  Result = depth_limit_exceeded
    ;   (   call(G),
            '$depth_limit_true'(Saved, R, Det),
            (   Det == true
            ->  !, Result = R
            ;   (   Result = R
                ;   '$depth_limit_reached'(1), fail
                )
            )
        ;   '$depth_limit_false'(Saved, Result)
        )
    ).
% call_with_inference_limit(:Goal, +Limit, -Result): Goal, which raises inference_limit_exceeded
% at a call past Limit inferences (statistics(inferences, N) counts them) and Result is then
% inference_limit_exceeded; otherwise Result is ! for an answer that left no choicepoint and
% true for one that did. Each answer has Limit inferences again; a limit nested in another is
% never later than the outer one, whose own exception the inner call raises again. The check
% is the engine's (inference_limit.rs).
call_with_inference_limit(G, Limit, Result) :-
    '$inference_limit'(Limit, Saved),
    (   Limit == 0
    ->  % Calling the goal is an inference already past the limit.
        Result = inference_limit_exceeded
    ;   catch(('$inference_limit_arm'(Limit, Saved), G), Ball,
              '$inference_limit_caught'(Saved, Ball, Caught)),
        (   nonvar(Caught)
        ->  !,
            (   Caught == exceeded
            ->  Result = inference_limit_exceeded
            ;   throw(Ball)
            )
        ;   '$inference_limit_true'(Saved, Det),
            (   Det == true
            ->  !, Result = (!)
            ;   (   Result = true
                ;   '$inference_limit_again'(Limit, Saved), fail
                )
            )
        )
    ;   '$inference_limit_false'(Saved), fail
    ).
findall(T, G, L, Tail) :- findall(T, G, L0), append(L0, Tail, L).

length(L, N) :-
    % The length is checked first, as SWI-Prolog does, whatever the list.
    (   var(N) -> true
    ;   integer(N) ->
        (   N < 0 -> throw(error(domain_error(not_less_than_zero, N), context(length/2, _)))
        ;   true
        )
    ;   throw(error(type_error(integer, N), context(length/2, _)))
    ),
    '$skip_list'(Len, L, Tail),
    (   Tail == [] -> N = Len
    ;   var(Tail) ->
        (   var(N) -> '$length_gen'(Tail, Len, N)
        ;   integer(N) ->
            (   N < 0 -> throw(error(domain_error(not_less_than_zero, N), context(length/2, _)))
            ;   M is N - Len, M >= 0, '$make_list'(M, Tail)
            )
        ;   throw(error(type_error(integer, N), context(length/2, _)))
        )
    ;   throw(error(type_error(list, L), context(length/2, _)))
    ).
'$length_gen'([], N, N).
'$length_gen'([_|T], N0, N) :- N1 is N0 + 1, '$length_gen'(T, N1, N).

retractall(MH) :-
    (   var(MH) -> throw(error(instantiation_error, context(system:retractall/1, _)))
    ;   true
    ),
    strip_module(MH, M, H),
    (   callable(H) -> true
    ;   var(H) -> throw(error(instantiation_error, context(system:retractall/1, _)))
    ;   throw(error(type_error(callable, H), context(system:retractall/1, _)))
    ),
    (   '$predicate_info'(M:H, _, _, true) -> true
    ;   functor(H, N, A), dynamic(M:(N/A))
    ),
    (   '$retract_all_general'(M:H) -> true
    ;   '$retract_all_matching'(M:H)
    ).

clause(H, B) :-
    (   var(H) -> throw(error(instantiation_error, context(system:clause/2, _)))
    ;   callable(H) -> true
    ;   throw(error(type_error(callable, H), context(system:clause/2, _)))
    ),
    (   var(B) -> true
    ;   callable(B) -> true
    ;   throw(error(type_error(callable, B), context(system:clause/2, _)))
    ),
    strip_module(H, _, H1),
    '$clause_next'(H, access, _, (H1 :- B)).

clause(H, B, Ref) :-
    (   var(Ref) -> true
    ;   Ref = _-_ -> true
    ;   throw(error(type_error(db_reference, Ref), context(system:clause/3, _)))
    ),
    (   nonvar(Ref) -> true
    ;   var(H) -> throw(error(instantiation_error, context(system:clause/3, _)))
    ;   callable(H) -> true
    ;   throw(error(type_error(callable, H), context(system:clause/3, _)))
    ),
    (   var(B) -> true
    ;   callable(B) -> true
    ;   throw(error(type_error(callable, B), context(system:clause/3, _)))
    ),
    (   var(Ref) -> strip_module(H, _, H1), '$clause_next'(H, access, Ref, (H1 :- B))
    ;   '$clause_by_ref'(Ref, H, B)
    ).

current_predicate(Spec) :-
    nonvar(Spec),
    Spec = Module:Spec1,
    !,
    (   var(Module) -> Module = user
    ;   atom(Module) -> true
    ;   throw(error(type_error(atom, Module), context(system:current_predicate/1, _)))
    ),
    (   var(Spec1) -> true
    ;   Spec1 = N/A, (var(N) ; atom(N)), (var(A) ; integer(A)) -> true
    ;   throw(error(type_error(predicate_indicator, Spec), context(system:current_predicate/1, _)))
    ),
    (   '$module_predicates'(Module:_, L),
        '$member_pair_list'(L, Spec1)
    *-> true
    ;   % A module sees user's predicates and the system's, as swipl's default imports
        % give them, when the predicate is named in full.
        ground(Spec1),
        Module \== user,
        '$module_predicates'(user:_, L),
        '$member_pair_list'(L, Spec1)
    ->  true
    ;   '$current_system_predicate'(Spec1)
    ).
current_predicate(Spec) :-
    (   var(Spec) -> true
    ;   Spec = N/A -> ( (var(N) ; atom(N)), (var(A) ; integer(A)) -> true
                      ; throw(error(type_error(predicate_indicator, Spec), context(system:current_predicate/1, _))) )
    ;   throw(error(type_error(predicate_indicator, Spec), context(system:current_predicate/1, _)))
    ),
    (   '$user_predicates'(L),
        '$member_pair_list'(L, Spec)
    *-> true
    ;   '$current_system_predicate'(Spec)
    ).
current_predicate(N, H) :-
    '$user_predicates'(L),
    '$member_pair_list'(L, N/A),
    functor(H, N, A).
% A native of the system named with its arity is a current predicate, as swipl's module
% `system` makes its own visible everywhere; the system's predicates are not enumerated.
'$current_system_predicate'(Spec) :-
    nonvar(Spec),
    Spec = N/A,
    atom(N),
    integer(A),
    '$system_predicate'(N, A).
'$member_pair_list'([X|_], X).
'$member_pair_list'([_|T], X) :- '$member_pair_list'(T, X).

predicate_property(H, P) :-
    nonvar(H),
    '$predicate_info'(H, D, B, Def),
    % In SWI-Prolog's order; implementation_module(M) is given only when asked for.
    (   Def == true, B \== true, P = interpreted
    ;   Def == true, P = visible
    ;   B == true, P = built_in
    ;   D == true, P = dynamic
    ;   D \== true, P = static
    ;   '$pred_module_props'(H, Ps), '$member_pair_list'(Ps, P0),
        (   var(P) -> P0 \= implementation_module(_) ; true ),
        P = P0
    ;   P = number_of_rules(N), '$number_of_rules'(H, N)
    ;   Def == true, P = defined
    ;   '$indexes'(H, L), L \== [], P = indexed(L)
    ).

% The clauses of H that are no fact, for a predicate made of clauses.
'$number_of_rules'(H, N) :-
    '$pred_module_props'(H, Ps),
    '$member_pair_list'(Ps, number_of_clauses(_)), !,
    findall(x, (clause(H, B), B \== true), Rules),
    length(Rules, N).

% jiti_list(+Spec): print the hash indexes of the predicates Spec names (Name or Name/Arity),
% one line each, as '$indexes'/2 lists them.
jiti_list(Spec) :-
    (   Spec = Name/Arity -> true ; Name = Spec ),
    format("~w~t~40|~w~t~64|~w~n", ['Predicate', 'Indexed', 'Keys']),
    format("~`=t~72|~n"),
    forall(( current_predicate(Name/Arity), functor(H, Name, Arity),
             '$indexes'(H, L), '$member_pair_list'(L, K-hash(N)) ),
           ( '$jiti_place'(K, Place),
             format("~w~t~40|~w~t~64|~D~n", [Name/Arity, Place, N]) )).

'$jiti_place'(single(P), T) :- !, format(atom(T), "~w", [P]).
'$jiti_place'(multi([A, B]), T) :- format(atom(T), "~w+~w", [A, B]).

current_op(P, T, N) :-
    (   var(P) -> true
    ;   integer(P), P >= 0, P =< 1200 -> true
    ;   \+ integer(P) -> throw(error(type_error(integer, P), context(system:current_op/3, _)))
    ;   throw(error(domain_error(operator_priority, P), context(system:current_op/3, _)))
    ),
    (   var(T) -> true
    ;   atom(T), '$op_type'(T) -> true
    ;   throw(error(domain_error(operator_specifier, T), context(system:current_op/3, _)))
    ),
    (   var(N) -> true
    ;   atom(N) -> true
    ;   throw(error(type_error(atom, N), context(system:current_op/3, _)))
    ),
    '$ops'(L),
    '$member_pair_list'(L, op(P, T, N)).
'$op_type'(xfx). '$op_type'(xfy). '$op_type'(yfx).
'$op_type'(fy). '$op_type'(fx). '$op_type'(xf). '$op_type'(yf).

current_prolog_flag(F, V) :-
    (   var(F) -> '$flag_name'(F)
    ;   atom(F) -> true
    ;   throw(error(type_error(atom, F), context(system:current_prolog_flag/2, _)))
    ),
    '$flag_value'(F, V).
'$flag_name'(bounded). '$flag_name'(max_tagged_integer). '$flag_name'(min_tagged_integer).
'$flag_name'(double_quotes). '$flag_name'(back_quotes). '$flag_name'(unknown).
'$flag_name'(occurs_check). '$flag_name'(integer_rounding_function). '$flag_name'(debug).
'$flag_name'(max_arity). '$flag_name'(char_conversion). '$flag_name'(prefer_rationals).
'$flag_name'(iso). '$flag_name'(version). '$flag_name'(dialect).
'$flag_name'(gc). '$flag_name'(stack_limit). '$flag_name'(verbose). '$flag_name'(argv).
'$flag_name'(F) :- '$user_flag_names'(L), '$member_pair_list'(L, F).

% create_prolog_flag(+Name, +Value, +Options): a flag of the program's, as set_prolog_flag/2
% makes one (src/builtins/user_flags.rs); the options (type, access, keep) are not kept.
create_prolog_flag(Name, Value, _) :- set_prolog_flag(Name, Value).

% The collection runs at the call of '$gc_point', a call boundary where no register is live.
garbage_collect :-
    '$request_gc',
    '$gc_point'.
garbage_collect_atoms :-
    '$request_agc',
    '$gc_point'.
'$gc_point'.

% variant_sha1(+Term, -Sha): a SHA-1 of Term as 40 hexadecimal digits, the same for terms that
% are variants (=@=) and, but for collisions, different for any others. The digest is of the
% term written with its variables numbered in order of appearance, so it is stable across
% runs; it is not SWI-Prolog's number for the same term. A cyclic term or one with
% attributed variables raises swipl's errors.
variant_sha1(Term, Sha) :-
    (   cyclic_term(Term)
    ->  throw(error(type_error(acyclic_term, Term), context(system:variant_sha1/2, _)))
    ;   term_attvars(Term, [_|_])
    ->  throw(error(instantiation_error, context(system:variant_sha1/2, _)))
    ;   true
    ),
    copy_term(Term, Copy),
    term_variables(Copy, Vars),
    '$variant_number'(Vars, 0),
    format(atom(Text), '~W', [Copy, [quoted(true), ignore_ops(true), numbervars(false)]]),
    '$sha1_hex'(Text, Sha).

'$variant_number'([], _).
'$variant_number'([V|Vs], N) :-
    V = '$variant_var'(N),
    N1 is N + 1,
    '$variant_number'(Vs, N1).

% compile_predicates(:PIs): the dynamic predicates named become static, their clauses kept, as
% SWI-Prolog's; a static one is left as it is, one not defined is an existence error.
compile_predicates(Spec) :-
    strip_module(Spec, M, PIs),
    must_be(list, PIs),
    forall(member(PI, PIs), '$compile_predicate'(M, PI)).

'$compile_predicate'(M0, Spec) :-
    strip_module(M0:Spec, M, PI),
    (   PI = Name//DcgArity, integer(DcgArity)
    ->  Arity is DcgArity + 2
    ;   PI = Name/Arity
    ->  true
    ;   throw(error(type_error(predicate_indicator, PI), context(system:compile_predicates/1, _)))
    ),
    must_be(atom, Name),
    must_be(integer, Arity),
    functor(Head, Name, Arity),
    (   predicate_property(M:Head, dynamic)
    ->  '$make_static'(M:Head)
    ;   predicate_property(M:Head, defined)
    ->  true
    ;   throw(error(existence_error(procedure, M:Name/Arity), context(system:compile_predicates/1, _)))
    ).

% sleep(+Seconds): wait that long (a number of seconds; none for zero or less), as
% SWI-Prolog's, with its errors.
sleep(T) :-
    (   var(T)
    ->  throw(error(instantiation_error, context(system:sleep/1, _)))
    ;   number(T)
    ->  S is float(T),
        (   S > 0
        ->  '$sleep'(S)
        ;   true
        )
    ;   throw(error(type_error(float, T), context(system:sleep/1, _)))
    ).

with_output_to(Sink, Goal) :-
    '$sink_check'(Sink),
    \+ '$is_sink'(Sink),
    !,
    '$with_output_to_stream'(Sink, Goal).
with_output_to(Sink, Goal) :-
    '$capture_begin',
    (   catch(Goal, E, ('$capture_end'(_), throw(E)))
    ->  '$capture_end'(S), '$sink'(Sink, S)
    ;   '$capture_end'(_), fail
    ).
'$sink'(atom(A), S) :- !, atom_string(A, S).
'$sink'(string(S0), S) :- !, S0 = S.
'$sink'(codes(C), S) :- !, string_codes(S, C).
'$sink'(codes(C, T), S) :- !, string_codes(S, C0), append(C0, T, C).
'$sink'(chars(C), S) :- !, string_chars(S, C).
'$sink'(chars(C, T), S) :- !, string_chars(S, C0), append(C0, T, C).

%   The sink is checked before the goal runs, as SWI-Prolog checks it.
'$sink_check'(Sink) :-
    (   var(Sink)
    ->  throw(error(instantiation_error, context(system:with_output_to/2, _)))
    ;   '$is_sink'(Sink)
    ->  true
    ;   is_stream(Sink)
    ->  true
    ;   ( atom(Sink) ; Sink = '$stream'(_) )
    ->  throw(error(existence_error(stream, Sink), context(system:with_output_to/2, _)))
    ;   throw(error(type_error(output, Sink), context(system:with_output_to/2, _)))
    ).

%   with_output_to/2 of a stream or an alias, as SWI-Prolog 9 takes one: the
%   goal's first answer, its output going to that stream, the current
%   output back afterwards whatever the goal did.
'$with_output_to_stream'(Stream, Goal) :-
    current_output(Old),
    set_output(Stream),
    (   catch(Goal, E, (set_output(Old), throw(E)))
    ->  set_output(Old)
    ;   set_output(Old),
        fail
    ).

format(Sink, F, A) :-
    (   var(Sink) -> throw(error(instantiation_error, context(system:format/3, _))) ; true ),
    (   '$is_sink'(Sink) -> '$format_to_sink'(Sink, F, A)
    ;   '$format_stream'(Sink, F, A)
    ).
% With the fast paths on, a native formats into one buffer instead
% (src/builtins/format/sink.rs).
'$format_to_sink'(Sink, F, A) :- with_output_to(Sink, format(F, A)).
'$is_sink'(atom(_)). '$is_sink'(string(_)). '$is_sink'(codes(_)). '$is_sink'(codes(_, _)).
'$is_sink'(chars(_)). '$is_sink'(chars(_, _)).

[H|T] :- consult([H|T]).

numbervars(T, S, E) :-
    (   var(S) -> throw(error(instantiation_error, context(system:numbervars/4, _)))
    ;   integer(S) -> true
    ;   throw(error(type_error(integer, S), context(system:numbervars/4, _)))
    ),
    '$numbervars'(T, S, E).


% Lambda expressions (yall): Params>>Body called with extra arguments. Variables of the lambda
% are local (copied, without attributes, as swipl's copy_term_nat/2) unless declared free with
% Free/Params>>Body; fewer arguments than parameters is a domain error, as in swipl.
'>>'(Ps, B) :- '$lambda'(Ps, B, []).
'>>'(Ps, B, A1) :- '$lambda'(Ps, B, [A1]).
'>>'(Ps, B, A1, A2) :- '$lambda'(Ps, B, [A1,A2]).
'>>'(Ps, B, A1, A2, A3) :- '$lambda'(Ps, B, [A1,A2,A3]).
'>>'(Ps, B, A1, A2, A3, A4) :- '$lambda'(Ps, B, [A1,A2,A3,A4]).
'>>'(Ps, B, A1, A2, A3, A4, A5) :- '$lambda'(Ps, B, [A1,A2,A3,A4,A5]).
'>>'(Ps, B, A1, A2, A3, A4, A5, A6) :- '$lambda'(Ps, B, [A1,A2,A3,A4,A5,A6]).
'$lambda'(Ps0, B0, Args) :-
    (   var(Ps0) -> throw(error(instantiation_error, _))
    ;   Ps0 = Free/Ps1
    ->  '$lambda_free'(Free),
        must_be(list, Ps1),
        copy_term_nat(Free/Ps1>>B0, Free/Ps>>B)
    ;   must_be(list, Ps0),
        copy_term_nat(Ps0>>B0, Ps>>B)
    ),
    '$lambda_bind'(Ps, Args, Rest, Ps0>>B0),
    (   Rest == [] -> call(B)
    ;   G =.. [call, B|Rest], call(G)
    ).
% The free variables of Free/Lambda are written {X,Y} (or {} for none), as yall checks.
'$lambda_free'(Free) :- var(Free), !, throw(error(instantiation_error, _)).
'$lambda_free'({_}) :- !.
'$lambda_free'({}) :- !.
'$lambda_free'(Free) :- throw(error(type_error(lambda_free, Free), _)).
'$lambda_bind'([], Args, Args, _) :- !.
'$lambda_bind'([P|Ps], [A|As], Rest, Lambda) :- !, P = A, '$lambda_bind'(Ps, As, Rest, Lambda).
'$lambda_bind'(_, _, _, Lambda) :- throw(error(domain_error(lambda_parameters, Lambda), _)).

% Lambdas compiled at load (load/yall.rs asks): a clause passing Ps>>Body or Free/Ps>>Body
% straight to one of the meta-predicates below, Ps a list of distinct variables no longer than
% the arguments the meta-predicate adds and Body a goal, with no variable of the lambda but Free's anywhere
% else in the clause, calls '__aux_yall_N'(Free) instead. Such a lambda is copied while its
% own variables are still fresh, so each call's copy is a renaming, as a clause's is, and
% Free is shared by both. Every other lambda is left to '>>'/N above.
'$yall_expand'((H :- B0), [(H :- B)|Aux]) :-
    '$yall_walk'(B0, B, Ls, []),
    '$yall_decide'(Ls, (H :- B), Ls, Aux),
    Aux \== [].
'$yall_walk'(G, G, Ls, Ls) :- var(G), !.
'$yall_walk'((A0, B0), (A, B), Ls0, Ls) :- !,
    '$yall_walk'(A0, A, Ls0, Ls1), '$yall_walk'(B0, B, Ls1, Ls).
'$yall_walk'((A0 ; B0), (A ; B), Ls0, Ls) :- !,
    '$yall_walk'(A0, A, Ls0, Ls1), '$yall_walk'(B0, B, Ls1, Ls).
'$yall_walk'((A0 -> B0), (A -> B), Ls0, Ls) :- !,
    '$yall_walk'(A0, A, Ls0, Ls1), '$yall_walk'(B0, B, Ls1, Ls).
'$yall_walk'((A0 *-> B0), (A *-> B), Ls0, Ls) :- !,
    '$yall_walk'(A0, A, Ls0, Ls1), '$yall_walk'(B0, B, Ls1, Ls).
'$yall_walk'(G0, G, [l(F, L, K)|Ls], Ls) :-
    compound(G0), functor(G0, N, A), '$yall_meta'(N, A, K),
    arg(1, G0, L), nonvar(L), L = (Ps0 >> Body),
    '$yall_params'(Ps0, _, Ps), length(Ps, NP), NP =< K,
    '$yall_goal'(Body),
    predicate_property(G0, built_in), !,
    G0 =.. [N, _|As], G =.. [N, F|As].
'$yall_walk'(G, G, Ls, Ls).
% '$yall_meta'(Name, Arity, K): the meta-predicate calls its closure with K more arguments.
'$yall_meta'(maplist, A, K) :- A >= 2, A =< 7, K is A - 1.
'$yall_meta'(foldl, A, K) :- A >= 4, A =< 7, K is A - 1.
'$yall_meta'(include, 3, 1).
'$yall_meta'(exclude, 3, 1).
'$yall_meta'(partition, 4, 1).
% The free-variable term (in a list, of none or one) and the parameters of a lambda's Ps0.
'$yall_params'(Ps0, Free, Ps) :-
    nonvar(Ps0),
    (   Ps0 = Fr/Ps
    ->  nonvar(Fr), ( Fr == {} -> true ; Fr = {_} ), Free = [Fr]
    ;   Ps = Ps0, Free = []
    ),
    is_list(Ps),
    '$yall_fresh_params'(Ps, Free).
% Parameters that are distinct variables, none of them free, bind only fresh variables when the
% copy is unified with the arguments: no constraint wakes up between two of those unifications,
% which a clause head would make in another order.
'$yall_fresh_params'(Ps, Free) :-
    '$yall_all_var'(Ps),
    length(Ps, N), term_variables(Ps, Vs), length(Vs, N),
    \+ \+ ( term_variables(Free, FV), '$yall_bind_all'(FV), '$yall_all_var'(Ps) ).
'$yall_all_var'([]).
'$yall_all_var'([P|Ps]) :- var(P), '$yall_all_var'(Ps).
% A body call/1 runs without a type error: variables and callable terms under control constructs.
'$yall_goal'(G) :- var(G), !.
'$yall_goal'((A, B)) :- !, '$yall_goal'(A), '$yall_goal'(B).
'$yall_goal'((A ; B)) :- !, '$yall_goal'(A), '$yall_goal'(B).
'$yall_goal'((A -> B)) :- !, '$yall_goal'(A), '$yall_goal'(B).
'$yall_goal'((A *-> B)) :- !, '$yall_goal'(A), '$yall_goal'(B).
'$yall_goal'(G) :- callable(G).
% Each lambda is compiled when its variables are its own, else put back in its place. Which is
% decided for all before any is put back, so that one lambda's variables count for the others.
'$yall_decide'(Ls, Clause, All, Aux) :-
    '$yall_owns'(Ls, Clause, All, Flags),
    '$yall_place'(Ls, Flags, Aux).
'$yall_owns'([], _, _, []).
'$yall_owns'([l(F, L, _)|Ls], Clause, All, [P|Ps]) :-
    '$yall_others'(All, F, Others),
    ( '$yall_own'(L, Clause-Others) -> P = yes ; P = no ),
    '$yall_owns'(Ls, Clause, All, Ps).
'$yall_others'([], _, []).
'$yall_others'([l(F1, L, _)|Ls], F, Os) :-
    (   F1 == F -> Os = Os1 ; Os = [L|Os1] ),
    '$yall_others'(Ls, F, Os1).
% No variable of lambda L but its free ones occurs in Others: binding Others' variables leaves
% as many variables in L as binding its free ones does.
'$yall_own'(Ps0 >> B, Others) :-
    \+ \+ ( '$yall_params'(Ps0, Free, _),
            term_variables(Free, FV), '$yall_bind_all'(FV),
            term_variables(Ps0 >> B, LV), length(LV, N),
            term_variables(Others, OV), '$yall_bind_all'(OV),
            term_variables(Ps0 >> B, LV2), length(LV2, N) ).
'$yall_bind_all'([]).
'$yall_bind_all'([x|Vs]) :- '$yall_bind_all'(Vs).
'$yall_place'([], [], []).
'$yall_place'([l(F, L, _)|Ls], [no|Ps], Aux) :- !, F = L, '$yall_place'(Ls, Ps, Aux).
'$yall_place'([l(F, Ps0 >> B, K)|Ls], [yes|Ps], [(Head :- Body)|Aux]) :-
    '$yall_params'(Ps0, Free, Params),
    '$yall_aux_name'(Name),
    F =.. [Name|Free],
    length(Params, NP), E is K - NP, length(Extra, E),
    (   E =:= 0 -> Body = B ; Body =.. [call, B|Extra] ),
    append(Params, Extra, Args0), append(Free, Args0, Args),
    Head =.. [Name|Args],
    '$yall_place'(Ls, Ps, Aux).
'$yall_aux_name'(F) :-
    flag('$yall_count', N0, N0 + 1), N is N0 + 1,
    atom_concat('__aux_yall_', N, F).

% ---------------------------------------------------------------------------
% Text: the enumerating modes of the atom and string builtins, over the
% deterministic natives of builtins/atoms.rs, strings.rs and text/ctype.rs.
% ---------------------------------------------------------------------------

% normalize_space(+Out, +Input): the words of Input (atomic), the runs of characters between
% white space, joined by single spaces, as Out asks: atom(A), string(S), codes(Cs),
% codes(Cs, Tail), chars(Cs) or chars(Cs, Tail).
normalize_space(Out, In) :-
    (   var(In) -> throw(error(instantiation_error, context(system:normalize_space/2, _))) ; true ),
    (   var(Out) -> throw(error(instantiation_error, context(system:normalize_space/2, _))) ; true ),
    (   atomic(In)
    ->  true
    ;   throw(error(type_error(atomic, In), context(system:normalize_space/2, _)))
    ),
    atom_codes(In, Cs),
    '$space_words'(Cs, Ws),
    atomic_list_concat(Ws, ' ', A),
    '$space_out'(Out, A).
'$space_words'(Cs, Ws) :-
    '$space_skip'(Cs, Cs1),
    (   Cs1 == []
    ->  Ws = []
    ;   '$space_word'(Cs1, W, Rest),
        atom_codes(A, W),
        Ws = [A|Ws1],
        '$space_words'(Rest, Ws1)
    ).
'$space_skip'([C|Cs], Rest) :- code_type(C, space), !, '$space_skip'(Cs, Rest).
'$space_skip'(Cs, Cs).
'$space_word'([C|Cs], [C|W], Rest) :- \+ code_type(C, space), !, '$space_word'(Cs, W, Rest).
'$space_word'(Cs, [], Cs).
'$space_out'(atom(A), A) :- !.
'$space_out'(string(S), A) :- !, atom_string(A, S).
'$space_out'(codes(Cs), A) :- !, atom_codes(A, Cs).
'$space_out'(codes(Cs, T), A) :- !, atom_codes(A, Cs0), append(Cs0, T, Cs).
'$space_out'(chars(Cs), A) :- !, atom_chars(A, Cs).
'$space_out'(chars(Cs, T), A) :- !, atom_chars(A, Cs0), append(Cs0, T, Cs).
'$space_out'(Out, _) :-
    throw(error(type_error(output, Out), context(system:normalize_space/2, _))).

atom_concat(X, Y, Z) :- '$concat'(atom, X, Y, Z).
string_concat(X, Y, Z) :- '$concat'(string, X, Y, Z).
text_concat(X, Y, Z) :- '$concat'(text, X, Y, Z).
'$concat'(K, X, Y, Z) :-
    (   var(X), var(Y)
    ->  '$concat_length'(K, Z, N),
        between(0, N, B),
        '$concat_split'(K, Z, B, X, Y)
    ;   '$concat_det'(K, X, Y, Z)
    ).

sub_atom(T, B, L, A, Sub) :- '$sub_text'(atom, T, B, L, A, Sub).
sub_string(T, B, L, A, Sub) :- '$sub_text'(string, T, B, L, A, Sub).

% Solutions come in SWI-Prolog's order: by ascending B, then ascending L. With the fast paths
% on, one native each replaces sub_atom/5 and sub_string/5 (src/builtins/atoms/sub_enum.rs);
% the clauses below are the general path it shortcuts, taken with the fast paths off.
'$sub_text'(K, T, B, L, A, Sub) :-
    '$sub_text_info'(K, T, B, L, A, Sub, N, SL),
    '$sub_text_general'(K, T, B, L, A, Sub, N, SL).

'$sub_text_general'(K, T, B, L, A, Sub, N, SL) :-
    (   SL >= 0
    ->  L = SL,
        (   nonvar(B) -> true
        ;   nonvar(A) -> B is N - L - A
        ;   '$sub_text_positions'(T, Sub, Bs),
            '$member_pair_list'(Bs, B)
        ),
        A is N - B - L,
        A >= 0,
        '$sub_text_extract'(K, T, B, L, Sub)
    ;   nonvar(B)
    ->  (   nonvar(L) -> true
        ;   nonvar(A) -> L is N - B - A
        ;   M is N - B, M >= 0, between(0, M, L)
        ),
        L >= 0,
        A is N - B - L,
        A >= 0,
        '$sub_text_extract'(K, T, B, L, Sub)
    ;   nonvar(L)
    ->  (   nonvar(A) -> B is N - L - A
        ;   M is N - L, M >= 0, between(0, M, B)
        ),
        B >= 0,
        A is N - B - L,
        '$sub_text_extract'(K, T, B, L, Sub)
    ;   nonvar(A)
    ->  M is N - A, M >= 0,
        between(0, M, B),
        L is N - A - B,
        '$sub_text_extract'(K, T, B, L, Sub)
    ;   between(0, N, B),
        M is N - B,
        between(0, M, L),
        A is N - B - L,
        '$sub_text_extract'(K, T, B, L, Sub)
    ).

string_code(I, S, C) :-
    (   var(I)
    ->  '$string_code'(N, S, _),
        between(1, N, I),
        '$string_code'(I, S, C)
    ;   '$string_code'(I, S, C)
    ).

char_type(C, T) :-
    '$char_type_list'(char, C, T, Pairs),
    '$member_pair_list'(Pairs, C-T).
code_type(C, T) :-
    '$char_type_list'(code, C, T, Pairs),
    '$member_pair_list'(Pairs, C-T).

% The directive `:- encoding(utf8).` of SWI-Prolog: ply reads every text as UTF-8, so the
% encodings of UTF-8 texts (and ASCII, its subset) are accepted and change nothing.
encoding(Enc) :-
    (   var(Enc) -> throw(error(instantiation_error, context(encoding/1, _)))
    ;   memberchk(Enc, [utf8, 'UTF-8', ascii, text])
    ->  true
    ;   throw(error(domain_error(encoding, Enc), context(encoding/1, _)))
    ).

% Output conveniences of SWI-Prolog.
writeln(X) :- write(X), nl.
writeln(S, X) :- write(S, X), nl(S).
% print_message/2 and the message lines it prints are in messages.pl.

% Random choices, as SWI-Prolog's library(random) makes them: a game program's random player
% needs nothing more. random/1 is a float in (0.0, 1.0). '$must_be_integer'/2 is lists.pl's.
random(X) :- X is random_float.
random_between(L, U, R) :-
    '$must_be_integer'(L),
    '$must_be_integer'(U),
    U >= L,
    R is L + random(U + 1 - L).
random_member(X, List) :-
    '$skip_list'(N, List, Tail),
    (   Tail == [] -> true
    ;   var(Tail) -> throw(error(instantiation_error, _))
    ;   throw(error(type_error(list, List), _))
    ),
    N > 0,
    I is random(N),
    nth0(I, List, X).

random_permutation(List, Perm) :-
    (   is_list(List)
    ->  '$random_keys'(List, Keyed),
        keysort(Keyed, Sorted),
        pairs_values(Sorted, Perm0),
        Perm = Perm0
    ;   is_list(Perm)
    ->  random_permutation(Perm, List)
    ;   var(List)
    ->  throw(error(instantiation_error, _))
    ;   throw(error(type_error(list, List), _))
    ).
'$random_keys'([], []).
'$random_keys'([X|Xs], [K-X|Ks]) :-
    K is random_float,
    '$random_keys'(Xs, Ks).

% Global variables by name: nb_current(?Key, ?Value) enumerates those that nb_setval/2 and
% b_setval/2 have set, in the order of their names; a bound Key is looked up, not enumerated.
nb_current(Key, Value) :-
    '$global_names'(Key, Names),
    (   atom(Key)
    ->  '$nb_name_in'(Names, Key)
    ;   Names = [N|Ns],
        '$nb_name_of'(Ns, N, Key)
    ),
    nb_getval(Key, Value).

'$nb_name_in'([N|Ns], Key) :-
    (   N == Key
    ->  true
    ;   '$nb_name_in'(Ns, Key)
    ).

'$nb_name_of'(_, N, N).
'$nb_name_of'([N|Ns], _, Key) :-
    '$nb_name_of'(Ns, N, Key).

% copy_term/3 is in coroutining.pl, with the attributed variables.

% The natives list every answer; backtracking picks them one at a time.
stream_property(S, P) :-
    '$stream_properties'(S, P, Pairs),
    '$member_pair_list'(Pairs, S-P).
current_stream(Object, Mode, S) :-
    '$current_streams'(S, Triples),
    '$member_pair_list'(Triples, cs(Object, Mode, S)).

% prolog_load_context(?Key, ?Value): what a directive or term expansion may ask of the load it
% runs in ('$load_context'/2 answers one key; false outside a load).
prolog_load_context(Key, Value) :-
    (   atom(Key)
    ->  '$load_context'(Key, Value)
    ;   member(Key, [module, source, file, directory, term_position, dialect, script]),
        '$load_context'(Key, Value)
    ).

% '$set_search_path'(+Alias, +Paths): the command line's `-p Alias=Path1:Path2`, each path put
% before the alias's others with the first first, as swipl does. A path that reads as an atom
% or as a compound of one argument other than `/` (`foreign(lib)`) is that term, any other the
% text itself.
'$set_search_path'(Alias, Paths) :-
    reverse(Paths, Reversed),
    forall(member(Text, Reversed),
           (   '$search_path_term'(Text, Path),
               asserta(user:file_search_path(Alias, Path))
           )).

'$search_path_term'(Text, Term) :-
    catch(term_to_atom(Term, Text), _, fail),
    (   atom(Term)
    ;   compound(Term), functor(Term, F, 1), F \== (/)
    ),
    !.
'$search_path_term'(Text, Text).

% nth_integer_root_and_remainder(+N, +I, -Root, -Remainder): Root^N + Remainder =:= I with Root
% the integer N-th root of I (truncated toward zero: for a negative I and an odd N both are
% negative), as SWI-Prolog's. Newton's iteration on integers, from above the root.
nth_integer_root_and_remainder(N, I, Root, Rem) :-
    '$must_be_integer'(N, system:nth_integer_root_and_remainder/4),
    '$must_be_integer'(I, system:nth_integer_root_and_remainder/4),
    (   N < 1
    ->  throw(error(domain_error(not_less_than_one, N),
                    context(system:nth_integer_root_and_remainder/4, _)))
    ;   N > 0x7fffffffffffffff
    ->  throw(error(representation_error(long),
                    context(system:nth_integer_root_and_remainder/4, _)))
    ;   I < 0, N mod 2 =:= 0
    ->  throw(error(evaluation_error(undefined),
                    context(system:nth_integer_root_and_remainder/4, _)))
    ;   I < 0
    ->  IPos is -I,
        '$nth_root'(N, IPos, R0),
        Root is -R0,
        Rem is I - Root^N
    ;   '$nth_root'(N, I, Root),
        Rem is I - Root^N
    ).

'$nth_root'(_, 0, 0) :- !.
'$nth_root'(1, I, I) :- !.
'$nth_root'(N, I, 1) :-
    N > msb(I), !.
'$nth_root'(N, I, Root) :-
    X0 is 1 << ((msb(I) + N) // N),
    '$nth_root_down'(N, I, X0, Root).

% From X, at or above the root, each step is smaller until the root is reached.
'$nth_root_down'(N, I, X, Root) :-
    Y is ((N - 1) * X + I // X^(N - 1)) // N,
    (   Y >= X
    ->  Root = X
    ;   '$nth_root_down'(N, I, Y, Root)
    ).

% divmod/4: the quotient rounded toward negative infinity and the remainder that goes with it.
divmod(Dividend, Divisor, Quotient, Remainder) :-
    (   integer(Dividend) -> true
    ;   var(Dividend) -> throw(error(instantiation_error, context(system:divmod/4, _)))
    ;   throw(error(type_error(integer, Dividend), context(system:divmod/4, _)))
    ),
    (   integer(Divisor) -> true
    ;   var(Divisor) -> throw(error(instantiation_error, context(system:divmod/4, _)))
    ;   throw(error(type_error(integer, Divisor), context(system:divmod/4, _)))
    ),
    Quotient is Dividend div Divisor,
    Remainder is Dividend mod Divisor.

% atomics_to_string/3: atomic_list_concat/3 whose joined text is a string.
atomics_to_string(List, Sep, String) :-
    (   var(String)
    ->  atomic_list_concat(List, Sep, Atom), atom_string(Atom, String)
    ;   atom_string(Atom, String), atomic_list_concat(List, Sep, Atom)
    ).
