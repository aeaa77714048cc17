% Calls an unknown `day10a/1` near the name of another module's private predicate, and
% `solvd/1`, near the name of an imported one (tests/it/bad_input.rs).
:- use_module(hidden).
private :- day10a(_).
imported :- solvd(_).
