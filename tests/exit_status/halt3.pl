:- halt(3).
