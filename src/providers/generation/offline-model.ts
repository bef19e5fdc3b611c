// The built-in offline model's registry id, on its own so that a module can tell an offline
// draft (a writer's skeleton) from a model's prose without loading the offline generator.
export const OFFLINE_MODEL_ID = "offline";
