// What the brand form sends: every field, so that emptying one clears it; lists one entry per
// line, without blanks; a blank language left to the brand's own. And back: a brand's lists as lines.
import { describe, expect, it } from "vitest";
import { bodyOf, formValuesOf, messagesFor, otherMessages } from "../../../console/src/screens/brand-fields";

describe("the brand form's body", () => {
  it("clears emptied fields, writes lists without blank lines, and leaves a blank language out", () => {
    const values = {
      ...formValuesOf(),
      brand_name: "  Bean There ",
      products_and_services: "Grinders\n\n  Espresso machines  \n",
      key_competitors: " Pod Palace\n\nBean Barn ",
      country_code: " gb ",
    };
    const body = bodyOf(values);
    expect(body).toMatchObject({
      brand_name: "Bean There",
      products_and_services: ["Grinders", "Espresso machines"],
      key_competitors: "Pod Palace\nBean Barn",
      country_code: "gb",
      tagline: null,
      website_url: null,
    });
    expect(body).not.toHaveProperty("language");
    expect(bodyOf({ ...values, language: "pt-BR", key_competitors: "\n \n" })).toMatchObject({ language: "pt-BR", key_competitors: null });
  });

  it("fills the form from a brand, lists one entry per line", () => {
    const values = formValuesOf({
      brand_name: "Bean There",
      products_and_services: ["Grinders", "Espresso machines"],
      key_competitors: "Pod Palace\nBean Barn",
      tagline: null,
    } as Parameters<typeof formValuesOf>[0]);
    expect(values).toMatchObject({ brand_name: "Bean There", products_and_services: "Grinders\nEspresso machines", tagline: "" });
  });

  it("puts a list entry's error under its list, and names errors the form has no field for", () => {
    const errors = { "products_and_services.2": ["Ensure this field has no more than 1000 characters."], non_field_errors: ["Try again."] };
    expect(messagesFor(errors, "products_and_services")).toEqual(["Ensure this field has no more than 1000 characters."]);
    expect(messagesFor(errors, "tagline")).toEqual([]);
    expect(otherMessages(errors)).toEqual(["Try again."]);
  });
});
