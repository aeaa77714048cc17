% A user alias for a directory and a path relative to the loading file.
:- multifile user:file_search_path/2.
user:file_search_path(mylib, lib).
:- use_module(mylib(util)).
:- use_module(library(lists)).
main :- shout(hello), last([1,2,3], X), writeln(X).
