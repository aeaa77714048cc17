% A message on standard error starts on a line of its own when standard output or standard
% error has a line open: the two streams share one column, as in SWI-Prolog.
main :-
    write(out1), print_message(error, format("after open output", [])),
    write(out2), nl, print_message(warning, format("after a full line", [])),
    format(user_error, "err1", []), print_message(warning, format("after open error", [])),
    write(out3), print_message(informational, format("informational", [])), nl,
    write(out4), print_message(help, format("help", [])),
    write(out5), print_message_lines(user_error, 'P ', ['no fresh line'-[]]),
    write(out6), format(user_error, "~Ntilde N on user_error~n", []),
    format(user_error, "err2", []), format("~Ntilde N on user_output~n", []),
    write(out7), line_position(user_error, C), format(user_error, "~w~n", [C]),
    write(out8), print_message(error, format("the last", [])), write(out9).
