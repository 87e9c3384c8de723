"""The load benchmark's client against a real ``protograph serve``: two users at once, each sees only its own graphs."""

from __future__ import annotations

import pytest

from app.resources import get_resources
from app.settings import Settings
from benchmarks.bench_load import ACTIONS, plan_users, run_users, served
from benchmarks.load_client import DashUser, graph_classes

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server():
    # Read-off questions only: no model call, so the server need not load the model.
    with served(preload=False) as base:
        yield base


def test_blt001_two_users_at_once_see_only_their_own_graphs(server) -> None:
    plans = plan_users(get_resources(Settings()).ontology, 2, model_every=0)
    assert plans[0].ask_class != plans[1].ask_class and plans[0].edit_class != plans[1].edit_class
    outcome = run_users(server, plans, rounds=1)
    assert outcome.cross_talk == [] and outcome.failures == []
    # Every action of both users ran its own callback, the question through the background job's polls.
    assert {action: len(outcome.primary_ms[action]) for action in ACTIONS} == dict.fromkeys(ACTIONS, 2)


def test_blt002_a_users_graph_comes_back_through_the_background_job(server) -> None:
    [plan] = plan_users(get_resources(Settings()).ontology, 1, model_every=0)
    user = DashUser(server)
    user.load()
    user.set("question.value", plan.question)
    [ask] = [c for c in user.fire("ask-button.n_clicks") if "ask-message.children" in c.output]
    assert len(ask.request_ms) >= 2  # started, then polled with its signed cacheKey and job until it answered
    assert graph_classes(user.get("graph-store.data")) == set(plan.expected) and user.errors == []
