export * from "./forms";
export * from "./reporting";
export * from "./rules";
export * from "./types";
