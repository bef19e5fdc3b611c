// Advice for subjects that sell nothing off a shelf (subject-class.ts): software and services.
// Where the shopping and care tables (aspect-prose-shopping.ts) talk of sizes, warranties and
// cleaning, these talk of plans, trials and integrations, or of quotes, providers and what to
// prepare. Generic by design, with the same slots as every table (aspect-prose-type.ts).
import type { AspectProse, FallbackProse } from "./aspect-prose-type";

const SOFTWARE_PRICE: AspectProse = {
  heading: "What {S} {Cost/Costs}: Plans and Pricing Tiers",
  points: [
    "Lay out the pricing tiers of {s} and what each tier unlocks.",
    "Say which costs appear only as a team grows: seats, usage limits and add-ons.",
  ],
  sentences: [
    "Pricing for {s} is usually set per user or per month, so count the seats you will need in a year rather than today.",
    "Compare what the free plan or entry tier of {s} leaves out, because limits on projects, users or history often decide the real price.",
    "Annual billing for {s} tends to be cheaper than monthly, but commit only after a trial has shown the tool fits the way you work.",
    "Ask which features of {s} sit behind the higher tiers, such as single sign-on, audit logs or priority support, before the team depends on them.",
  ],
};

const SOFTWARE_FEATURES: AspectProse = {
  heading: "Features and Integrations to Look for in {S}",
  points: [
    "Separate the features of {s} your team will use every week from the ones that only fill a comparison table.",
    "List the integrations {s} {need/needs} with the tools already in use.",
  ],
  sentences: [
    "Write down the three or four jobs {s} {have/has} to do every week, and judge each product against that list rather than its feature page.",
    "Check that {s} {connect/connects} to the tools your team already uses, through native integrations or an open API, so data does not have to be copied by hand.",
    "A free trial of {s} is the best test: run one real piece of work through it end to end before deciding.",
    "Look at how {s} {handle/handles} permissions and roles, because the right people seeing the right data matters more as a team grows.",
  ],
};

const SOFTWARE_ONBOARDING: AspectProse = {
  heading: "Getting Started with {S}: Setup, Migration and Onboarding",
  points: [
    "Explain what setting up {s} involves, from accounts to importing existing data.",
    "Say how long onboarding a team onto {s} usually takes.",
  ],
  sentences: [
    "Before moving to {s}, export what you have today and check that the import keeps history, attachments and owners intact.",
    "Start {s} with a small group and one workflow, then widen it once the team has settled on naming and conventions.",
    "Ask whether the vendor of {s} helps with migration or onboarding, since a guided setup often saves weeks of trial and error.",
    "Plan a short training session and a written how-to for {s}, because adoption depends on people knowing the first steps.",
  ],
};

const SOFTWARE_SUPPORT: AspectProse = {
  heading: "Security and Support for {S}",
  points: [
    "Say which security features and certifications matter for {s}.",
    "Explain what support the vendor of {s} offers and how quickly it answers.",
  ],
  sentences: [
    "Check where {s} {store/stores} your data, how it is backed up and whether it supports two-factor sign-in before trusting it with work that matters.",
    "Ask about the support hours and response times for {s}, and whether the cheaper plans get help by email only.",
    "Read the vendor's changelog and status page for {s}: regular updates and honest incident reports say more than a sales page.",
    "Make sure you can export your data from {s} in a standard format, so leaving later never means starting again.",
  ],
};

const SERVICE_PRICE: AspectProse = {
  heading: "What {S} {Cost/Costs}: Quotes and Pricing",
  points: [
    "Give the usual ways {s} {are/is} priced: hourly, per job or as a package.",
    "Say what a clear quote for {s} includes and which extras to ask about.",
  ],
  sentences: [
    "Get at least three written quotes for {s}, each describing the same scope, so the prices can be compared fairly.",
    "Ask whether a quote for {s} is fixed or an estimate, and what would make the final bill change.",
    "Check what is included in the price of {s}, such as travel, materials or follow-up visits, before comparing providers.",
    "The cheapest quote for {s} is rarely the best value; weigh experience, reviews and what happens if something goes wrong.",
  ],
};

const SERVICE_PROVIDER: AspectProse = {
  heading: "How to Choose a Provider for {S}",
  points: [
    "List the questions to ask before hiring anyone for {s}.",
    "Say which credentials, insurance and reviews show a provider of {s} can be trusted.",
  ],
  sentences: [
    "Ask a provider of {s} about similar work they have done recently, and for references you can contact.",
    "Check credentials, memberships and insurance for {s} where the work calls for them, and ask to see proof rather than taking it on trust.",
    "Read recent reviews of providers of {s} for how problems were handled, not only for the star rating.",
    "Agree the scope, timeline and payment terms for {s} in writing before any work starts.",
  ],
};

const SERVICE_PREPARATION: AspectProse = {
  heading: "What to Prepare Before {S}",
  points: [
    "Say what a client should have ready before {s} {begin/begins}.",
    "Explain how long {s} usually takes and what affects the timeline.",
  ],
  sentences: [
    "Write a short brief of what you want from {s}, with examples of what you like, so the provider can quote and plan accurately.",
    "Ask how long {s} usually takes from first contact to finished work, and which steps depend on you.",
    "Gather the documents, access and decisions {s} will need up front, because waiting on the client is the most common cause of delay.",
    "Agree how progress on {s} will be reported and who to contact with questions while the work is under way.",
  ],
};

/** Software advice per aspect: the shopping aspects a software subject still has, reworded. */
export const SOFTWARE_PROSE: Readonly<Record<string, AspectProse>> = {
  price: SOFTWARE_PRICE,
  "price range": SOFTWARE_PRICE,
  prices: SOFTWARE_PRICE,
  "value for money": SOFTWARE_PRICE,
  "repair costs": SOFTWARE_PRICE,
  features: SOFTWARE_FEATURES,
  "best fit": SOFTWARE_FEATURES,
  "main types": SOFTWARE_FEATURES,
  "equipment needed": SOFTWARE_ONBOARDING,
  "ease of use": SOFTWARE_ONBOARDING,
  "beginner tips": SOFTWARE_ONBOARDING,
  warranty: SOFTWARE_SUPPORT,
  "owner reviews": SOFTWARE_SUPPORT,
  "build quality": SOFTWARE_SUPPORT,
};

/** Service advice per aspect: buying becomes hiring, equipment becomes what to prepare. */
export const SERVICE_PROSE: Readonly<Record<string, AspectProse>> = {
  price: SERVICE_PRICE,
  "price range": SERVICE_PRICE,
  prices: SERVICE_PRICE,
  "value for money": SERVICE_PRICE,
  "repair costs": SERVICE_PRICE,
  features: SERVICE_PROVIDER,
  "best fit": SERVICE_PROVIDER,
  "owner reviews": SERVICE_PROVIDER,
  ratings: SERVICE_PROVIDER,
  warranty: SERVICE_PROVIDER,
  "build quality": SERVICE_PROVIDER,
  "equipment needed": SERVICE_PREPARATION,
  "ease of use": SERVICE_PREPARATION,
  timing: SERVICE_PREPARATION,
};

/** The class's fallback: what every section about such a subject may say when its own advice ran out. */
export const SOFTWARE_FALLBACK: FallbackProse = [SOFTWARE_FEATURES, SOFTWARE_ONBOARDING, SOFTWARE_SUPPORT];
export const SERVICE_FALLBACK: FallbackProse = [SERVICE_PROVIDER, SERVICE_PRICE, SERVICE_PREPARATION];
