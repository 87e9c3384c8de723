"""The researcher password's guard: constant-time check, and a limit on wrong guesses per client."""

from __future__ import annotations

import threading

from pydantic import SecretStr

from app.study import PasswordGuard, check_password


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_check_password_is_closed_without_a_configured_password():
    assert check_password("pw", SecretStr("pw"))
    assert not check_password("pw", None) and not check_password(None, "pw") and not check_password("", "")


def test_five_wrong_passwords_lock_the_client_out_even_with_the_right_one():
    clock = Clock()
    guard = PasswordGuard(SecretStr("right"), clock=clock)
    assert [guard.check("a", "wrong") for _ in range(4)] == ["Wrong password."] * 4
    assert guard.check("a", "wrong") == "Too many wrong passwords: try again in 60 s."
    clock.now += 30
    assert guard.check("a", "right") == "Too many wrong passwords: try again in 30 s."
    assert guard.check("b", "right") is None  # another client is not affected
    clock.now += 30
    assert guard.check("a", "right") is None


def test_lockouts_in_a_row_double_and_a_right_password_resets_them():
    clock = Clock()
    guard = PasswordGuard("right", max_failures=2, lockout_s=10, clock=clock)
    waits = []
    for _ in range(3):
        guard.check("a", "x")
        waits.append(guard.check("a", "x"))
        clock.now += 10 * 2 ** len(waits)
    assert waits == [f"Too many wrong passwords: try again in {s} s." for s in (10, 20, 40)]
    assert guard.check("a", "right") is None
    guard.check("a", "x")
    assert guard.check("a", "x") == "Too many wrong passwords: try again in 10 s."


def test_wrong_guesses_spread_beyond_the_window_never_lock():
    clock = Clock()
    guard = PasswordGuard("right", max_failures=3, window_s=60, clock=clock)
    for _ in range(10):
        assert guard.check("a", "x") == "Wrong password."
        clock.now += 31  # never three within 60 s
    assert guard.check("a", "right") is None


def test_no_configured_password_refuses_everything():
    guard = PasswordGuard(None)
    assert guard.check("a", "") == "Wrong password." and guard.check("a", None) == "Wrong password."


def test_concurrent_guesses_are_all_counted():
    guard = PasswordGuard("right", max_failures=50)
    barrier = threading.Barrier(8)

    def guess() -> None:
        barrier.wait()
        for _ in range(10):
            guard.check("a", "x")

    threads = [threading.Thread(target=guess) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    # 80 wrong guesses with a limit of 50: exactly one lockout, then refusals, never a lost count
    assert guard.check("a", "right").startswith("Too many wrong passwords")
