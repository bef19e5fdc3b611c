// The first pillar of a local topic: the searches a person types to find and hire the provider
// ("emergency roofer leeds", "24 hour roofer near me", "roofer call out cost", "best roofer in
// leeds"), from the provider and place of the topic alone. Built on generic patterns; a hub or
// topic whose searches another branch took is dropped by the tree's distinct-names pass.
import type { ResearchNodeOut } from "../types";
import type { LocalTopic } from "./local-topic";
import { node } from "./tree-node";

/** The fixed words of the local and hiring searches below, for the checks that names use no other word. */
export const LOCAL_SEARCH_WORDS: readonly string[] = (
  "24 hour emergency near me open now same day local nearby prices cost call out charge how much does a an rates hourly " +
  "rate cheap best in reviews top rated choose questions to ask company checklist qualifications licensed insurance"
).split(" ");

const an = (phrase: string) => (/^[aeiou]/.test(phrase) ? `an ${phrase}` : `a ${phrase}`);

/** A topic with its page ideas (each a search too). */
const topic = (name: string, pages: string[]): ResearchNodeOut =>
  node(
    name,
    pages.slice(0, 2),
    pages.map((p) => node(p, [], [])),
  );

export function localPillar(name: string, local: LocalTopic): ResearchNodeOut {
  const { service, provider, place, person } = local;
  const here = (phrase: string) => (place ? `${phrase} ${place}` : `${phrase} near me`);
  const inPlace = (phrase: string) => (place ? `${phrase} in ${place}` : `${phrase} near me`);
  // A person is hired; a service is booked from a company ("questions to ask a crane hire company").
  const hired = person ? provider : `${provider} company`;
  const find = node(
    `${provider} near me`,
    [here(service)],
    [
      topic(`24 hour ${provider} near me`, [here(`24 hour ${provider}`), `${provider} open now`]),
      topic(`emergency ${provider} near me`, [here(`emergency ${provider}`), `same day ${provider}`]),
      topic(here(service), [`${service} nearby`]),
      topic(`local ${provider}`, [`${provider} nearby`, inPlace(`local ${provider}`)]),
    ],
  );
  const costs = node(
    `${provider} prices`,
    [`${provider} cost`],
    [
      ...(person ? [topic(`${provider} call out cost`, [`${provider} call out charge`, here(`${provider} call out cost`)])] : []),
      topic(`${provider} cost`, [`how much does ${an(provider)} cost`, here(`${provider} cost`)]),
      topic(`${provider} rates`, [`${provider} hourly rate`, `cheap ${provider}`]),
    ],
  );
  const choose = node(
    inPlace(`best ${provider}`),
    [`${provider} reviews`],
    [
      topic(`${provider} reviews`, [`top rated ${provider}`, here(`${provider} reviews`)]),
      topic(`how to choose ${an(hired)}`, [`questions to ask ${an(hired)}`, `${provider} checklist`]),
      ...(person ? [topic(`${provider} qualifications`, [`licensed ${provider}`, `${provider} insurance`])] : []),
    ],
  );
  return node(name, [here(service), `${provider} near me`, `${provider} prices`], [find, costs, choose]);
}
