"""axe-core in a page: where axe.min.js is kept, the script that runs it, the impacts that fail a
check, the text of its violations; and a form sent refused, as a page is checked seen refused.

axe-core's axe.min.js comes from the npm registry through the npm client (`bash scripts/setup.sh
test` fetches a pinned version with `npm pack`, checks its sha512 and keeps axe.min.js in
.cache/axe-core/); it is injected into each page by the test only, never served by the app."""

from __future__ import annotations

import os
from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / ".cache" / "axe-core" / "axe.min.js"
SMALL = {"width": 360, "height": 740}
SHOTS = os.environ.get("TRACKER_SCREENSHOTS", "")  # a folder for screenshots, when set
SERIOUS = ("serious", "critical")

# Run in the page: axe's violations (all of its default rules: WCAG 2 A and AA and its best
# practices), each with the nodes it names.
RUN_AXE = """async () => {
  const results = await axe.run(document, {resultTypes: ["violations"]});
  return results.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                  nodes: v.nodes.map((n) => ({target: n.target.join(" "),
                                              summary: n.failureSummary}))}));
}"""


def violations_text(violations) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"]:
            summary = " ".join(node["summary"].split())
            lines.append(f"    {node['target']}: {summary[:300]}")
    return "\n".join(lines)


def submit(page, button: str):
    with page.expect_navigation():
        page.get_by_role("button", name=button).click()


def refused(field: str, text: str, button: str):
    """What to do on a form to see it refused: type `text` into `field`, send it."""

    def prepare(page):
        page.fill(field, text)
        submit(page, button)

    return prepare
