ignore(G) :- ( call(G) -> true ; true ).
