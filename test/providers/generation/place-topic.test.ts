import { describe, expect, it } from "vitest";
import { placeOfTopic } from "../../../src/providers/generation/offline/place-topic";

describe("placeOfTopic", () => {
  it("takes off the stay or the trip around the place", () => {
    expect(placeOfTopic("lake district cottages")).toBe("lake district");
    expect(placeOfTopic("paris hotels")).toBe("paris");
    expect(placeOfTopic("travel to japan")).toBe("japan");
    expect(placeOfTopic("japan travel")).toBe("japan");
    expect(placeOfTopic("italy holidays")).toBe("italy");
    expect(placeOfTopic("things to do in york")).toBe("york");
    expect(placeOfTopic("isle of skye guide")).toBe("isle of skye");
  });

  it("keeps a place with nothing around it", () => {
    expect(placeOfTopic("cannon beach")).toBe("cannon beach");
    expect(placeOfTopic("isle of skye")).toBe("isle of skye");
  });

  it("finds no place in a trip to nowhere in particular", () => {
    expect(placeOfTopic("budget travel")).toBeNull();
    expect(placeOfTopic("solo travel")).toBeNull();
    expect(placeOfTopic("luxury travel")).toBeNull();
  });
});
