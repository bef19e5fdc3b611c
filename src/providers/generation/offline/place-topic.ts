// The place a travel topic is about. A place's searches name the place alone ("things to do in
// japan", "cannon beach day trips"), not the stay the brand sells there ("lake district
// cottages") nor the trip ("travel to japan", "japan holidays"). A trip to nowhere in particular
// ("budget travel", "solo travel") names no place: it is something people do.
import { namesPlace } from "./local-topic";

/** Where one stays, said after a place ("lake district cottages"). */
const STAYS = new Set([
  "hotels",
  "hotel",
  "cottages",
  "cottage",
  "resorts",
  "resort",
  "hostels",
  "campsites",
  "villas",
  "apartments",
  "lodges",
  "cabins",
  "inns",
]);

/** What form a page takes, said last: not part of the place. */
const PAGE_FORMATS = new Set(["guide", "guides", "tips"]);

/** The trip, said before the place ("travel to japan") or after it ("japan holidays"). */
const TRIP_BEFORE =
  /^(travel|travelling|traveling|trips?|holidays?|vacations?|visiting|visit|backpacking|honeymoons?|moving|things to do) (to|in|around|through) /;
const TRIP_AFTER = / (travel|travel guide|trips?|holidays?|vacations?|itinerary|itineraries|tours?|tourism|sightseeing|breaks?)$/;

/**
 * The place a topic read as a place names: the topic without its stay or its trip. Null when
 * the words before a trip name no place ("budget travel"); a topic with nothing to take off is
 * the place as typed ("cannon beach").
 */
export function placeOfTopic(topic: string): string | null {
  // A page format goes first: "isle of skye guide" is about the isle of skye.
  const typed = topic.split(" ");
  const list = typed.length > 1 && PAGE_FORMATS.has(typed.at(-1) ?? "") ? typed.slice(0, -1) : typed;
  const last = list.at(-1);
  const withoutStay = list.length > 1 && last !== undefined && STAYS.has(last) ? list.slice(0, -1).join(" ") : list.join(" ");
  // After "travel to" or "things to do in", the words are the place whatever they are ("york").
  const afterTrip = withoutStay.replace(TRIP_BEFORE, "");
  if (afterTrip !== withoutStay) return afterTrip;
  const beforeTrip = withoutStay.replace(TRIP_AFTER, "");
  if (beforeTrip === withoutStay) return withoutStay;
  return namesPlace(beforeTrip.split(" ")) ? beforeTrip : null;
}
