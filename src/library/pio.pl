% library(pio) and the rest of library(readutil) that is written in Prolog: a grammar run over
% the text of a file or a stream, and a stream read whole into codes. SWI-Prolog gives the
% grammar a lazy list that is read as the grammar goes; here the text is read first and the
% grammar runs over the whole list, which answers the same (the grammar must still take the
% whole text, as phrase/2 asks) for any file that fits in memory.

%   phrase_from_file(:Grammar, +File): Grammar takes the whole text of File as codes.
phrase_from_file(Grammar, File) :-
    phrase_from_file(Grammar, File, []).

%   phrase_from_file(:Grammar, +File, +Options): Options are open/4's.
phrase_from_file(Grammar, File, Options) :-
    setup_call_cleanup(open(File, read, In, Options),
                       phrase_from_stream(Grammar, In),
                       close(In)).

%   phrase_from_stream(:Grammar, +Stream): Grammar takes the rest of Stream as codes.
phrase_from_stream(Grammar, In) :-
    read_stream_to_codes(In, Codes),
    phrase(Grammar, Codes).

%   read_stream_to_codes(+Stream, -Codes): the rest of Stream as a list of codes.
read_stream_to_codes(In, Codes) :-
    read_stream_to_codes(In, Codes, []).

%   read_stream_to_codes(+Stream, -Codes, ?Tail): the same, as a difference list.
read_stream_to_codes(In, Codes, Tail) :-
    read_string(In, _, String),
    string_codes(String, Codes0),
    '$append'(Codes0, Tail, Codes).
