export * from "./drugs";
export * from "./labs";
export * from "./specialties";
