% library(debug)'s topics, as SWI-Prolog has them: debug(Topic) turns a topic on,
% nodebug(Topic) off, and debug(Topic, Format, Args) writes its message to user_error, after
% "% ", only while a topic that unifies with Topic is on. Programs leave these calls in
% their code (and plunit units switch topics on in their setup), so that a program runs the
% same whether or not anyone is watching. Like the rest of ply's library they are visible to
% every program; a program that defines one of these names replaces it. The topics that are
% on are kept in the global variable '$debug_topics', a list in the order they were turned on.

debug(Topic) :-
    '$debug_topics'(Topics),
    (   member(T, Topics), T =@= Topic
    ->  true
    ;   append(Topics, [Topic], New),
        nb_setval('$debug_topics', New)
    ).

nodebug(Topic) :-
    '$debug_topics'(Topics),
    '$debug_topics_without'(Topics, Topic, Rest),
    nb_setval('$debug_topics', Rest).

debugging(Topic) :-
    '$debug_topics'(Topics),
    member(Topic, Topics).

debug(Topic, Format, Args) :-
    (   '$debug_topics'(Topics),
        \+ \+ memberchk(Topic, Topics)
    ->  format(user_error, "% ", []),
        format(user_error, Format, Args),
        nl(user_error)
    ;   true
    ).

'$debug_topics'(Topics) :-
    catch(nb_getval('$debug_topics', Topics), error(existence_error(_, _), _), Topics = []).

'$debug_topics_without'([], _, []).
'$debug_topics_without'([T|Ts], Topic, Rest) :-
    (   \+ T \= Topic
    ->  Rest = Rest1
    ;   Rest = [T|Rest1]
    ),
    '$debug_topics_without'(Ts, Topic, Rest1).
