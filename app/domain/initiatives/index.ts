export * from "./forms";
export * from "./rules";
export * from "./types";
