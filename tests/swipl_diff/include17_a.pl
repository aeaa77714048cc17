:- discontiguous part/1.
:- discontiguous shared/1.
part(a1).
shared(a).
:- prolog_load_context(source, S), prolog_load_context(file, F),
   source_location(L, _),
   file_base_name(S, SB), file_base_name(F, FB), file_base_name(L, LB),
   print(context(SB, FB, LB)), nl.
:- initialization(writeln(init_a)).
part(a2).
