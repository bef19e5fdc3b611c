// The model registry in the document's examples: the built-in offline model and one configured provider.
export const ModelListExample = {
  _meta: { description: "Models available as ai_model_id, and the default used when a request names none." },
  default_model: "offline",
  results: [
    { id: "offline", provider: "offline", model: "offline", default: true },
    { id: "openai:gpt-4o-mini", provider: "openai", model: "gpt-4o-mini", default: false },
  ],
};
