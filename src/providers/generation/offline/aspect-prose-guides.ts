// What the offline generator says about the aspects of guides: how-tos, definitions, general
// overviews, health and ideas pages. Each entry is advice a reader could act on, written once
// here and reused for any subject, so a draft reads as a guide rather than as a list of slots.
import type { AspectProse } from "./aspect-prose-type";

export const GUIDE_PROSE: Readonly<Record<string, AspectProse>> = {
  "how it works": {
    heading: "How {S} {Work/Works} in Practice",
    points: ["Explain how {s} {work/works} from start to finish, in the order a reader meets each part.", "Use one worked example of {s} rather than an abstract description."],
    sentences: [
      "To understand {s} quickly, follow one real example from start to finish and note what happens at each stage.",
      "Most of what people find confusing about {s} comes from two or three moving parts; once those are clear, the rest follows.",
      "A simple diagram or a short list of stages explains the workings of {s} better than a long paragraph does.",
      "Knowing what goes in and what comes out makes the behaviour of {s} much easier to predict.",
      "Small changes at the start of the process often explain the biggest differences in what people get from {s}.",
      "A reputable reference on {s}, read once from start to finish, fills in the gaps that scattered tips leave.",
    ],
  },
  "price range": {
    heading: "What {S} {Cost/Costs}: The Price Range",
    points: ["Give the usual price bands for {s}, from entry level to premium, and what each band adds.", "Say where the price of {s} stops buying a better result."],
    sentences: [
      "Prices for {s} fall into three rough bands: entry level, a broad middle where most people buy, and a premium tier.",
      "The middle of the market for {s} is where the best value usually sits, because the essentials are already done well there.",
      "Above a certain point, money spent on {s} buys finish, brand and convenience more than a better result.",
      "Running costs can outweigh the purchase price over a few years, so add them up before comparing {s}.",
      "Sales and end-of-line models bring premium {s} within reach of a mid-range budget several times a year.",
      "A very low price for {s} is worth a second look at what has been left out.",
    ],
  },
  "main types": {
    heading: "The Main Types of {S}",
    points: ["Describe the main types of {s} and what sets each apart.", "Say which type of {s} suits which reader, with one clear recommendation for beginners."],
    sentences: [
      "The options within {s} fall into a handful of types, and knowing which type you are looking at answers half the questions people ask.",
      "The types of {s} differ mainly in how much control they give you and how much effort they ask for in return.",
      "A beginner is usually best served by the simplest type of {s}, moving up only once its limits are clear.",
      "Names for the types of {s} vary from one source to the next, so judge each by how it works rather than by what it is called.",
      "Some types of {s} suit occasional use, while others only repay the effort when used every day.",
      "Reviews and guides compare like with like, so decide on the type of {s} before reading them.",
    ],
  },
  "common uses": {
    heading: "What People Use {S} For",
    points: ["List the common uses of {s}, most frequent first.", "Give one everyday example for each use of {s}."],
    sentences: [
      "Most people come to {s} for one everyday need and discover the other uses later.",
      "Advice from one group of users of {s} does not always transfer to another, because each group wants something different.",
      "Starting with the most common use of {s} gives the quickest return on the time spent learning.",
      "Less obvious uses of {s} often come from professionals, who push the basics further than home users do.",
      "Before adding a new use for {s}, check that the first one still works the way it did.",
      "A clear purpose decides most of the other choices around {s}, from budget to the time set aside.",
    ],
  },
  "step-by-step method": {
    heading: "How to Get Started With {S}, Step by Step",
    points: ["Give the method for {s} as numbered steps, one action per step.", "Say what the reader should see after each step with {s}, so they know it worked."],
    sentences: [
      "Read the whole method for {s} once before starting, so that no step comes as a surprise halfway through.",
      "Do one thing at a time: with {s}, mixing steps together is the usual reason a first result disappoints.",
      "After each step, check the result against what it should look like before moving on.",
      "Write down what you changed on each attempt at {s}; without notes, a good result is hard to repeat.",
      "Change one variable at a time when adjusting the method for {s}, so you can tell what made the difference.",
      "The first attempt at {s} is practice; judge the method after the third, once the basics feel familiar.",
    ],
  },
  timing: {
    heading: "How Long {S} {Take/Takes}, and When to Start",
    points: ["Give realistic times for each stage of {s}, including preparation and clean-up.", "Say which stage of {s} is sensitive to timing and which can wait."],
    sentences: [
      "Time the first few attempts at {s} with a clock rather than guessing; most people underestimate the preparation.",
      "Some stages of {s} forgive a few minutes either way, while others need to be timed closely, so find out which is which.",
      "Allow extra time for the first attempts at {s}; the total shrinks quickly with practice.",
      "Planning backwards from when the result is needed is the simplest way to fit {s} into a busy day.",
      "Waiting time is not wasted time: clean up or prepare the next step while {s} {sit/sits}.",
      "If the result changes from day to day, inconsistent timing is the first thing to rule out.",
    ],
  },
  "equipment needed": {
    heading: "What You Need for {S}",
    points: ["List the equipment {s} {need/needs}, separating the essentials from the nice-to-haves.", "Say which tools for {s} are worth buying well and which can be cheap or borrowed."],
    sentences: [
      "Start with the essentials for {s} and add equipment only when a specific limitation shows up.",
      "Gather and check everything before starting on {s}; a missing tool halfway through spoils more attempts than poor technique.",
      "A reliable scale and a timer cost little and remove most of the guesswork from {s}.",
      "Spend on the tool that touches the result most directly, and save on the accessories around it.",
      "Borrowing or renting equipment for {s} is a sensible way to find out what you would actually use.",
      "Keep the kit for {s} together in one place, so that starting takes minutes rather than a search.",
    ],
  },
  "common mistakes": {
    heading: "Common Mistakes With {S}, and How to Avoid Them",
    points: ["List the mistakes people make most often with {s}, with the fix for each.", "Say which mistake with {s} costs the most and how to spot it early."],
    sentences: [
      "The most common mistake with {s} is rushing the preparation to get to the interesting part.",
      "Following two sets of instructions at once leads to muddled results; pick one guide to {s} and finish it.",
      "Changing several things after one bad result makes it impossible to tell which change helped.",
      "Cheap shortcuts with {s} often cost more later, in wasted materials or in a redo.",
      "Ignoring the small print on quantities and proportions is behind many disappointing attempts at {s}.",
      "Giving up after a single failure is a mistake too; most problems with {s} have one simple cause.",
    ],
  },
  "beginner tips": {
    heading: "Tips for Beginners With {S}",
    points: ["Give beginners the three habits that matter most with {s}.", "Say what a beginner with {s} can safely ignore at first."],
    sentences: [
      "Beginners do best with {s} by copying one proven method exactly before experimenting.",
      "Start small: a half quantity of {s} costs less to get wrong and teaches just as much.",
      "Ask someone experienced with {s} to watch one attempt; they will spot in a minute what takes weeks to find alone.",
      "Most of the advanced advice about {s} can wait until the basics give the same result twice in a row.",
      "Keep a simple log of each attempt at {s}, with what you did and how it turned out.",
      "Judge progress with {s} over weeks rather than single attempts, since every beginner has off days.",
    ],
  },
  definition: {
    heading: "What {S} Means",
    points: ["Define {s} in one plain sentence before any detail.", "Say what {s} {are/is} not, to clear up the most common confusion."],
    sentences: [
      "A good definition of {s} fits in one sentence and avoids the jargon it is meant to explain.",
      "Many people use the term {s} loosely, so it helps to say what falls inside it and what does not.",
      "Specialists and newcomers often describe {s} differently; a good explanation starts from the everyday meaning and adds the precise one.",
      "Seeing a typical example of {s} next to the definition makes it stick far better than the words alone.",
      "Related terms are often used as if they meant {s}, which is where most of the confusion starts.",
    ],
  },
  history: {
    heading: "A Short History of {S}",
    points: ["Give the key moments in the history of {s}, in order.", "Say how the history of {s} explains the way it is done today."],
    sentences: [
      "The history of {s} explains many of the conventions that still seem arbitrary today.",
      "Most of what is familiar about {s} today arrived gradually, through many small improvements rather than a single invention.",
      "Early forms of {s} served a small group of specialists; wider use followed once the costs and the learning curve came down.",
      "Older guides to {s} often describe practices that have since changed, so check the date of anything you read.",
      "Knowing where {s} came from helps when judging which new trends will last.",
    ],
  },
  "nutrition facts": {
    heading: "Nutrition Facts for {S}",
    points: ["Give the calories, protein, fat and fibre of a typical portion of {s}.", "Say how the recipe and portion size change the nutrition of {s}."],
    sentences: [
      "The nutrition of {s} depends more on the ingredients and the portion than on the name of the dish.",
      "Check the protein in {s} first; it is the figure that varies most between recipes.",
      "Weigh a typical portion of {s} once, since portions served at home are often larger than those on labels.",
      "Oils, dressings and sauces add more calories to {s} than most people expect.",
      "A nutrition calculator or the labels of the ingredients give a fair estimate for {s} made at home.",
    ],
  },
  "health benefits": {
    heading: "The Health Benefits of {S}",
    points: ["Set out the health benefits of {s} that good evidence supports.", "Separate the proven benefits of {s} from marketing claims."],
    sentences: [
      "The benefits of {s} come mostly from what replaces less healthy choices, not from any single ingredient.",
      "Fibre, vegetables and whole grains do most of the good in {s}, so recipes rich in them deliver the most.",
      "Claims that {s} cure or prevent specific diseases deserve scepticism unless a named study backs them.",
      "Regular, ordinary portions of {s} do more for health than occasional large ones.",
      "The health effect of {s} depends on the rest of the diet, so judge the week rather than the meal.",
    ],
  },
  risks: {
    heading: "Risks and Side Effects of {S}",
    points: ["List the known risks of {s} and who they apply to.", "Say when someone should talk to a doctor before changing how they eat {s}."],
    sentences: [
      "The main risk with {s} is a diet that misses nutrients such as vitamin B12, iron or omega-3 fats without planning.",
      "People with allergies should read the ingredients of {s} closely, as nuts, soy and gluten are common.",
      "Anyone with a medical condition should ask a doctor or dietitian before making {s} a large part of their diet.",
      "Ready-made {s} can carry a lot of salt and sugar, so the label matters as much as the name.",
      "Most risks around {s} are easy to manage with variety and a little planning.",
    ],
  },
  "daily limits": {
    heading: "Daily Amounts: Fitting {S} Into a Balanced Day",
    points: ["Give the daily amounts that official guidance recommends for the nutrients in {s}.", "Say how portions of {s} fit into a balanced day."],
    sentences: [
      "Official dietary guidelines give daily amounts for protein, salt and fibre, and they are the best yardstick for {s}.",
      "Spreading {s} across the day is easier on digestion than one large portion.",
      "Active adults, children and older people need different amounts, so one daily figure for {s} rarely fits a whole family.",
      "Counting for a week, rather than a day, gives a fairer picture of how {s} {fit/fits} into a diet.",
      "Supplements are worth discussing with a professional when {s} {make/makes} up most of what someone eats.",
    ],
  },
  "quick ideas": {
    heading: "Quick {S} Ideas",
    points: ["Give five ideas for {s} that take fifteen minutes or less.", "Say what to keep in stock so quick {s} {need/needs} no shopping trip."],
    sentences: [
      "A well-stocked cupboard turns {s} into a fifteen-minute job on a busy evening.",
      "Cooking a base in bulk at the weekend makes quick {s} during the week a matter of assembly.",
      "One-pan and no-cook ideas save the most time on {s}, including the washing up.",
      "Keep three go-to ideas for {s} that need no recipe, for nights when planning fails.",
      "Frozen vegetables and tinned beans are the quiet heroes of quick {s}.",
    ],
  },
  "seasonal ideas": {
    heading: "Seasonal {S} Ideas",
    points: ["Give ideas for {s} for each season, built on what is fresh then.", "Say how seasonal ingredients change the cost of {s}."],
    sentences: [
      "Building {s} around what is in season brings better flavour at a lower price.",
      "Summer ideas for {s} lean on salads and quick cooking, while winter ones favour stews, roasting and soups.",
      "A local market shows what is in season faster than any chart, and often at a better price.",
      "Freezing seasonal produce at its peak stretches the best {s} ideas into the rest of the year.",
      "Rotating ideas for {s} with the seasons keeps a routine from feeling repetitive.",
    ],
  },
  "budget ideas": {
    heading: "{S} Ideas on a Budget",
    points: ["Give ideas for {s} that cost little per portion, with rough costs.", "Say which ingredients of {s} are worth buying in bulk."],
    sentences: [
      "Dried beans, lentils, rice and oats are the cheapest foundations for {s}, and they keep for months.",
      "Planning {s} for the week before shopping cuts waste, which is where most of a food budget goes.",
      "Buying staples for {s} in bulk and spices from specialist shops costs far less than supermarket jars.",
      "Leftovers are a budget strategy in their own right: cook once and plan a second meal around what remains.",
      "Own-brand basics are usually just as good for {s} as the branded versions.",
    ],
  },
  "beginner ideas": {
    heading: "Easy {S} Ideas for Beginners",
    points: ["Give beginners ideas for {s} with few ingredients and simple steps.", "Say which beginner ideas for {s} teach a technique worth keeping."],
    sentences: [
      "Beginners get the most from ideas for {s} with five ingredients or fewer and a single cooking method.",
      "Choose beginner ideas for {s} that forgive small mistakes, such as soups, bowls and traybakes.",
      "Repeating one easy idea for {s} a few times builds more confidence than trying a new recipe each night.",
      "Each simple idea teaches a technique, such as roasting or making a dressing, that later recipes build on.",
      "Video recipes help beginners with {s}, because they show what each stage should look like.",
    ],
  },
};
