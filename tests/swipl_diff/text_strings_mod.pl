% A module that reads double quotes as codes: the flag is the module's own (text_strings.pl).
:- module(text_strings_mod, []).
:- set_prolog_flag(double_quotes, codes).

word("mod").
