% library(ugraphs), the part of SWI-Prolog's that programs use most: a graph is a list of
% Vertex-Neighbours pairs, sorted by vertex, each Neighbours an ordered set (sort/2), every
% vertex an edge reaches listed too. Written over sort/2 and ord_union/3, so each predicate
% takes time near linear in the graph's size (after sorting).

vertices_edges_to_ugraph(Vertices, Edges, Graph) :-
    sort(Edges, Es),
    '$ug_endpoints'(Es, Ends),
    append(Vertices, Ends, Vs0),
    sort(Vs0, Vs),
    '$ug_group'(Vs, Es, Graph).

% The vertices of a list of edges, both ends.
'$ug_endpoints'([], []).
'$ug_endpoints'([V-W|Es], [V, W|Vs]) :-
    '$ug_endpoints'(Es, Vs).

% '$ug_group'(+Vertices, +SortedEdges, -Graph): each vertex with the targets of its edges,
% both lists in standard order.
'$ug_group'([], _, []).
'$ug_group'([V|Vs], Es0, [V-Ns|G]) :-
    '$ug_targets'(Es0, V, Ns, Es),
    '$ug_group'(Vs, Es, G).

'$ug_targets'([V0-W|Es0], V, [W|Ns], Es) :-
    V0 == V, !,
    '$ug_targets'(Es0, V, Ns, Es).
'$ug_targets'(Es, _, [], Es).

vertices([], []).
vertices([V-_|G], [V|Vs]) :-
    vertices(G, Vs).

edges(Graph, Edges) :-
    '$ug_edges'(Graph, Edges).

'$ug_edges'([], []).
'$ug_edges'([V-Ns|G], Es) :-
    '$ug_edges_from'(Ns, V, Es, Es1),
    '$ug_edges'(G, Es1).

'$ug_edges_from'([], _, Es, Es).
'$ug_edges_from'([W|Ws], V, [V-W|Es], Es1) :-
    '$ug_edges_from'(Ws, V, Es, Es1).

add_vertices(Graph, Vertices, NewGraph) :-
    msort(Vertices, Vs0),
    sort(Vs0, Vs),
    '$ug_empty_lists'(Vs, G1),
    ugraph_union(Graph, G1, NewGraph).

'$ug_empty_lists'([], []).
'$ug_empty_lists'([V|Vs], [V-[]|G]) :-
    '$ug_empty_lists'(Vs, G).

add_edges(Graph, Edges, NewGraph) :-
    vertices_edges_to_ugraph([], Edges, G1),
    ugraph_union(Graph, G1, NewGraph).

del_edges(Graph, Edges, NewGraph) :-
    vertices_edges_to_ugraph([], Edges, G1),
    '$ug_subtract'(Graph, G1, NewGraph).

'$ug_subtract'([], _, []).
'$ug_subtract'([V-Ns|G], [], [V-Ns|G]) :- !.
'$ug_subtract'([V1-N1|G1], [V2-N2|G2], G) :-
    compare(Order, V1, V2),
    (   Order == (=)
    ->  ord_subtract(N1, N2, N),
        G = [V1-N|G3],
        '$ug_subtract'(G1, G2, G3)
    ;   Order == (<)
    ->  G = [V1-N1|G3],
        '$ug_subtract'(G1, [V2-N2|G2], G3)
    ;   '$ug_subtract'([V1-N1|G1], G2, G)
    ).

ugraph_union([], G, G) :- !.
ugraph_union(G, [], G) :- !.
ugraph_union([V1-N1|G1], [V2-N2|G2], G) :-
    compare(Order, V1, V2),
    (   Order == (=)
    ->  ord_union(N1, N2, N),
        G = [V1-N|G3],
        ugraph_union(G1, G2, G3)
    ;   Order == (<)
    ->  G = [V1-N1|G3],
        ugraph_union(G1, [V2-N2|G2], G3)
    ;   G = [V2-N2|G3],
        ugraph_union([V1-N1|G1], G2, G3)
    ).

transpose_ugraph(Graph, Transposed) :-
    vertices(Graph, Vs),
    edges(Graph, Es),
    '$ug_flip'(Es, Fs),
    vertices_edges_to_ugraph(Vs, Fs, Transposed).

'$ug_flip'([], []).
'$ug_flip'([V-W|Es], [W-V|Fs]) :-
    '$ug_flip'(Es, Fs).

neighbors(Vertex, Graph, Neighbours) :-
    neighbours(Vertex, Graph, Neighbours).

neighbours(Vertex, [V-Ns|G], Neighbours) :-
    (   V == Vertex
    ->  Neighbours = Ns
    ;   neighbours(Vertex, G, Neighbours)
    ).

% reachable(+Vertex, +Graph, -Reached): the vertices a path from Vertex reaches, Vertex
% included, as an ordered set.
reachable(Vertex, Graph, Reached) :-
    '$ug_reach'([Vertex], Graph, [Vertex], Reached).

'$ug_reach'([], _, Seen, Seen).
'$ug_reach'([V|Vs], Graph, Seen0, Seen) :-
    (   neighbours(V, Graph, Ns) -> true ; Ns = [] ),
    ord_subtract(Ns, Seen0, New),
    ord_union(Seen0, New, Seen1),
    append(Vs, New, Queue),
    '$ug_reach'(Queue, Graph, Seen1, Seen).
