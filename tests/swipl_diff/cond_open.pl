% A file that ends with a conditional-compilation branch still open.
e(1).
:- if(fail).
e(2).
:- else.
e(3).
