// The articles module's public face: what it contributes to the service (src/app/modules.ts mounts
// it) and what other modules may use of it. Nothing else of the module is imported from outside it.
import { defineModule } from "../../platform/module";
import { authorityArticleRoutes } from "./authority-routes";
import { articleDraftTask } from "./draft-task";
import { articleRoutes } from "./routes";

export const articlesModule = defineModule({
  name: "articles",
  routes: () => [...articleRoutes, ...authorityArticleRoutes],
  jobs: () => [articleDraftTask.job()],
});
