"""Browser-test setup: Debian's headless Chromium for dash_duo, and one warm app per module."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from collections.abc import Callable
from typing import Any

import pytest

DBPEDIA_SAMPLE = Path(__file__).resolve().parents[2] / "sample_ontologies" / "dbpedia_sample"

CHROME_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--window-size=1280,800")


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _quiet_tqdm() -> None:
    # dash's ThreadedRunner stops its server by raising SystemExit in the server thread's ident; a tqdm
    # monitor thread (started by model loading) can reuse that ident and die instead. No monitor, no race.
    try:
        import tqdm
    except ImportError:
        return
    tqdm.tqdm.monitor_interval = 0


_quiet_tqdm()


def pytest_setup_options():
    from selenium.webdriver.chrome.options import Options

    options = Options()
    for flag in CHROME_FLAGS:
        options.add_argument(flag)
    binary = _chromium()
    if binary:
        options.binary_location = binary
    return options


def pytest_collection_modifyitems(config, items):
    missing = []
    if not _chromium() or not shutil.which("chromedriver"):
        missing.append("Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)")
    if not (DBPEDIA_SAMPLE / "ontology.ttl").is_file():
        missing.append(f"the bundled sample at {DBPEDIA_SAMPLE}")
    if missing:
        reason = "browser tests need " + " and ".join(missing)
        # CI must fail, not skip, when a browser test cannot run.
        mark = pytest.mark.usefixtures("_browser_unavailable") if os.environ.get("CI") else pytest.mark.skip(reason=reason)
        for item in items:
            if "browser" in item.keywords:
                item.add_marker(mark)
                item.user_properties.append(("browser_unavailable", reason))


@pytest.fixture()
def _browser_unavailable(request):
    reason = dict(request.node.user_properties)["browser_unavailable"]
    pytest.fail(f"{reason} (CI is set, so this fails instead of skipping)")


@pytest.fixture()
def chrome_options():
    """Options for a second, fresh browser (a shared link opened elsewhere)."""
    return pytest_setup_options()


@pytest.fixture(scope="module")
def ui_settings():
    from app.settings import Settings

    return Settings()


class UI:
    """dash_duo plus the few moves these tests repeat: read the graph, pick from a dropdown, click."""

    def __init__(self, duo: Any) -> None:
        self.duo = duo
        self.driver = duo.driver

    def graph(self) -> dict:
        from components import ids

        text = self.driver.find_element("id", ids.GRAPH_DEBUG).get_attribute("textContent") or "{}"
        return json.loads(text)

    def wait_graph(self, predicate: Callable[[dict], bool], timeout: float = 15) -> dict:
        from dash.testing.wait import until

        until(lambda: predicate(self.graph()), timeout=timeout)
        return self.graph()

    def text(self, element_id: str) -> str:
        return self.driver.find_element("id", element_id).get_attribute("textContent") or ""

    def wait_text(self, element_id: str, predicate: Callable[[str], bool], timeout: float = 15) -> str:
        from dash.testing.wait import until

        until(lambda: predicate(self.text(element_id)), timeout=timeout)
        return self.text(element_id)

    def total_rows(self, timeout: float = 20) -> int:
        """The total the results message gives ("269 rows in 12 ms …"), once the run has answered."""
        from components import ids

        text = self.wait_text(ids.RESULTS_MESSAGE, lambda t: bool(re.match(r"[\d,]+ rows? in", t)), timeout=timeout)
        return int(text.split()[0].replace(",", ""))

    def open_tab(self, label: str) -> None:
        """Click the results tab labelled ``label``."""
        from components import ids

        tabs = f"#{ids.RESULTS_TABS} .tab, #{ids.RESULTS_TABS} [role=tab]"
        for tab in self.driver.find_elements("css selector", tabs):
            if tab.text.strip() == label:
                tab.click()
                return
        raise AssertionError(f"no tab {label!r}")

    def click(self, element_id: str) -> None:
        from dash.testing.wait import until

        until(lambda: self.driver.find_element("id", element_id).is_enabled(), timeout=15)
        self.driver.find_element("id", element_id).click()

    def choose(self, dropdown_id: str, label_startswith: str, *, search: str | None = None,
               timeout: float = 15) -> None:
        """Open a dcc.Dropdown, optionally type into its search box, and click the first matching option."""
        from dash.testing.wait import until

        self.driver.find_element("id", dropdown_id).click()
        if search is not None:
            box = self.duo.wait_for_element(".dash-dropdown-search")
            box.send_keys(search)

        from selenium.common.exceptions import StaleElementReferenceException

        def pick() -> bool:
            # Options re-render while the server answers the search: a stale element just means "look again".
            try:
                for element in self.driver.find_elements("css selector", ".dash-dropdown-option"):
                    if element.text.strip().startswith(label_startswith):
                        element.click()
                        return True
            except StaleElementReferenceException:
                return False
            return False

        until(pick, timeout=timeout)


@pytest.fixture(scope="module")
def editor_app(ui_settings):
    """The app as ``protograph serve`` builds it, minus the language model, once per module.

    The ontology, store and index load before the first page, so search by meaning is on at once.
    """
    from components import create_app, warm_resources

    warm_resources(ui_settings, llm=False)
    return create_app(ui_settings)


@pytest.fixture(scope="module")
def raw_sample(sample_kg_path):
    """Expected answers come from hand-written SPARQL on a bare store, not from the app."""
    import pyoxigraph

    store = pyoxigraph.Store()
    store.load(path=str(sample_kg_path), format=pyoxigraph.RdfFormat.TURTLE)
    return store


@pytest.fixture()
def ui(dash_duo) -> UI:
    # The page must work at 1280×800: make that the viewport itself, not the outer window.
    dash_duo.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    return UI(dash_duo)

