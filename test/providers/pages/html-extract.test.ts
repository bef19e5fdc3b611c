// What canopy keeps of an HTML page, as a pure function: the main region chosen, furniture
// dropped, headings whitespace-collapsed, the title's fallback, the text's cap.
import { describe, expect, it } from "vitest";
import { countWords, extractPage } from "../../../src/providers/pages/html-extract";
import { PAGE_TEXT_LIMIT } from "../../../src/providers/pages/types";

describe("extractPage", () => {
  it("reads <main> when there is one, else <article>, else <body>", () => {
    const body = "<body><p>Outside</p><article><h2>In the article</h2></article><main><h2>In main</h2></main></body>";
    expect(extractPage(body).headings).toEqual([{ level: 2, text: "In main" }]);
    expect(extractPage(body.replace(/<main>.*<\/main>/, "")).text).toBe("In the article");
    expect(extractPage("<body><h3>Only\n   body</h3><p>Text</p></body>")).toMatchObject({
      headings: [{ level: 3, text: "Only body" }],
      text: "Only body\n\nText",
    });
  });

  it("takes the title from <title>, else the first H1", () => {
    expect(extractPage("<title> A  title </title><h1>Heading</h1>").title).toBe("A title");
    expect(extractPage("<body><h2>Second</h2><h1>First H1</h1></body>").title).toBe("First H1");
    expect(extractPage("<p>No heading</p>").title).toBe("");
  });

  it("drops the site's furniture but keeps the content's own header", () => {
    const page = extractPage(
      "<body><header><h1>Site</h1></header><article><header><h1>Story</h1></header><p>Words &amp; more.</p>" +
        "<noscript>Enable scripts</noscript><style>p{}</style></article><footer>Foot</footer></body>",
    );
    expect(page).toMatchObject({ title: "Story", headings: [{ level: 1, text: "Story" }], text: "Story\n\nWords & more.", wordCount: 3 });
  });

  it("caps the text but counts every word", () => {
    const paragraph = `<p>${"word ".repeat(1000)}</p>`;
    const page = extractPage(`<body>${paragraph.repeat(20)}</body>`);
    expect(page.text.length).toBeLessThanOrEqual(PAGE_TEXT_LIMIT);
    expect(page.text.endsWith("word")).toBe(true);
    expect(page.wordCount).toBe(20_000);
  });

  it("counts words as a reader does", () => {
    expect(countWords("It's a well-known café, isn't it? 42 times.")).toBe(8);
  });
});
