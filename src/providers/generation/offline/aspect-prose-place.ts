// Advice for places (subject-class.ts): when to go, getting there, what it costs, where to stay
// and what first-time visitors should know, where the general tables would speak of buying and
// using a thing. Generic by design, with the same slots as every table (aspect-prose-type.ts).
import type { AspectProse, FallbackProse } from "./aspect-prose-type";

const WHEN_TO_GO: AspectProse = {
  heading: "The Best Time to Visit {S}",
  points: ["Compare the seasons at {s}: weather, crowds and prices.", "Say how many days a first visit to {s} needs."],
  sentences: [
    "The weeks either side of the busiest months often give {s} thinner crowds and lower prices, with weather that still holds.",
    "Check local holidays and events before settling on dates for {s}: they can fill rooms and close roads as well as add to the atmosphere.",
    "Two or three full days suit a first visit to {s} for most travellers, with a spare half day for weather or a second look at a favourite spot.",
    "Book early for {s} when the dates are fixed; the best-placed rooms and the cheapest fares go first.",
  ],
};

const GETTING_THERE: AspectProse = {
  heading: "Getting to {S} and Getting Around",
  points: [
    "Give the main ways to reach {s} and how long each takes.",
    "Say whether a car is needed at {s}, or public transport and walking will do.",
  ],
  sentences: [
    "Compare the whole journey to {s}, door to door, rather than the headline fare: transfers, parking and luggage fees change the picture.",
    "Check how the last stretch to {s} works, such as the final bus, ferry or road, since it is often the least frequent part of the trip.",
    "Walking or cycling is often the best way to see {s} up close; keep taxis for late evenings and heavy bags.",
    "Download offline maps and timetables for {s} before leaving, because signal can be patchy exactly where directions are needed.",
  ],
};

const TRIP_COST: AspectProse = {
  heading: "What a Trip to {S} Costs",
  points: [
    "Break down the usual costs of visiting {s}: travel, a place to stay, food and entry fees.",
    "Say where visitors to {s} can save without missing the best of it.",
  ],
  sentences: [
    "A place to stay is usually the largest cost of a visit to {s}, so compare the price per night across a few neighbouring areas, not only the centre.",
    "Look for passes or combined tickets for {s} when several paid sights are on the list, and check what they really include.",
    "Eating where locals eat, a street or two back from the busiest spots, usually costs less at {s} and tastes better.",
    "Keep a little money aside for the unplanned parts of {s}: a boat trip, a guided walk or a rainy-day museum.",
  ],
};

const FIRST_VISIT: AspectProse = {
  heading: "Tips for a First Visit to {S}",
  points: ["List what first-time visitors to {s} should know before they arrive.", "Say what to pack for {s} in each season."],
  sentences: [
    "Pack layers for {s}: the weather can change within a day, and a waterproof layer weighs little.",
    "Start early to see the best-known parts of {s} before the crowds, then spend the busy middle of the day somewhere quieter.",
    "Ask at a visitor centre or a local café what is on at {s} that week; the best events rarely make the guidebooks.",
    "Respect the local rules at {s}, such as paths, quiet hours and protected areas, which keep it worth visiting for the people who live there.",
  ],
};

const WHERE_TO_STAY: AspectProse = {
  heading: "Where to Stay Near {S}",
  points: ["Compare the areas and kinds of places to stay around {s}.", "Say which kind of traveller each base is best for."],
  sentences: [
    "Staying within walking distance of {s} saves travel time each day, while a base a little further out often buys more space for the price.",
    "Read recent reviews of places to stay near {s} for noise, parking and how far 'close by' really is.",
    "Families and groups often do better with a self-catering place near {s}; couples and solo travellers with a small hotel or guesthouse.",
    "Check the cancellation terms before booking near {s}, especially for a trip planned months ahead.",
  ],
};

const VISITOR_MISTAKES: AspectProse = {
  heading: "Mistakes Visitors Make at {S}",
  points: ["List the mistakes first-time visitors to {s} make most often.", "Give the simple fix for each."],
  sentences: [
    "Trying to see all of {s} in one day is the most common mistake; choose a few places and leave time to enjoy them.",
    "Visitors to {s} often underestimate the time between sights, so allow for queues, weather and wrong turns.",
    "Leaving bookings for {s} to the last minute in the high season means fewer choices and higher prices.",
    "Skipping the quieter corners of {s} misses much of its character; a short walk from the busiest spot is often the best part of the day.",
  ],
};

/** Place advice per aspect: using becomes visiting, buying becomes booking a stay. */
export const PLACE_PROSE: Readonly<Record<string, AspectProse>> = {
  timing: WHEN_TO_GO,
  "step-by-step method": GETTING_THERE,
  directions: GETTING_THERE,
  price: TRIP_COST,
  "price range": TRIP_COST,
  prices: TRIP_COST,
  "value for money": TRIP_COST,
  "equipment needed": FIRST_VISIT,
  "beginner tips": FIRST_VISIT,
  "common uses": FIRST_VISIT,
  "best fit": WHERE_TO_STAY,
  features: WHERE_TO_STAY,
  "main types": WHERE_TO_STAY,
  "common mistakes": VISITOR_MISTAKES,
};

export const PLACE_FALLBACK: FallbackProse = [FIRST_VISIT, WHEN_TO_GO, GETTING_THERE];
