:- module(re, []).
:- reexport(helpers1).
:- reexport(lib/util).
