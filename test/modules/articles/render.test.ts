// An article as Markdown and as an HTML5 document: structure, escaping, and what a draft can
// never do (add a heading, inject markup), by example and by property.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeHtml, toHtml, toMarkdown, type RenderableArticle } from "../../../src/modules/articles/render";

const ARTICLE: RenderableArticle = {
  title: "How to Brew Coffee: A Practical Guide",
  sections: [
    {
      heading: "Grind Size",
      level: "h2",
      draft: "Grind just before brewing.\n\nA burr grinder gives an even grind. See [our grinder guide](https://bean.example/grinders).",
    },
    { heading: "For a French Press", level: "h3", draft: "Use a coarse grind." },
    { heading: "Water Temperature", draft: null },
  ],
  extras: { intro: "Good coffee comes down to a few choices.", key_takeaways: ["Grind fresh.", "Brew at 195 to 205 °F."] },
};

describe("toMarkdown", () => {
  it("writes the title, the intro, the takeaways, then each section at its level", () => {
    expect(toMarkdown(ARTICLE)).toBe(
      `${[
        "# How to Brew Coffee: A Practical Guide",
        "Good coffee comes down to a few choices.",
        "**Key takeaways**",
        "- Grind fresh.\n- Brew at 195 to 205 °F.",
        "## Grind Size",
        "Grind just before brewing.\n\nA burr grinder gives an even grind. See [our grinder guide](https://bean.example/grinders).",
        "### For a French Press",
        "Use a coarse grind.",
        "## Water Temperature",
        "_Not drafted yet._",
      ].join("\n\n")}\n`,
    );
  });

  it("leaves out extras that are absent or empty, and shows an empty draft as not drafted", () => {
    const md = toMarkdown({ title: "T", sections: [{ heading: "A", draft: "  \n " }], extras: { intro: " ", key_takeaways: ["", "  "] } });
    expect(md).toBe("# T\n\n## A\n\n_Not drafted yet._\n");
    expect(toMarkdown({ title: "T", sections: [] })).toBe("# T\n");
  });

  it("escapes titles and headings as plain text", () => {
    const md = toMarkdown({ title: "Use *args & <b>bold</b> in C#", sections: [{ heading: "[Links] _and_ `code` #1 #", draft: "x" }] });
    expect(md.split("\n")[0]).toBe("# Use \\*args \\& &lt;b\\>bold&lt;/b\\> in C\\#");
    expect(md).toContain("## \\[Links\\] \\_and\\_ \\`code\\` \\#1 \\#\n");
  });

  it("keeps a draft from adding raw HTML, a title or a section", () => {
    const md = toMarkdown({
      title: "T",
      sections: [
        {
          heading: "A",
          draft:
            "Hi <script>alert(1)</script> \\<img src=x onerror=alert(1)>\n\n# Not a title\n\n> ## Nor this\n\nSetext\n===\n\n- ### list\n\n```\nunclosed fence",
        },
        {
          heading: "B",
          draft: "[ok](https://e.example/a) [bad](javascript:alert(1)) ![img](https://e.example/i.png)\n\n[ref]: javascript:alert(1)",
        },
      ],
    });
    expect(md).not.toMatch(/<(?!\s)/);
    expect(md).toContain("Hi &lt;script>alert(1)&lt;/script> \\&lt;img");
    expect(md.split("\n").filter((l) => /^\s{0,3}#{1,6}\s/.test(l))).toEqual(["# T", "## A", "## B"]);
    expect(md).toContain("\\# Not a title");
    expect(md).toContain("> \\## Nor this");
    expect(md).toContain("Setext\n\\===");
    expect(md).toContain("- \\### list");
    expect(md).toContain("\\```\nunclosed fence");
    expect(md).toContain("[ok](https://e.example/a) [bad]\\(javascript:alert(1)) !\\[img](https://e.example/i.png)\n\n\\[ref]: javascript");
  });

  it("has one title line and one heading line per section, whatever the text", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(
          fc.record({
            heading: fc.string(),
            level: fc.constantFrom("h2" as const, "h3" as const, undefined),
            draft: fc.option(fc.string(), { nil: null }),
          }),
          { maxLength: 6 },
        ),
        fc.option(fc.string(), { nil: undefined }),
        fc.array(fc.string(), { maxLength: 4 }),
        (title, sections, intro, key_takeaways) => {
          const md = toMarkdown({ title, sections, extras: { intro, key_takeaways } });
          const headingLines = md.split("\n").filter((l) => /^ {0,3}#{1,6}(\s|$)/.test(l));
          expect(headingLines.filter((l) => l.startsWith("# "))).toHaveLength(1);
          expect(headingLines[0]!.startsWith("# ")).toBe(true);
          expect(headingLines.slice(1).map((l) => l.split(" ")[0])).toEqual(sections.map((s) => (s.level === "h3" ? "###" : "##")));
          expect(md).not.toMatch(/<(?!\s)/);
        },
      ),
    );
  });
});

describe("toHtml", () => {
  it("is a small HTML5 document with the title, paragraphs, levels and a safe link", () => {
    const html = toHtml({ ...ARTICLE, lang: "en" });
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">')).toBe(true);
    expect(html).toContain("<title>How to Brew Coffee: A Practical Guide</title>");
    expect(html).toContain("<h1>How to Brew Coffee: A Practical Guide</h1>");
    expect(html).toContain(
      "<p>Good coffee comes down to a few choices.</p>\n<p><strong>Key takeaways</strong></p>\n<ul>\n<li>Grind fresh.</li>\n<li>Brew at 195 to 205 °F.</li>\n</ul>",
    );
    expect(html).toContain(
      '<h2>Grind Size</h2>\n<p>Grind just before brewing.</p>\n<p>A burr grinder gives an even grind. See <a href="https://bean.example/grinders">our grinder guide</a>.</p>',
    );
    expect(html).toContain("<h3>For a French Press</h3>\n<p>Use a coarse grind.</p>");
    expect(html).toContain("<h2>Water Temperature</h2>\n<p><em>Not drafted yet.</em></p>");
    expect(html.trimEnd().endsWith("</article>\n</body>\n</html>")).toBe(true);
    // Self-contained: nothing fetched, nothing run.
    expect(html).not.toMatch(/<script|<link|<img|<iframe|src=|@import|url\(/i);
  });

  it("escapes & < > \" ' everywhere, and keeps only safe links", () => {
    const html = toHtml({
      title: `Tom & Jerry's "<b>best</b>"`,
      sections: [
        {
          heading: "<script>alert('x')</script>",
          draft:
            'A <script>alert("x")</script> & more. [click](javascript:alert(1)) [mail](mailto:a@b.example) [x](https://e.example/?a=1&b="2") **bold <i>**',
        },
      ],
    });
    expect(html).toContain("<title>Tom &amp; Jerry&#39;s &quot;&lt;b&gt;best&lt;/b&gt;&quot;</title>");
    expect(html).toContain("<h2>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</h2>");
    expect(html).toContain("A &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more.");
    expect(html).toContain("[click](javascript:alert(1))");
    expect(html).toContain('<a href="mailto:a@b.example">mail</a>');
    expect(html).not.toContain('href="https://e.example');
    expect(html).toContain("<strong>bold &lt;i&gt;</strong>");
    expect(html).not.toMatch(/<script/i);
  });

  it("splits paragraphs on blank lines and joins the lines within one", () => {
    const html = toHtml({ title: "T", sections: [{ heading: "A", draft: "one\ntwo\r\n\r\n\n three \n\n\n" }] });
    expect(html).toContain("<h2>A</h2>\n<p>one two</p>\n<p>three</p>\n</article>");
  });

  it("leaves out a malformed language", () => {
    expect(toHtml({ title: "T", sections: [], lang: 'en" onload="x' })).toContain("\n<html>\n");
    expect(toHtml({ title: "T", sections: [], lang: "pt-BR" })).toContain('<html lang="pt-BR">');
  });

  it("never lets a '<' of the input through unescaped", () => {
    const ours = /<\/?(html|head|meta|title|style|body|article|h1|h2|h3|p|ul|li|em|strong|a)(\s[^<>]*)?>|<!DOCTYPE html>/g;
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(
          fc.record({
            heading: fc.string(),
            draft: fc.option(
              fc.string({
                unit: fc.constantFrom("<", ">", "&", '"', "'", "a", " ", "\n", "[", "]", "(", ")", "*", "h", "t", "p", ":", "/"),
              }),
              { nil: null },
            ),
          }),
          { maxLength: 5 },
        ),
        fc.array(fc.string(), { maxLength: 3 }),
        (title, sections, key_takeaways) => {
          const html = toHtml({ title, sections, extras: { key_takeaways } });
          expect(html.replace(ours, "")).not.toContain("<");
          // Every attribute value is quoted and free of raw quotes and brackets.
          for (const m of html.matchAll(/<a href="([^"]*)">/g)) expect(m[1]).not.toMatch(/[<>"']/);
        },
      ),
    );
  });

  it("escapeHtml escapes the five characters and nothing else", () => {
    expect(escapeHtml(`&<>"'é`)).toBe("&amp;&lt;&gt;&quot;&#39;é");
  });
});
