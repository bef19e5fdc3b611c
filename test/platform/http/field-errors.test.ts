import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../../src/platform/http/errors";

describe("fieldErrors", () => {
  it("reports a missing property under its own name", () => {
    expect(fieldErrors([{ instancePath: "", keyword: "required", params: { missingProperty: "name" } }])).toEqual({
      name: ["This field is required."],
    });
  });

  it("names nested fields with dots, including array indexes", () => {
    expect(
      fieldErrors([
        { instancePath: "/nodes/2", keyword: "required", params: { missingProperty: "title" } },
        { instancePath: "/scopes/0", keyword: "enum", params: { allowedValues: ["a:read", "b:write"] } },
      ]),
    ).toEqual({ "nodes.2.title": ["This field is required."], "scopes.0": ["Must be one of: a:read, b:write."] });
  });

  it("words uuid formats and integer types in the API's own terms", () => {
    expect(
      fieldErrors([
        { instancePath: "/api_key_id", keyword: "format", params: { format: "uuid" }, message: 'must match format "uuid"' },
        { instancePath: "/page", keyword: "type", params: { type: "integer" }, message: "must be integer" },
      ]),
    ).toEqual({ api_key_id: ["Must be a valid UUID."], page: ["A valid integer is required."] });
  });

  it("words numbers and too-long text as Django REST Framework does", () => {
    expect(
      fieldErrors([
        { instancePath: "/threshold", keyword: "numeric", params: { integer: false }, message: "must be number" },
        { instancePath: "/position", keyword: "numeric", params: { integer: true }, message: "must be integer" },
        { instancePath: "/ratio", keyword: "type", params: { type: "number" }, message: "must be number" },
        { instancePath: "/name", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters" },
      ]),
    ).toEqual({
      threshold: ["A valid number is required."],
      position: ["A valid integer is required."],
      ratio: ["A valid number is required."],
      name: ["Ensure this field has no more than 255 characters."],
    });
  });

  it("capitalizes other validator messages and ends them with a period", () => {
    expect(
      fieldErrors([
        { instancePath: "/name", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" },
      ]),
    ).toEqual({
      name: ["Must NOT have fewer than 1 characters."],
    });
    expect(fieldErrors([{ instancePath: "/name", keyword: "custom", params: {} }])).toEqual({ name: ["Is invalid."] });
  });

  it("puts errors about the whole body under non_field_errors", () => {
    expect(fieldErrors([{ instancePath: "", keyword: "type", params: { type: "object" }, message: "must be object" }])).toEqual({
      non_field_errors: ["Must be object."],
    });
  });

  it("names a field once per message, and a value that is no number alone, without its bounds", () => {
    const repeated = { instancePath: "/days", keyword: "maximum", params: { limit: 365 }, message: "must be <= 365" };
    expect(fieldErrors([repeated, repeated])).toEqual({ days: ["Must be <= 365."] });
    expect(
      fieldErrors([
        repeated,
        repeated,
        { instancePath: "/days", keyword: "type", params: { type: "integer" }, message: "must be integer" },
      ]),
    ).toEqual({ days: ["A valid integer is required."] });
  });

  it("names an unknown field by its path, JSON Pointer escapes undone", () => {
    expect(
      fieldErrors([
        {
          instancePath: "",
          keyword: "additionalProperties",
          params: { additionalProperty: "core_topik" },
          message: "must NOT have additional properties",
        },
        { instancePath: "/selected_serp_data/0", keyword: "additionalProperties", params: { additionalProperty: "titel" } },
        {
          instancePath: "/content_info_context/a~1b~0c",
          keyword: "freeForm",
          params: {},
          message: "Ensure this value has no more than 32 levels of nesting.",
        },
      ]),
    ).toEqual({
      core_topik: ["Unknown field."],
      "selected_serp_data.0.titel": ["Unknown field."],
      "content_info_context.a/b~c": ["Ensure this value has no more than 32 levels of nesting."],
    });
  });

  it("answers only the null or blank message for a field that also failed the checks after coercion", () => {
    expect(
      fieldErrors([
        { instancePath: "/query_text", keyword: "notNull", params: {}, message: "This field may not be null." },
        { instancePath: "/query_text", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" },
        { instancePath: "/brand_name", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" },
        { instancePath: "/brand_name", keyword: "notBlank", params: {}, message: "This field may not be blank." },
      ]),
    ).toEqual({ query_text: ["This field may not be null."], brand_name: ["This field may not be blank."] });
  });
});
