hello :- write(hello), nl.
