"""Many users at once against a real ``protograph serve``: server time per action, throughput, no cross-talk.

    python -m benchmarks.bench_load            # N = 1, 5, 20 users at once (a few minutes)
    python -m benchmarks.bench_load --quick    # N = 1 and 5 (about a minute and a half)

Starts ``protograph serve`` (the model preloaded) on a free loopback port, then
runs N simulated browsers at once (:mod:`benchmarks.load_client`). Each user loads
the page, then per round asks its own question, runs the query, adds a node, and
undoes and redoes it. Every user has two classes of its own, A and E. Every
``--model-every``-th user asks "a <A>", whose relations the model writes (these
questions queue for the model); the others ask "a <A> has <link> a <P>" with a
partner class P all share, which is read off the labels with no model call.
Every graph a user gets back must hold its own classes and no other user's A or
E. "own" is the server time of the action's own callback: loopback round trips of
``POST /_dash-update-component``, a background callback's polls summed without the
sleeps between them. "action" is the wall time of the whole action with the
callbacks its changes trigger, called as the browser calls them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import requests

from app.resources import get_resources
from benchmarks.load_client import Call, DashUser, graph_classes
from benchmarks.processes import free_port, running

ACTIONS = ("load", "ask", "run", "edit", "undo", "redo")
# The callback each action is about, by an output only it has.
PRIMARY = {"ask": "ask-message.children", "edit": "inspect-select.value", "undo": "edit-message.children",
           "redo": "edit-message.children", "run": "results-store.data", "load": "page.children"}
SERVE_TIMEOUT_S = 300
RUN_LIMIT_S = 300  # one N's users must be done by then: the benchmark stops by itself


@dataclass
class Outcome:
    """What one N's users saw: per action its own callback's server time and the whole action's wall time."""

    users: int
    primary_ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    action_ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    ask_wall_ms: list[float] = field(default_factory=list)
    model_asks: int = 0  # questions that needed the model
    waited: int = 0  # questions whose progress said they waited their turn
    cut_short: int = 0  # questions whose message says the time limit cut them
    cross_talk: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    actions: int = 0
    wall_s: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, action: str, calls: list[Call], wall_ms: float) -> Call | None:
        primary = next((c for c in calls if PRIMARY[action] in c.output), None)
        with self.lock:
            self.actions += 1
            self.action_ms[action].append(wall_ms)
            if primary is None:
                self.failures.append(f"{action}: its callback did not run")
            else:
                self.primary_ms[action].append(primary.server_ms)
        return primary


@dataclass(frozen=True)
class Plan:
    """One user's question, what its graph must hold, and the classes no other user may see."""

    question: str
    expected: frozenset[str]
    ask_class: str
    edit_class: str
    model: bool


def _article(label: str) -> str:
    return f"{'an' if label[0] in 'aeiou' else 'a'} {label}"


def plan_users(ontology, users: int, model_every: int) -> list[Plan]:
    """Per user two one-word classes no other chosen label contains, and a question about the first.

    The first such class is everyone's partner P; a class with no link to or from P is passed over.
    """
    labelled = sorted((ontology.label(c.iri), c.iri) for c in ontology.classes)
    words = [(iri, label) for label, iri in labelled if label.isalpha() and label.islower()
             and not any(label != other and label in other for other, _ in labelled)]
    (partner, partner_label), pool = words[0], words[1:]
    asks: list[tuple[str, str]] = []
    for iri, label in pool:
        link = next(iter(ontology.links_between(iri, partner)), None)
        back = next(iter(ontology.links_between(partner, iri)), None)
        if link is not None:
            asks.append((iri, f"{_article(label)} has {link.label} {_article(partner_label)}"))
        elif back is not None:
            asks.append((iri, f"{_article(partner_label)} has {back.label} {_article(label)}"))
    edits = [iri for iri, _ in pool if iri not in {a for a, _ in asks[:users]}]
    if len(asks) < users or len(edits) < users:
        raise SystemExit(f"the ontology has too few distinct one-word class labels for {users} users")
    plans = []
    for i, ((iri, read_off), edit) in enumerate(zip(asks, edits[:users])):
        model = model_every > 0 and i % model_every == 0
        question = _article(ontology.label(iri)) if model else read_off
        plans.append(Plan(question=question, expected=frozenset({iri} if model else {iri, partner}),
                          ask_class=iri, edit_class=edit, model=model))
    return plans


def user_session(base: str, number: int, plan: Plan, everyone: set[str], rounds: int, outcome: Outcome) -> None:
    """One browser: load, then per round ask, run, edit, undo, redo; every graph is checked for others' classes."""
    theirs = everyone - {plan.ask_class, plan.edit_class}
    user = DashUser(base)

    def check(action: str, expected: set[str]) -> None:
        classes = graph_classes(user.get("graph-store.data"))
        if classes & theirs:
            outcome.cross_talk.append(f"user {number} {action}: another user's classes {sorted(classes & theirs)}")
        elif not expected <= classes:
            outcome.failures.append(f"user {number} {action}: {sorted(expected - classes)} missing "
                                    f"({str(user.get('ask-message.children'))[:120]})")

    outcome.record("load", user.load(), user.last_action_ms)
    for _ in range(rounds):
        user.set("question.value", plan.question)
        ask = outcome.record("ask", user.fire("ask-button.n_clicks"), user.last_action_ms)
        if ask is not None:
            with outcome.lock:
                outcome.ask_wall_ms.append(ask.wall_ms)
                outcome.model_asks += plan.model
                outcome.waited += any(p.startswith("Waiting") for p in ask.progress)
                outcome.cut_short += "time limit" in str(user.get("ask-message.children"))
        check("ask", set(plan.expected))
        outcome.record("run", user.fire("run-query-button.n_clicks"), user.last_action_ms)
        if not user.get("results-store.data"):
            outcome.failures.append(f"user {number} run: no results ({str(user.get('results-message.children'))[:80]})")
        user.set("add-node-search.value", plan.edit_class)
        outcome.record("edit", user.fire("add-node-button.n_clicks"), user.last_action_ms)
        check("edit", set(plan.expected) | {plan.edit_class})
        outcome.record("undo", user.fire("undo-button.n_clicks"), user.last_action_ms)
        check("undo", set(plan.expected))
        outcome.record("redo", user.fire("redo-button.n_clicks"), user.last_action_ms)
        check("redo", set(plan.expected) | {plan.edit_class})
    outcome.failures.extend(f"user {number}: {e}" for e in user.errors)


def run_users(base: str, plans: list[Plan], rounds: int) -> Outcome:
    """One session per plan, all at once."""
    outcome = Outcome(users=len(plans))
    everyone = {c for plan in plans for c in (plan.ask_class, plan.edit_class)}
    threads = [threading.Thread(target=user_session, daemon=True, args=(base, i, plan, everyone, rounds, outcome))
               for i, plan in enumerate(plans)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(1.0, RUN_LIMIT_S - (time.perf_counter() - started)))
    outcome.wall_s = time.perf_counter() - started
    if any(t.is_alive() for t in threads):
        outcome.failures.append(f"{sum(t.is_alive() for t in threads)} users were not done after {RUN_LIMIT_S} s")
    return outcome


@contextmanager
def served(*, preload: bool = True, extra: tuple[str, ...] = ()) -> Iterator[str]:
    """``protograph serve`` on a free loopback port, stopped on exit; yields its base URL."""
    port = free_port()
    argv = [sys.executable, "-m", "cli.main", "serve", "--host", "127.0.0.1", "--port", str(port), *extra]
    if not preload:
        argv.append("--no-preload")
    base = f"http://127.0.0.1:{port}"
    with running(argv, lambda: requests.get(base + "/", timeout=5).raise_for_status(), what="the server",
                 start_timeout_s=SERVE_TIMEOUT_S, cwd=Path(__file__).parents[1]):
        yield base


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def report(outcome: Outcome) -> str:
    lines = [(f"N = {outcome.users}: {outcome.actions} actions in {outcome.wall_s:.1f} s "
              f"({outcome.actions / outcome.wall_s:.2f} actions/s)")]
    for action in ACTIONS:
        own, whole = outcome.primary_ms.get(action, []), outcome.action_ms.get(action, [])
        if own:
            lines.append(f"  {action:5} n={len(own):3}  own ms p50 {_pct(own, .5):7.1f}  p95 {_pct(own, .95):7.1f}"
                         f"  | action ms p50 {_pct(whole, .5):7.1f}  p95 {_pct(whole, .95):7.1f}")
    if outcome.ask_wall_ms:
        walls = [w / 1000 for w in outcome.ask_wall_ms]
        lines.append(f"  ask as the user waits it: p50 {_pct(walls, .5):.1f} s, p95 {_pct(walls, .95):.1f} s, "
                     f"max {max(walls):.1f} s; {outcome.model_asks} needed the model, "
                     f"{outcome.waited} were told their place in the queue, "
                     f"{outcome.cut_short} cut by the time limit")
    lines.append(f"  cross-talk: {len(outcome.cross_talk)}; failures: {len(outcome.failures)}")
    lines += [f"    {line}" for line in (outcome.cross_talk + outcome.failures)[:10]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", type=int, nargs="+", help="numbers of simultaneous users (default 1 5 20)")
    parser.add_argument("--rounds", type=int, default=1, help="ask/run/edit rounds per user (default 1)")
    parser.add_argument("--model-every", type=int, default=5,
                        help="every k-th user asks a question the model drafts (default 5; 0: none)")
    parser.add_argument("--quick", action="store_true", help="N = 1 and 5 only")
    args = parser.parse_args(argv)
    users = args.users or ([1, 5] if args.quick else [1, 5, 20])

    # The server's default ontology, read here only to plan the questions.
    plans = plan_users(get_resources().ontology, max(users), args.model_every)
    clean = True
    with served() as base:
        for n in users:
            outcome = run_users(base, plans[:n], args.rounds)
            print(report(outcome), flush=True)
            clean &= not outcome.cross_talk and not outcome.failures
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
