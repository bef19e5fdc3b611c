// Every table of the service, for Drizzle's relational queries and for drizzle-kit.
export * from "./schema";
export * from "../../modules/brands/table";
export * from "../../modules/research/table";
export * from "../../modules/clustering/table";
export * from "../../modules/maps/table";
export * from "../../modules/authority/table";
export * from "../../modules/briefs/table";
export * from "../../modules/articles/table";
