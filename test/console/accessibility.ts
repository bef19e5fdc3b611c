// axe-core run in the page as it stands: labelled controls, names, roles, contrast. It is
// evaluated through the DevTools protocol, which the page's Content-Security-Policy does not
// govern, so the console's policy stays as strict in the test as in use.
import axe from "axe-core";
import type { Page } from "playwright-core";

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

// Run in the page, as text: the tests are compiled without the DOM's types. Only the parts of
// each violation the report needs come back.
const RUN_AXE = `axe
  .run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })
  .then((result) => result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))`;

/** The WCAG 2.1 A and AA violations on the page now, as "rule (impact): help at selectors". */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate<AxeViolation[]>(RUN_AXE);
  return violations.map((v) => `${v.id} (${v.impact ?? "?"}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
