// A labelled keyword set for measuring the offline web's clustering: each keyword carries the
// entity it is about and the intent it serves, as a person sorting keywords into pages would
// label them ("aeropress ratio" and "aeropress recipe" belong on one how-to page; "aeropress
// price" on the buying page). Written by hand as searches are typed, with plurals, synonyms,
// word order, questions and qualifiers, not generated from the offline web's own tables.

export interface LabelledKeyword {
  keyword: string;
  entity: string;
  intent: string;
}

// entity -> intent -> keywords
const SET: Record<string, Record<string, string[]>> = {
  aeropress: {
    general: ["aeropress", "aeropress coffee maker", "aeropress go"],
    howto: [
      "aeropress recipe",
      "aeropress recipes",
      "aeropress ratio",
      "aeropress temperature",
      "how to use an aeropress",
      "aeropress instructions",
      "inverted aeropress method",
    ],
    buying: ["best aeropress", "aeropress price", "aeropress review", "buy aeropress", "is the aeropress worth it"],
    cleaning: ["how to clean aeropress", "aeropress cleaning", "aeropress seal maintenance"],
    local: ["aeropress near me", "where to buy aeropress near me"],
    comparison: ["aeropress vs french press", "french press vs aeropress", "aeropress or french press"],
  },
  "french press": {
    general: ["french press", "french presses", "french press coffee maker"],
    howto: [
      "how to use a french press",
      "french press ratio",
      "french press coffee ratio",
      "french press recipe",
      "french press grind size",
      "french press instructions",
    ],
    buying: ["best french press", "french press reviews", "cheap french press", "french press price"],
    cleaning: ["how to clean a french press", "french press cleaning", "cleaning french press"],
    problems: ["french press coffee too bitter problem", "french press leaking", "french press plunger stuck fix"],
  },
  "espresso machine": {
    general: ["espresso machine", "espresso machines", "espresso maker", "home espresso machine"],
    buying: [
      "best espresso machine",
      "best espresso machines for home",
      "espresso machine reviews",
      "espresso machine price",
      "cheap espresso machine",
      "espresso maker reviews",
    ],
    cleaning: [
      "how to clean espresso machine",
      "espresso machine cleaning",
      "descaling espresso machine",
      "espresso machine descaling",
      "espresso maker maintenance",
    ],
    problems: ["espresso machine not working", "espresso machine problems", "espresso machine leaking", "espresso machine troubleshooting"],
    howto: ["how to use an espresso machine", "espresso machine tutorial", "espresso machine for beginners"],
    local: ["espresso machine repair near me", "espresso machine shop near me"],
  },
  "coffee grinder": {
    general: ["coffee grinder", "coffee grinders", "coffee mill"],
    buying: ["best coffee grinder", "best coffee grinders", "coffee grinder reviews", "cheap coffee grinder", "coffee mill price"],
    cleaning: ["how to clean a coffee grinder", "coffee grinder cleaning", "cleaning coffee grinder"],
    howto: ["how to use a coffee grinder", "coffee grinder settings", "coffee grinder grind size"],
    "comparison: burr or blade": ["burr vs blade coffee grinder", "blade vs burr grinder"],
    "comparison: blender": ["coffee grinder vs blender"],
  },
  "cold brew": {
    general: ["cold brew", "cold brew coffee"],
    howto: [
      "how to make cold brew",
      "cold brew recipe",
      "cold brew ratio",
      "cold brew coffee recipe",
      "cold brew at home",
      "easy cold brew recipe",
    ],
    buying: ["best cold brew maker", "cold brew maker reviews"],
    health: ["cold brew caffeine", "cold brew benefits", "is cold brew healthy", "cold brew calories"],
    comparison: ["cold brew vs iced coffee", "iced coffee vs cold brew"],
    definitions: ["what is cold brew", "cold brew meaning"],
  },
  "moka pot": {
    general: ["moka pot", "moka pots", "stovetop espresso maker"],
    howto: ["how to use a moka pot", "moka pot recipe", "moka pot ratio", "moka pot instructions"],
    buying: ["best moka pot", "moka pot reviews", "moka pot price"],
    cleaning: ["how to clean a moka pot", "moka pot cleaning"],
  },
  latte: {
    general: ["latte", "lattes", "caffe latte"],
    howto: ["how to make a latte", "latte recipe", "latte at home", "homemade latte recipe"],
    health: ["latte calories", "calories in a latte", "latte caffeine"],
    definitions: ["what is a latte", "latte meaning", "latte definition"],
    local: ["latte near me", "best latte near me"],
  },
  "kubernetes monitoring": {
    general: ["kubernetes monitoring", "k8s monitoring", "monitoring kubernetes"],
    buying: [
      "kubernetes monitoring tools",
      "best kubernetes monitoring tools",
      "kubernetes monitoring software",
      "kubernetes monitoring pricing",
    ],
    howto: ["how to monitor kubernetes", "kubernetes monitoring setup", "kubernetes monitoring tutorial", "set up kubernetes monitoring"],
    definitions: ["what is kubernetes monitoring", "kubernetes monitoring explained", "kubernetes monitoring basics"],
    problems: ["kubernetes monitoring issues", "kubernetes monitoring troubleshooting"],
    "comparison: prometheus or datadog": ["prometheus vs datadog kubernetes monitoring"],
    alternatives: ["kubernetes monitoring alternatives", "kubernetes monitoring alternative tools"],
  },
  prometheus: {
    general: ["prometheus", "prometheus monitoring"],
    howto: ["prometheus setup", "how to install prometheus", "prometheus tutorial", "prometheus installation", "prometheus configuration"],
    "comparison: grafana": ["prometheus vs grafana", "grafana vs prometheus"],
    alternatives: ["prometheus alternatives", "alternatives to prometheus"],
    definitions: ["what is prometheus", "prometheus explained"],
  },
  "vegan meal prep": {
    general: ["vegan meal prep", "vegan meal prepping", "meal prep vegan"],
    ideas: ["vegan meal prep ideas", "easy vegan meal prep ideas", "vegan meal prep examples"],
    howto: ["how to meal prep vegan", "vegan meal prep recipes", "vegan meal prep for beginners", "vegan meal prep tips"],
    buying: ["vegan meal prep delivery", "vegan meal prep service", "vegan meal prep containers"],
    health: ["vegan meal prep protein", "high protein vegan meal prep", "healthy vegan meal prep"],
  },
  tofu: {
    general: ["tofu", "bean curd"],
    howto: ["how to cook tofu", "tofu recipes", "crispy tofu recipe", "how to press tofu", "baked tofu recipe"],
    health: ["is tofu healthy", "tofu nutrition", "tofu protein", "tofu calories", "tofu benefits"],
    cleaning: ["how to store tofu", "tofu storage"],
  },
  tent: {
    general: ["tent", "tents", "camping tent"],
    buying: ["best tent", "best camping tents", "tent reviews", "cheap tents", "tent sale"],
    howto: ["how to set up a tent", "tent setup", "how to pitch a tent"],
    cleaning: ["how to clean a tent", "tent cleaning", "tent storage"],
    problems: ["tent leaking", "tent leaking fix", "tent zipper repair"],
  },
  "running shoes": {
    general: ["running shoes", "running shoe", "running sneakers"],
    buying: ["best running shoes", "running shoes sale", "running shoe reviews", "cheap running shoes", "best running shoes for men"],
    cleaning: ["how to clean running shoes", "cleaning running shoes", "wash running shoes"],
    local: ["running shoes near me", "running shoe store near me"],
  },
};

export const LABELLED_KEYWORDS: readonly LabelledKeyword[] = Object.entries(SET).flatMap(([entity, intents]) =>
  Object.entries(intents).flatMap(([intent, keywords]) => keywords.map((keyword) => ({ keyword, entity, intent }))),
);
