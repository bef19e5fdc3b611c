// Every table of the service, for drizzle-kit (drizzle.config.ts), which makes the migrations
// from one schema. The platform's tables and each module's own, gathered here at the top so that
// the platform imports no module.
export * from "./platform/db/schema";
export * from "./modules/brands/table";
export * from "./modules/research/table";
export * from "./modules/clustering/table";
export * from "./modules/maps/table";
export * from "./modules/authority/table";
export * from "./modules/briefs/table";
export * from "./modules/articles/table";
