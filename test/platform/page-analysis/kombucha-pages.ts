// Five ranking pages on kombucha, written for these tests: headings as pages number and word
// them, texts with the terms such pages share and the furniture they carry.
import type { PageRead } from "../../../src/platform/page-analysis";

const filler = (n: number) => Array.from({ length: n }, (_, i) => `Sentence ${i} keeps the page long enough to read.`).join(" ");

export const KOMBUCHA_PAGES: PageRead[] = [
  {
    url: "https://brewing.example/kombucha",
    position: 1,
    title: "How to Make Kombucha at Home",
    headings: [
      { level: 1, text: "How to Make Kombucha at Home" },
      { level: 2, text: "1. What Is Kombucha?" },
      { level: 2, text: "2. What You Need" },
      { level: 3, text: "Black tea" },
      { level: 3, text: "A SCOBY" },
      { level: 2, text: "3. How to Brew Kombucha" },
      { level: 2, text: "Second Fermentation" },
      { level: 3, text: "Flavouring with fruit" },
      { level: 2, text: "Table of Contents" },
    ],
    wordCount: 1800,
    text: [
      "Kombucha is a fermented tea made with black tea, sugar and a SCOBY. The SCOBY is a living culture of bacteria and yeast.",
      "Brew the black tea, let it cool and add the SCOBY with some starter tea. The first fermentation takes 7 to 10 days.",
      "Second fermentation happens in sealed bottles, where the kombucha gets its fizz. Add fruit for flavour during the second fermentation.",
      "Read more about our team and our privacy policy. Click here to subscribe to our newsletter.",
      filler(5),
    ].join("\n\n"),
  },
  {
    url: "https://teatime.example/guide",
    position: 2,
    title: "Kombucha: The Complete Guide",
    headings: [
      { level: 1, text: "Kombucha: The Complete Guide" },
      { level: 2, text: "What is kombucha" },
      { level: 2, text: "Health benefits of kombucha" },
      { level: 2, text: "How to brew kombucha" },
      { level: 3, text: "Black tea" },
      { level: 2, text: "Second fermentation" },
    ],
    wordCount: 2200,
    text: [
      "Kombucha is a lightly sweet fermented tea. Most brewers use black tea, though green tea works too.",
      "A SCOBY turns the sugar into acids over about 7 days. Keep the SCOBY in some starter tea between batches.",
      "The second fermentation adds carbonation. About 5% of brewers use dried fruit in the second fermentation.",
      "Posted by our team. Read more on our privacy policy page at https://teatime.example/privacy.",
    ].join("\n\n"),
  },
  {
    url: "https://fermentfans.example/kombucha-benefits",
    position: 3,
    title: "Kombucha Benefits and Risks",
    headings: [
      { level: 2, text: "Kombucha benefits" },
      { level: 2, text: "Step 2: Brewing kombucha" },
      { level: 2, text: "Risks and side effects" },
    ],
    wordCount: 1200,
    text: [
      "Kombucha contains probiotics from the SCOBY and the black tea it is brewed with.",
      "Home brewers should keep the SCOBY clean and the starter tea acidic, or mould can grow.",
      "Click here to read more.",
    ].join("\n\n"),
  },
  {
    url: "https://recipes.example/kombucha",
    position: 4,
    title: "Easy Kombucha Recipe",
    headings: [
      { level: 2, text: "What is kombucha?" },
      { level: 2, text: "Second fermentation and flavours" },
      { level: 3, text: "Flavouring with fruit" },
      { level: 2, text: "Health benefits" },
    ],
    wordCount: 900,
    text: [
      "Kombucha is fermented black tea. You need a SCOBY, sugar, black tea and starter tea.",
      "For a second fermentation, bottle the kombucha with fruit juice for 2 to 3 days.",
    ].join("\n\n"),
  },
  {
    url: "https://tiny.example/kombucha",
    position: 5,
    title: "Kombucha",
    headings: [],
    wordCount: 90,
    text: "Kombucha shop. Privacy policy.",
  },
];
