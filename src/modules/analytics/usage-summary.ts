// Folds the (day, model) groups of model usage into what the analytics answer: the window's totals,
// per model (by model id), and per day of the window (every day, 0 for a day without calls). Pure.
import { windowDays, type DayWindow } from "./window";

export interface UsageCounts {
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
}

export interface UsageGroup extends UsageCounts {
  day: string;
  model_id: string;
}

const zero = (): UsageCounts => ({ calls: 0, prompt_tokens: 0, completion_tokens: 0 });

function add(into: UsageCounts, from: UsageCounts): void {
  into.calls += from.calls;
  into.prompt_tokens += from.prompt_tokens;
  into.completion_tokens += from.completion_tokens;
}

export function summarizeUsage(window: DayWindow, groups: readonly UsageGroup[]) {
  const total = zero();
  const byModel = new Map<string, UsageCounts>();
  const byDay = new Map<string, UsageCounts>();
  for (const group of groups) {
    add(total, group);
    const model = byModel.get(group.model_id) ?? zero();
    add(model, group);
    byModel.set(group.model_id, model);
    const day = byDay.get(group.day) ?? zero();
    add(day, group);
    byDay.set(group.day, day);
  }
  return {
    ...total,
    by_model: [...byModel].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([model_id, counts]) => ({ model_id, ...counts })),
    series: windowDays(window).map((date) => ({ date, ...(byDay.get(date) ?? zero()) })),
  };
}
