// Hand-written advice for the shopping and care aspects of a subject: buying, cleaning, problems,
// comparison and local visits. Each entry gives a section heading, two instructions for a brief and
// six sentences a draft can draw on, written so that they read right for plural, singular and mass
// subjects alike (see aspect-prose-type.ts for the slots).
import type { AspectProse } from "./aspect-prose-type";

export const SHOPPING_AND_CARE_PROSE: Readonly<Record<string, AspectProse>> = {
  // Buying
  price: {
    heading: "What to Pay for {S}: Price Ranges Explained",
    points: ["Give the price bands for {s} and what each band buys.", "Say when and where to find lower prices for {s}, and which discounts are real."],
    sentences: [
      "Expect entry-level options for {s} to cover the basics, with the middle of the range usually buying better materials and a longer working life.",
      "Compare prices for {s} across at least three sellers, because the same product often varies by a fifth or more between shops.",
      "Track prices of {s} for a few weeks before buying; seasonal sales and new model launches regularly knock older stock down sharply.",
      "Add running costs such as consumables, subscriptions, shipping and spare parts to the sticker price of {s} before comparing options.",
      "Paying the very top price rarely buys proportionally more; the last few percent of performance usually costs far more than the first ninety.",
      "Before calling a cheap deal on {s} a bargain, check for an older version, a smaller size or missing accessories.",
    ],
  },
  "build quality": {
    heading: "Build Quality: What Separates Good {S} From Bad",
    points: ["Explain which materials and construction details signal well-made {s}.", "Name the weak points that give out first on cheaply made {s}."],
    sentences: [
      "Look for metal at stress points such as hinges, joints and fittings, because plastic in those spots wears and cracks first on {s}.",
      "Handle {s} in a shop when possible: solid weight, tight seams and controls that move without wobble are reliable clues to careful assembly.",
      "Read the spare-parts list for {s}; a maker that sells replacement parts expects the product to be repaired rather than thrown away.",
      "Check the finish around edges, screws and joins, because rough or uneven work there usually points to rushed production elsewhere too.",
      "A long warranty signals confidence in the build of {s}, since makers rarely promise years of cover on parts they expect to fail.",
      "Search owner forums for recurring faults with {s} after a year or two of use, as early reviews rarely catch slow wear.",
    ],
  },
  features: {
    heading: "Features Worth Paying for in {S}",
    points: [
      "Separate the features of {s} that change daily use from those that only look good on a spec sheet.",
      "Say which features buyers most often regret skipping, or paying extra for, on {s}.",
    ],
    sentences: [
      "List the three or four tasks you will actually do with {s}, and judge every feature against that list rather than the spec sheet.",
      "Expect extra modes and settings on {s} to go unused after the first month, while core performance shows up in every single use.",
      "Favour features on {s} that save time or effort on a routine task over ones that only appear in marketing photos.",
      "Check whether smart or app-based features work offline and without an account before buying {s}, and how many years of updates are promised.",
      "More features mean more parts that can fail and more steps to clean, so simpler designs often last longer in daily use.",
      "Compare the feature lists of {s} at two adjacent price points; the cheaper model often shares the same core and drops only extras.",
    ],
  },
  "value for money": {
    heading: "Getting Value for Money From {S}",
    points: [
      "Compare the cost of owning {s} over several years, not just the price at the checkout.",
      "Point out which upgrades earn back their extra cost and which add little for buyers of {s}.",
    ],
    sentences: [
      "Divide the price of {s} by the years or uses you expect to get; a dearer option that lasts twice as long often wins.",
      "Count running costs for {s}, such as refills, parts, energy or subscriptions, since these can overtake the purchase price within a year or two.",
      "Mid-range options usually give the best value, keeping the parts that affect results while dropping the finishes and extras that inflate top prices.",
      "Resale value differs widely between brands of {s}; well-known names with good support keep more of their price on the second-hand market.",
      "Buy {s} in a size or quantity that matches real use, because spare capacity you never touch is money spent on nothing.",
      "Factor in the time spent each week on setup, cleaning and upkeep for {s}, since hours have a value that price tags ignore.",
    ],
  },
  warranty: {
    heading: "Warranty and Guarantees: What Cover to Expect on {S}",
    points: [
      "State the usual warranty length for {s} and the exclusions that usually apply.",
      "Explain how to make a warranty claim on {s} and what evidence to keep.",
    ],
    sentences: [
      "Register {s} with the maker within the first weeks; some warranties only start, or only run their full length, once the product is registered.",
      "Keep the receipt, order confirmation and serial number for {s} in one place, because most claims fail for lack of proof of purchase.",
      "Read the exclusions before buying {s}: wear parts, cosmetic damage, misuse and commercial use are commonly left out of standard cover.",
      "Statutory consumer rights often last longer than the maker's warranty, so a fault within the first years may still be the seller's responsibility.",
      "Weigh an extended warranty for {s} against the likely repair bill and the maker's own cover; most such plans pay out less than they cost.",
      "Avoid opening or modifying {s} yourself during the warranty period, since unauthorised repairs and third-party parts can void the cover entirely.",
    ],
  },
  "owner reviews": {
    heading: "What Owner Reviews Say About {S}",
    points: [
      "Summarise the praise and complaints that come up repeatedly in reviews of {s}.",
      "Explain how readers can tell genuine reviews of {s} from paid or incentivised ones.",
    ],
    sentences: [
      "Read the three-star reviews of {s} first; they tend to be the most balanced and name specific flaws without exaggeration.",
      "Look for complaints that repeat across many reviewers of {s}, since a single angry review often reflects one bad unit or delivery.",
      "Sort reviews by newest, because makers quietly change materials and suppliers, and older praise may describe a different version of {s}.",
      "Treat a burst of short five-star reviews posted within a few days as a warning sign of incentivised or fake feedback.",
      "Give extra weight to reviews written after months of use with {s}, because durability problems never show in first-week impressions.",
      "Check whether each reviewer uses {s} the way you will, since a heavy daily user and an occasional one judge very differently.",
    ],
  },

  // Cleaning
  "cleaning schedule": {
    heading: "How to Clean {S}: A Schedule That Works",
    points: ["Set out what to clean on {s} after each use, weekly and monthly.", "Say how heavier or lighter use should change the cleaning schedule for {s}."],
    sentences: [
      "Give {s} a quick wipe or rinse after every use, since fresh residue comes off in seconds while dried-on residue needs scrubbing.",
      "Plan a more thorough weekly clean for {s} that reaches removable parts, seals and corners the daily wipe misses.",
      "Set a monthly reminder for deep maintenance on {s}, such as descaling, replacing filters or clearing out build-up from hidden areas.",
      "Double the cleaning frequency for {s} under heavy use; daily use by a busy household or office shortens every interval.",
      "Follow the maker's manual for cleaning intervals where one exists, because some warranties require proof of routine maintenance.",
      "Keep a short log or calendar note of cleaning dates for {s}, so overdue tasks stand out before performance starts to drop.",
    ],
  },
  "cleaning products": {
    heading: "The Best Cleaning Products for {S}",
    points: [
      "List the cleaning products that are safe for {s} and the ones to avoid.",
      "Say whether to pay extra for branded cleaning products made for {s} or buy generic ones.",
    ],
    sentences: [
      "Start with warm water, mild dish soap and a soft cloth on {s}; together they handle most everyday dirt without risking finishes.",
      "Avoid abrasive pads, bleach and strong solvents on {s} unless the manual allows them, because they scratch coatings and perish rubber seals.",
      "Use descaler or diluted white vinegar only where the maker approves, since acids can damage some metals and void warranty cover.",
      "Compare branded cleaning kits for {s} with generic equivalents; the active ingredients are often identical at a fraction of the price.",
      "Keep a set of soft brushes and microfibre cloths just for {s}, so grease and grit from other jobs never get transferred.",
      "Rinse off every trace of cleaner after cleaning {s}, as leftover residue can taint food, irritate skin or attract fresh dirt.",
    ],
  },
  "daily care": {
    heading: "Daily Care Tips for {S}",
    points: ["Describe a daily care routine for {s} that takes under five minutes.", "Name the everyday habits that shorten the life of {s}."],
    sentences: [
      "Empty, wipe and dry removable parts of {s} at the end of the day, because moisture left overnight breeds mould and odours.",
      "Leave lids and doors slightly open after use on {s} where practical, so trapped humidity can escape instead of building up.",
      "Check seals, cables and moving parts on {s} at a glance each day; small changes are easier to fix before they spread.",
      "Handle {s} gently during routine use: forcing controls, overfilling and knocking components are the most common causes of early wear.",
      "Keep the area around {s} clean and dry, since dust, spills and nearby heat sources shorten the working life of most products.",
      "Build daily care into an existing habit, such as clearing up after breakfast, so the routine sticks without extra effort.",
    ],
  },
  "deep cleaning": {
    heading: "Deep Cleaning {S} Step by Step",
    points: [
      "Walk through a full deep clean of {s}, in order, with the time the job takes.",
      "Say how often to deep clean {s} and the signs that a deep clean is overdue.",
    ],
    sentences: [
      "Unplug or switch off {s} and let any hot parts cool fully before taking components apart for a deep clean.",
      "Photograph {s} before disassembly, so reassembly goes smoothly and no small washer or clip ends up in the wrong place.",
      "Soak removable parts of {s} in warm soapy water for twenty minutes to loosen build-up before scrubbing with a soft brush.",
      "Work from top to bottom and from clean areas towards dirty ones, so loosened grime never drops onto finished surfaces.",
      "Let every removed part dry completely before reassembling {s}; trapped moisture causes rust, mould and electrical faults.",
      "Run {s} through an empty or test cycle after a deep clean to flush out any remaining cleaner or loosened debris.",
    ],
  },
  storage: {
    heading: "How to Store {S} Properly",
    points: ["Explain where and how to store {s} between uses and over longer breaks.", "Name the storage mistakes that damage {s} or shorten shelf life."],
    sentences: [
      "Store {s} in a cool, dry place away from direct sunlight, as heat, light and humidity degrade most materials and ingredients.",
      "Keep the original box and inserts for {s} if space allows; they protect during moves and make resale much easier.",
      "Clean and dry {s} fully before putting away for a long period, since residue and moisture turn into stains, smells or corrosion.",
      "Use airtight, opaque containers wherever air or light causes spoilage, and label the contents with the date of storage.",
      "Avoid stacking heavy items on top of {s} in storage, because constant pressure warps lids, bends frames and crushes packaging.",
      "Check stored {s} every few months for damp, pests or stale smells, especially in garages, lofts and cellars where conditions swing.",
    ],
  },

  // Problems
  "common causes": {
    heading: "Common Causes of Problems With {S}",
    points: [
      "List the most common causes of problems with {s}, starting with the most frequent.",
      "Separate trouble with {s} that comes from user habits from genuine faults.",
    ],
    sentences: [
      "Skipped cleaning and maintenance cause more trouble with {s} than genuine defects, so check the care routine before suspecting a fault.",
      "Incorrect setup is a frequent culprit: wrong settings, loose connections or parts fitted backwards explain many early problems with {s}.",
      "Expect wear parts on {s}, such as seals, filters, blades and batteries, to cause most faults after the first year of use.",
      "Poor-quality inputs, from cheap consumables to unstable power or water supplies, often create symptoms that look like faults with {s}.",
      "Environmental conditions such as heat, damp, dust and hard water shorten the life of components and trigger intermittent faults.",
      "Check recent changes first when problems appear suddenly with {s}: a new location, a software update or a different supplier is often behind them.",
    ],
  },
  "quick fixes": {
    heading: "Quick Fixes for Common {S} Problems",
    points: [
      "Give the quick fixes for {s} that owners can try in under ten minutes, without tools.",
      "Explain when to stop troubleshooting {s} and call in a professional instead of trying another quick fix.",
    ],
    sentences: [
      "Switch {s} off, wait a minute and restart; a full power cycle clears a surprising share of glitches in electronics and software.",
      "Check the obvious first with {s}: power, connections, water or fuel levels, and whether every part is seated correctly.",
      "Reset {s} to default settings when behaviour turns odd after changes, but note current settings first so nothing gets lost.",
      "Clean filters, vents and nozzles on {s} before anything else, since blockages cause weak performance, noise and overheating.",
      "Search the exact error message or symptom together with the model name; other owners have usually posted the fix already.",
      "Stop and seek help if a fix would mean opening sealed casings, mains wiring or gas parts on {s}, since safety outweighs savings.",
    ],
  },
  "repair costs": {
    heading: "Repair Costs for {S}: Fix or Replace?",
    points: ["Give typical repair costs for {s}, from cheap parts to major faults.", "Explain how to decide between repairing and replacing {s}."],
    sentences: [
      "Choose replacement over repair for {s} when the quote passes about half the price of a comparable new model.",
      "Ask for a written quote on {s} that separates parts, labour and diagnostic fees, since call-out charges alone can be substantial.",
      "Common wear parts for {s}, such as seals, belts and filters, usually cost little and can often be fitted at home with basic tools.",
      "Check warranty and consumer-rights cover before paying for repairs to {s}; a free fix may still be available from the seller.",
      "Independent repair shops often charge less than authorised service centres, though the latter may be required to keep a warranty valid.",
      "Factor in the age of {s} when weighing a repair: spending heavily on an old model may only delay the next failure.",
    ],
  },
  "warning signs": {
    heading: "Warning Signs to Watch For With {S}",
    points: [
      "List the early warning signs of trouble with {s} and what each one means.",
      "Point out which warning signs mean readers should stop using {s} straight away.",
    ],
    sentences: [
      "Unusual noises from {s}, such as grinding, rattling or high-pitched whining, often signal wear long before a part fails completely.",
      "Stop using {s} immediately if you smell burning, see smoke or notice scorched plastic, and unplug before inspecting anything.",
      "Watch for slow declines in performance with {s}: longer run times, weaker output or inconsistent results usually point to a developing fault.",
      "Treat leaks, drips or damp patches around {s} as urgent, because water damage spreads quietly into other components and surfaces.",
      "Error codes and warning lights that come and go are early signals, so write them down before they disappear for good.",
      "Compare {s} against how the product behaved when new; gradual changes are easy to miss without a clear reference point.",
    ],
  },

  // Comparison
  "ease of use": {
    heading: "Comparing {S} on Ease of Use",
    points: [
      "Compare setup time and the learning curve across the main options for {s}.",
      "Point out design details that make {s} easier or harder to live with every day.",
    ],
    sentences: [
      "Time the first setup of {s} from box to first result; anything beyond half an hour suggests a steep learning curve ahead.",
      "Clear labels, physical buttons and sensible defaults make {s} easier to use than menus buried several screens deep.",
      "Check how many steps a routine task takes with {s}, since small extra steps add up over hundreds of uses.",
      "Read the manual or help pages for {s} before buying; confusing documentation usually mirrors a confusing product.",
      "Consider everyone who will use {s}, including children, older relatives or colleagues, not just the most confident person in the house.",
      "Cleaning and maintenance count towards ease of use, so favour designs with fewer parts and dishwasher-safe or easily reached components.",
    ],
  },
  "best fit": {
    heading: "Finding the Best Fit: Matching {S} to Your Needs",
    points: [
      "Match the main types of {s} to the kinds of buyers they suit best.",
      "Give a short checklist readers can use to pick the right {s} for their situation.",
    ],
    sentences: [
      "Start from how often and how heavily you plan to use {s}; occasional users rarely need the capacity or durability of premium options.",
      "Measure the space available before choosing {s}, including clearance for lids, doors, cables and ventilation.",
      "Match {s} to your skill level: beginners benefit from guided, forgiving designs, while experienced users value manual control and adjustability.",
      "Check compatibility of {s} with what you already own, from accessories and consumables to other devices, apps or systems.",
      "Budget for the whole setup rather than the headline item, since extras and accessories can change which option fits best.",
      "Shortlist two or three options for {s} and test them in a shop, at a friend's home or during a free trial.",
    ],
  },

  // Local ("near me")
  "opening hours": {
    heading: "Opening Hours for {S} Near You",
    points: [
      "Give the usual opening hours of shops and services for {s}, including weekends and holidays.",
      "Tell readers how to confirm opening hours for {s} before making the trip.",
    ],
    sentences: [
      "Check opening hours for {s} on the shop's own website or phone line, since map listings often lag behind seasonal changes.",
      "Expect shorter hours on Sundays and public holidays, and call ahead when planning a visit during holiday periods.",
      "Visit shops for {s} early on weekday mornings for quieter aisles and staff with time to answer questions.",
      "Ask about separate hours for repair desks, workshops or demo counters selling {s}, since these often close earlier than the main shop.",
      "Look for late-night or click-and-collect options for {s} if working hours make daytime visits difficult.",
      "Confirm stock of {s} by phone before a long trip, because a shop being open does not guarantee the item is on the shelf.",
    ],
  },
  ratings: {
    heading: "Using Ratings to Find the Best Places for {S}",
    points: ["Explain how to read local ratings for {s} beyond the headline star score.", "Say which review details reveal a reliable local seller of {s}."],
    sentences: [
      "Favour places for {s} with a high rating across hundreds of reviews over a perfect score built on a handful.",
      "Read the most recent reviews of local sellers of {s}, since new owners or staff can change quality within months.",
      "Check how businesses reply to complaints; calm, specific responses suggest a seller of {s} who sorts problems rather than ignoring them.",
      "Compare ratings across two or three platforms, because a single site can be skewed by incentives or removed reviews.",
      "Look for reviews mentioning staff knowledge about {s}, as expert advice in store is the main reason to shop locally.",
      "Treat a sudden wave of five-star ratings for a shop selling {s} with caution, especially from accounts with no other reviews.",
    ],
  },
  directions: {
    heading: "Directions: Getting to Shops for {S}",
    points: [
      "Give directions to the main places for {s}, with parking and public transport options.",
      "Note access details for shops selling {s}, such as step-free entry and loading areas.",
    ],
    sentences: [
      "Search the full business name rather than a general term for {s}, so the map pin lands on the right branch.",
      "Check parking options near shops for {s} before setting off, especially in town centres with time limits or residents-only zones.",
      "Plan a public transport route with a backup, and note the walk from the nearest stop, which map apps sometimes underestimate.",
      "Bring a bag, trolley or car with enough space when collecting larger orders of {s}, and ask about kerbside loading.",
      "Use retail parks and shopping centres for {s} to compare several sellers in one trip instead of crossing town.",
      "Check step-free access, lift availability and toilet facilities before visiting shops for {s} with children or anyone with limited mobility.",
    ],
  },
  prices: {
    heading: "Local Prices for {S}: What to Expect Near You",
    points: ["Give typical local prices for {s} and how they compare with online prices.", "Tell readers how to get a better local price for {s}."],
    sentences: [
      "Ask local shops to match online prices for {s}; many will, especially for the same model and when proof is on a phone.",
      "Weigh the setup, advice and easy returns that local shops offer with {s} against a slightly higher price than online.",
      "Compare prices for {s} at independent shops and chains, since independents sometimes undercut on specialist items and older stock.",
      "Ask about ex-display, open-box or end-of-line stock of {s} in store, since discounts can be steep and warranty cover often stays the same.",
      "Check loyalty schemes, student discounts and bundle deals before paying, as local shops rarely advertise every offer at the counter.",
      "Buy {s} near the end of the month or quarter, when local sellers are keener to close sales and more open to negotiating.",
    ],
  },
};
