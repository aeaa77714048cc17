% Rule sheets in GDL for any number of roles, simultaneous moves included (docs/gdl.md,
% "Any game: roles, legal moves, joint moves, next state, goals"). These predicates are the
% documented face of the translation's entry points ('$gdl_roles'/1, '$gdl_init'/1,
% '$gdl_legal'/3, '$gdl_legal_moves'/3, '$gdl_next'/3, '$gdl_goal'/3, '$gdl_terminal'/1,
% written by ply-gdl from the sheet): a state is the sorted list of the facts true in it, a
% joint move the list of one does(Role, Move) for each role, in the roles' order. One sheet is
% loaded at a time; loading another replaces it.

gdl_load(File) :-
    must_be(atomic, File),
    '$gdl_load'(File).

gdl_roles(Roles) :-
    '$gdl_loaded'('$gdl_roles'(Roles), gdl_roles/1).

gdl_init(State) :-
    '$gdl_loaded'('$gdl_init'(State), gdl_init/1).

gdl_legal(State, Role, Move) :-
    '$gdl_legal'(State, Role, Move).

gdl_legal_moves(State, Role, Moves) :-
    must_be(atomic, Role),
    '$gdl_loaded'('$gdl_legal_moves'(State, Role, Moves), gdl_legal_moves/3).

gdl_joint_moves(State, Joint) :-
    '$gdl_roles'(Roles),
    '$gdl_joint_moves'(Roles, State, Joint).

% Each role's moves are collected once, not again for every move of the roles before it.
'$gdl_joint_moves'(Roles, State, Joint) :-
    '$gdl_moves_of'(Roles, State, Moves),
    '$gdl_joint'(Roles, Moves, Joint).

'$gdl_moves_of'([], _, []).
'$gdl_moves_of'([R|Rs], S, [Ms|Mss]) :-
    '$gdl_legal_moves'(S, R, Ms),
    '$gdl_moves_of'(Rs, S, Mss).

'$gdl_joint'([], [], []).
'$gdl_joint'([R|Rs], [Ms|Mss], [does(R, M)|D]) :-
    member(M, Ms),
    '$gdl_joint'(Rs, Mss, D).

gdl_next(State, Joint, Next) :-
    '$gdl_next'(State, Joint, Next).

gdl_goal(State, Role, Value) :-
    '$gdl_goal'(State, Role, Value).

gdl_terminal(State) :-
    '$gdl_terminal'(State).

% A random playout: from State, a joint move of uniformly random legal moves at each step, to
% a terminal state; Steps is the number of joint moves made.
gdl_random_playout(State, Final, Steps) :-
    '$gdl_roles'(Roles),
    '$gdl_playout'(State, Roles, 0, Final, Steps).

'$gdl_playout'(S, _, N, S, N) :-
    '$gdl_terminal'(S),
    !.
'$gdl_playout'(S, Roles, N, Final, Steps) :-
    '$gdl_random_joint'(Roles, S, Joint),
    '$gdl_next'(S, Joint, S1),
    N1 is N + 1,
    '$gdl_playout'(S1, Roles, N1, Final, Steps).

'$gdl_random_joint'([], _, []).
'$gdl_random_joint'([R|Rs], S, [does(R, M)|Joint]) :-
    '$gdl_legal_moves'(S, R, Ms),
    (   Ms == []
    ->  throw(error(existence_error(legal_move, R), gdl_random_playout/3))
    ;   true
    ),
    random_member(M, Ms),
    '$gdl_random_joint'(Rs, S, Joint).

'$gdl_loaded'(Goal, PI) :-
    catch(Goal, error(existence_error(procedure, _), _),
          throw(error(existence_error(gdl_rule_sheet, loaded),
                      context(PI, 'load a rule sheet first: gdl_load(File)')))).
