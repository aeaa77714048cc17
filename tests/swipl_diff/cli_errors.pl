% --on-error=status: a halt with status 0 after errors were printed ends with status 1.
:- initialization(print_message(error, format("one error", []))).
main :- print_message(warning, format("one warning", [])).
