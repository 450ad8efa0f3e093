"""A widget view lost while the page restored its kernel's widgets is drawn again (the page's
watchdog script, :func:`danish_nb.server.pages.watchdog`).

ipywidgets 8.1's ``get_model`` waits 2 s for a model the page has not restored yet and gives up
without a last look: on a busy machine a restore that ends in that last wait leaves an output
saying "Error displaying widget: model not found" for a model the page holds (a lesson's replay on
a loaded CI machine). The race itself cannot be called up on purpose, so this test makes its
outcome: an output showing that message for the app's model, handed to the watchdog as Voila's
output scripts are, must become the app.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from test_browser import open_app

pytestmark = pytest.mark.browser
LOST = "Error displaying widget: model not found"


def test_an_output_whose_model_was_not_found_is_drawn_again(page: Page, app_url: str, voila_log: Path) -> None:
    html = open_app(page, app_url, voila_log).text()
    app_model = re.search(r'"model_id": ?"(\w+)"', html)
    assert app_model, "the app's page holds no widget output"
    page.evaluate("""([id, lost]) => {
        const host = document.createElement("div");
        host.id = "dn-lost";
        const view = document.createElement("div");
        view.className = "jupyter-widgets";
        view.textContent = lost;
        host.appendChild(view);
        document.body.appendChild(host);
        window.danishNbMend(host, id);
    }""", [app_model[1], LOST])
    expect(page.locator("#dn-lost .dn-app")).to_be_visible()
    expect(page.locator("#dn-lost")).not_to_contain_text(LOST)
    assert page.evaluate("window.danishNbRedrawn") == 1

