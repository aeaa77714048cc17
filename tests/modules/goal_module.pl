% Module of a goal: a body variable runs its goal in the clause's module, and so do the goal
% arguments of a clause for another module (goal_module_day.pl).
:- use_module(goal_module_reg).
:- use_module(goal_module_day).
inner(user).
main :-
    forall(member(K, [plain, once, findall, phrase, forall, var]),
           ( catch(go(K, X), E, X = caught(E)), writeq(K-X), nl )),
    local(L), writeq(local-L), nl,
    catch(run_var(inner(W)), E1, W = caught(E1)), writeq(run_var-W), nl,
    catch(run_conj(inner(C)), E2, C = caught(E2)), writeq(run_conj-C), nl.
