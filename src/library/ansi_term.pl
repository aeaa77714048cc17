% library(ansi_term)'s ansi_format/3, as SWI-Prolog has it: format(Format, Args) on current
% output, between the escape sequences that select the attributes (SGR codes) and reset
% them, when current output is a terminal (its tty property, which set_stream/2 may set)
% and the color_term flag is true; plain format/2 otherwise. Attributes is one attribute
% or a list of them: bold, underline, fg(Colour), bg(Colour), hfg(Colour), hbg(Colour),
% fg8(Colour) and bg8(Colour) (a colour name or 0..255), fg(R, G, B), bg(R, G, B), ...

ansi_format(Attr, Format, Args) :-
    current_output(S),
    stream_property(S, tty(true)),
    current_prolog_flag(color_term, true),
    !,
    (   is_list(Attr)
    ->  '$sgr_codes'(Attr, Codes),
        atomic_list_concat(Codes, ';', Code)
    ;   '$sgr_code_ex'(Attr, Code)
    ),
    format('~c[~wm', [27, Code]),
    format(Format, Args),
    format('~c[0m', [27]),
    flush_output.
ansi_format(_, Format, Args) :-
    format(Format, Args).

'$sgr_codes'([], []).
'$sgr_codes'([A|As], [C|Cs]) :-
    '$sgr_code_ex'(A, C),
    '$sgr_codes'(As, Cs).

'$sgr_code_ex'(A, _) :-
    var(A), !,
    throw(error(instantiation_error, _)).
'$sgr_code_ex'(A, C) :-
    '$sgr_code'(A, C), !.
'$sgr_code_ex'(A, _) :-
    throw(error(domain_error(sgr_code, A), _)).

'$sgr_code'(reset, 0).
'$sgr_code'(bold, 1).
'$sgr_code'(faint, 2).
'$sgr_code'(italic, 3).
'$sgr_code'(underline, 4).
'$sgr_code'(blink(slow), 5).
'$sgr_code'(blink(rapid), 6).
'$sgr_code'(negative, 7).
'$sgr_code'(conceal, 8).
'$sgr_code'(crossed_out, 9).
'$sgr_code'(font(primary), 10) :- !.
'$sgr_code'(font(N), C) :- integer(N), N >= 1, N =< 8, C is 10+N.
'$sgr_code'(fraktur, 20).
'$sgr_code'(underline(double), 21).
'$sgr_code'(intensity(normal), 22).
'$sgr_code'(fg(Name), C) :- '$ansi_colour'(Name, N), C is 30+N.
'$sgr_code'(bg(Name), C) :- '$ansi_colour'(Name, N), C is 40+N.
'$sgr_code'(fg(default), 39).
'$sgr_code'(bg(default), 49).
'$sgr_code'(framed, 51).
'$sgr_code'(encircled, 52).
'$sgr_code'(overlined, 53).
'$sgr_code'(hfg(Name), C) :- '$ansi_colour'(Name, N), C is 90+N.
'$sgr_code'(hbg(Name), C) :- '$ansi_colour'(Name, N), C is 100+N.
'$sgr_code'(fg8(Name), C) :- '$ansi_colour8'(Name, N), format(atom(C), '38;5;~w', [N]).
'$sgr_code'(bg8(Name), C) :- '$ansi_colour8'(Name, N), format(atom(C), '48;5;~w', [N]).
'$sgr_code'(fg(R, G, B), C) :- format(atom(C), '38;2;~w;~w;~w', [R, G, B]).
'$sgr_code'(bg(R, G, B), C) :- format(atom(C), '48;2;~w;~w;~w', [R, G, B]).

'$ansi_colour8'(N, N) :- integer(N), !, N >= 0, N =< 255.
'$ansi_colour8'(Name, N) :- '$ansi_colour'(Name, N).

'$ansi_colour'(black, 0).
'$ansi_colour'(red, 1).
'$ansi_colour'(green, 2).
'$ansi_colour'(yellow, 3).
'$ansi_colour'(blue, 4).
'$ansi_colour'(magenta, 5).
'$ansi_colour'(cyan, 6).
'$ansi_colour'(white, 7).
