/*  ply library: print_message/2 and the lines of a message, as SWI-Prolog
    prints them.

    A message term becomes a list of line elements: by a clause of the
    multifile DCG prolog:message//1 when the program defines one for it,
    as format(Format, Args) gives [Format-Args], and otherwise by ply's
    own words for errors and its other messages ('$text'(Text), a text
    printed as it is).  A user:message_hook(Term, Kind, Lines) that
    succeeds takes the message instead of printing it.  Each line is
    printed after the kind's prefix: 'ERROR: ' and 'Warning: ' (with the
    place of the term being loaded on a line of its own, the lines then
    indented), '% ' for informational messages unless the verbose flag is
    silent, nothing for help and the others.
*/

print_message(Kind, Msg) :-
    '$message_lines'(Msg, Lines),
    (   current_predicate(user:message_hook/3),
        '$hook_lines'(Lines, HookLines),
        user:message_hook(Msg, Kind, HookLines)
    ->  true
    ;   '$print_message'(Kind, Lines)
    ).

'$message_lines'(Msg, Lines) :-
    (   nonvar(Msg),
        current_predicate(prolog:message/3),
        catch(phrase(prolog:message(Msg), Lines0), _, fail)
    ->  Lines = Lines0
    ;   nonvar(Msg), Msg = format(Fmt, Args)
    ->  Lines = [Fmt-Args]
    ;   nonvar(Msg), '$system_message'(Msg, Lines0)
    ->  Lines = Lines0
    ;   '$message_text'(Msg, Text),
        Lines = ['$text'(Text)]
    ).

% The lines of ply's own messages that SWI-Prolog words in several lines.
'$system_message'('$stack_limit_changed',
                  [ 'set_prolog_stack/2: limit(Size) sets the combined limit.'-[], nl,
                    'See ~w'-['https://www.swi-prolog.org/changes/stack-limit.html'] ]).

% A hook sees ply's own text as a format with the text as its argument.
'$hook_lines'([], []).
'$hook_lines'([L|Ls], [H|Hs]) :-
    (   nonvar(L), L = '$text'(T) -> H = '~w'-[T] ; H = L ),
    '$hook_lines'(Ls, Hs).

% A message starts on a line of its own: standard output and standard error share their
% column, as in SWI-Prolog, so text either left open ends its line first.
'$print_message'(Kind, Lines) :-
    (   Kind == silent
    ->  true
    ;   Kind == informational
    ->  (   current_prolog_flag(verbose, silent)
        ->  true
        ;   format(user_error, '~N', []),
            '$print_lines'(user_error, '% ', Lines)
        )
    ;   format(user_error, '~N', []),
        '$kind_prefix'(Kind, Prefix),
        % While a file loads, SWI-Prolog names the place of the term being loaded first.
        (   Prefix \== '',
            source_location(File, Line)
        ->  atom_concat(Prefix, '   ', Indented),
            '$print_lines'(user_error, Indented,
                          [at_same_line, '~w~w:~w:'-[Prefix, File, Line], nl|Lines])
        ;   '$print_lines'(user_error, Prefix, Lines)
        )
    ).

%!  print_message_lines(+Stream, +Prefix, +Lines)
%   Prints Lines, each opening with Prefix, or with the prefix of kind(Kind).
print_message_lines(Stream, Prefix0, Lines) :-
    (   nonvar(Prefix0), Prefix0 = kind(Kind)
    ->  '$kind_prefix'(Kind, Prefix)
    ;   Prefix = Prefix0
    ),
    '$print_lines'(Stream, Prefix, Lines).

% The message is written in one piece, so that its lines are counted as one message
% (`--on-error`, `--on-warning`) and never mixed with other output.
% The prefix of each line of a message of kind Kind.
'$kind_prefix'(Kind, Prefix) :-
    (   Kind == error -> Prefix = 'ERROR: '
    ;   Kind == warning -> Prefix = 'Warning: '
    ;   Kind == informational -> Prefix = '% '
    ;   Prefix = ''
    ).

'$print_lines'(Stream, Prefix, Lines) :-
    with_output_to(string(Text),
                   (   current_output(Out),
                       (   Lines = [at_same_line|Rest] -> true ; Rest = Lines, write(Out, Prefix) ),
                       '$print_elements'(Rest, Out, Prefix),
                       nl(Out)
                   )),
    write(Stream, Text).

'$print_elements'([], _, _).
'$print_elements'([E|Es], Stream, Prefix) :-
    '$print_element'(E, Stream, Prefix),
    '$print_elements'(Es, Stream, Prefix).

'$print_element'(E, Stream, Prefix) :-
    (   var(E) -> write(Stream, E)
    ;   E == nl -> nl(Stream), write(Stream, Prefix)
    ;   E = '$text'(T) -> write(Stream, T)
    ;   E = Fmt-Args -> format(Stream, Fmt, Args)
    ;   E = ansi(_, Fmt, Args) -> format(Stream, Fmt, Args)
    ;   E = url(Place) -> '$print_url'(Stream, Place)
    ;   E = url(_, Label) -> write(Stream, Label)
    ;   E == flush -> flush_output(Stream)
    ;   E == full_stop -> write(Stream, '.')
    ;   E = begin(_, _) -> true
    ;   E = end(_) -> true
    ;   atomic(E) -> format(Stream, E, [])
    ;   write(Stream, E)
    ).

'$print_url'(Stream, Place) :-
    (   Place = File:Line:Col -> format(Stream, '~w:~w:~w', [File, Line, Col])
    ;   Place = File:Line -> format(Stream, '~w:~w', [File, Line])
    ;   write(Stream, Place)
    ).
