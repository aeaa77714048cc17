% A second file on the command line: loaded when its name ends in `.pl` and follows a first
% file whose name does too.
:- initialization(writeln(extra_loaded)).
