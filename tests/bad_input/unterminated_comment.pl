good(1).
/* a block comment that never ends
good(2).
