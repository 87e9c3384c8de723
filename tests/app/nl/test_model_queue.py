"""The model queue: arrival order, each waiter's place, leaving on cancel, and when a turn's clock starts."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from app.errors import PipelineCancelled
from app.nl.model_queue import ModelQueue, Turn, waiting_words


def _until(condition: Callable[[], bool]) -> None:
    """Wait for another thread to get somewhere (a bound against hangs, not a timing assertion)."""
    give_up = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < give_up, "the other thread never got there"
        time.sleep(0.005)


class Waiter(threading.Thread):
    """A question that joins the queue, notes its places and its turn, and leaves when told."""

    def __init__(self, queue: ModelQueue, name: str, order: list[str], cancel: threading.Event | None = None) -> None:
        super().__init__(daemon=True)
        self.queue, self.label, self.order, self.cancel = queue, name, order, cancel
        self.places: list[int] = []
        self.turn: Turn | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()

    def run(self) -> None:
        try:
            self.turn = self.queue.join(cancel=self.cancel, on_wait=self.places.append)
        except PipelineCancelled as error:
            self.error = error
            return
        self.order.append(self.label)
        self.done.wait(30)
        self.queue.leave(self.turn)


def _line_up(queue: ModelQueue, names: str, order: list[str]) -> list[Waiter]:
    """Start one waiter per name, each only once the one before it is in the queue."""
    waiters = []
    for name in names:
        size = queue.size()
        waiter = Waiter(queue, name, order)
        waiter.start()
        _until(lambda size=size: queue.size() == size + 1)
        waiters.append(waiter)
    return waiters


def test_mq001_turns_come_in_arrival_order_with_each_place_reported() -> None:
    queue, order = ModelQueue(), []
    holder = queue.join()
    waiters = _line_up(queue, "abc", order)
    _until(lambda: [w.places for w in waiters] == [[1], [2], [3]])
    queue.leave(holder)
    for i, waiter in enumerate(waiters):
        # The line moves up one question at a time, and the next move waits until every later waiter has
        # seen this one: a waiter looks at its place between moves, so two quick moves would skip a place.
        later = waiters[i + 1:]
        _until(lambda label=waiter.label, later=later: order[-1:] == [label]
               and [w.places[-1] for w in later] == list(range(1, len(later) + 1)))
        waiter.done.set()
        waiter.join(30)
    assert order == ["a", "b", "c"]
    # Each place as the line moved up, and none once the turn came.
    assert [w.places for w in waiters] == [[1], [2, 1], [3, 2, 1]]
    assert queue.size() == 0


def test_mq002_a_cancelled_waiter_leaves_at_once_and_the_rest_move_up() -> None:
    queue, order = ModelQueue(), []
    holder = queue.join()
    cancel = threading.Event()
    first = Waiter(queue, "first", order, cancel)
    first.start()
    _until(lambda: queue.size() == 2)
    [second] = _line_up(queue, "s", order)
    _until(lambda: second.places == [2])
    cancel.set()  # while the model is still busy with the holder
    first.join(30)
    assert isinstance(first.error, PipelineCancelled) and first.turn is None
    _until(lambda: second.places == [2, 1])
    assert queue.size() == 2 and order == []  # the holder still has the model
    queue.leave(holder)
    _until(lambda: order == ["s"])
    second.done.set()
    second.join(30)
    assert queue.size() == 0


def test_mq003_cancel_before_the_turn_comes_is_honoured_even_at_the_head() -> None:
    queue = ModelQueue()
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(PipelineCancelled):
        queue.join(cancel=cancel)
    assert queue.size() == 0


def test_mq004_a_turn_starts_its_clock_when_it_gets_the_model_not_when_it_joined() -> None:
    now = [100.0]
    queue, order = ModelQueue(clock=lambda: now[0]), []
    holder = queue.join()
    [waiter] = _line_up(queue, "w", order)
    _until(lambda: waiter.places == [1])
    now[0] = 160.0  # the holder's question took a minute
    queue.leave(holder)
    _until(lambda: order == ["w"])
    assert waiter.turn is not None and waiter.turn.started == 160.0 and waiter.turn.waited_s == 60.0
    assert holder.started == 100.0 and holder.waited_s == 0.0
    waiter.done.set()
    waiter.join(30)


def test_mq005_leaving_twice_or_after_cancel_is_harmless() -> None:
    queue = ModelQueue()
    turn = queue.join()
    queue.leave(turn)
    queue.leave(turn)
    assert queue.size() == 0 and queue.join().ticket == turn.ticket + 1


def test_mq006_waiting_words_are_plain() -> None:
    assert waiting_words(2) == "waiting: 2 questions ahead"
    assert "_" not in waiting_words(1)


def test_mq007_a_turn_block_gives_the_model_back_even_when_it_fails() -> None:
    queue = ModelQueue()
    with pytest.raises(RuntimeError), queue.turn() as turn:
        assert queue.ahead(turn.ticket) == 0 and queue.size() == 1
        raise RuntimeError("the model call failed")
    assert queue.size() == 0
