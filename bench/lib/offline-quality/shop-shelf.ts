// Markers of advice about a physical product on a shelf: how to buy it, its parts, its care and
// its returns. Such a sentence in the draft of a service or software brand means the world
// treated the subject as a thing to buy (issue 22: "dishwasher-safe components" for CRM
// software). A "*" is a gap of a few words ("switch the dashboard off").
//
// A marker the brand's own words contain is not counted (a cleaning company's drafts may talk
// about cleaning); metrics.ts applies that.

export const SHOP_SHELF_MARKERS: readonly string[] = [
  // Buying a product off a shelf
  "in a size or quantity", "size or quantity", "shop shelf", "on the shelf", "in a shop", "in the shop",
  "sticker price", "price per unit", "per pack", "older stock", "new model", "older model", "previous model", "model launch",
  "spec sheet", "sample size", "sample sizes", "padded bundle", "out of stock", "in stock", "stockist", "second hand",
  "resale value", "delivery charge", "return window", "returns policy", "return policy", "restocking fee",
  "packaging", "unboxing", "teardown", "repairability",
  // The product's build and parts
  "warranty", "extended warranty", "guarantee card", "spare part", "replacement part", "fewer parts",
  "hinges", "seams", "screws", "glue", "stitching", "build quality", "fabric", "metal at stress points",
  "solid weight", "safety marks", "ce mark", "ukca", "batteries", "battery life", "power supply", "plug * in", "unplug",
  "refill", "consumables", "accessories",
  // Its care, cleaning and storage
  "dishwasher", "dishwasher safe", "cleaning", "clean * after each use", "wipe * down", "descale", "rinse", "soak",
  "storage", "store * in a cool", "cool dry place", "dry place", "ventilation", "moisture", "rust", "dust", "wear and tear",
  "switch * off", "turn * off and on", "wait a minute and restart",
];
