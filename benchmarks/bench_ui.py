"""Web app speed on a warm server (sample KG): first page interactive, and server time per callback.

    python -m benchmarks.bench_ui

Needs Debian's chromium and chromium-driver. Drives a real headless Chromium
through a few edits (add two nodes, link them, undo, redo, clear) and prints
the server time of every Dash callback, measured by Flask request hooks.
"""

from __future__ import annotations

import collections
import logging
import statistics
import threading
import time

from flask import g, request
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.common.by import By

from app.settings import Settings
from components import create_app, ids, warm_resources

PORT = 8768


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    settings = Settings()
    warm_resources(settings, llm=False)
    app = create_app(settings)
    times: dict[str, list[float]] = collections.defaultdict(list)

    @app.server.before_request
    def _start() -> None:
        g.started = time.perf_counter()

    @app.server.after_request
    def _stop(response):
        if request.path.startswith("/_dash-update-component"):
            output = (request.get_json(silent=True) or {}).get("output", "")
            times[output[:70]].append((time.perf_counter() - g.started) * 1000)
        return response

    threading.Thread(target=lambda: app.run(port=PORT, debug=False, threaded=True), daemon=True).start()
    time.sleep(2)
    options = Options()
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--window-size=1280,800"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options)
    url = f"http://127.0.0.1:{PORT}/"
    driver.get(url)
    time.sleep(2)  # the browser caches the JS bundles once, as a returning user's would be
    loads = []
    for _ in range(5):
        started = time.perf_counter()
        driver.get(url)
        while "classes" not in "".join(e.text for e in driver.find_elements(By.ID, ids.SOURCE_STATUS)):
            time.sleep(0.01)
        while not driver.find_elements(By.CSS_SELECTOR, f"#{ids.EXAMPLES} li"):
            time.sleep(0.01)
        loads.append(time.perf_counter() - started)
    print("first page interactive (s):", [round(x, 2) for x in loads], "median", round(statistics.median(loads), 2))
    times.clear()

    def choose(dropdown: str, text: str, search: str | None = None) -> None:
        driver.find_element(By.ID, dropdown).click()
        time.sleep(0.3)
        if search:
            driver.find_element(By.CSS_SELECTOR, ".dash-dropdown-search").send_keys(search)
            time.sleep(1)
        for element in driver.find_elements(By.CSS_SELECTOR, ".dash-dropdown-option"):
            if element.text.startswith(text):
                element.click()
                break
        time.sleep(0.8)

    def click(button: str) -> None:
        driver.find_element(By.ID, button).click()
        time.sleep(1.5)

    for cls in ("person", "university"):
        choose(ids.ADD_NODE_SEARCH, cls, cls)
        click(ids.ADD_NODE_BUTTON)
    choose(ids.LINK_FROM, "?person_1")
    choose(ids.LINK_TO, "?university_1")
    choose(ids.LINK_SELECT, "?person_1 —alma mater")
    for button in (ids.ADD_LINK_BUTTON, ids.UNDO_BUTTON, ids.REDO_BUTTON, ids.CLEAR_BUTTON):
        click(button)
    rows = sorted(((k, max(v), statistics.median(v), len(v)) for k, v in times.items()), key=lambda r: -r[1])
    print("server time per callback (max, median, count, output):")
    for output, worst, median, count in rows:
        print(f"{worst:7.1f} ms max {median:7.1f} ms median  n={count:2d}  {output}")
    driver.quit()


if __name__ == "__main__":
    main()
