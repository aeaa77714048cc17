:- module(lib17_mod, [lib17_hello/0]).

:- prolog_load_context(script, B), print(module_script(B)), nl.

lib17_hello :- writeln(hello_from_lib17).
