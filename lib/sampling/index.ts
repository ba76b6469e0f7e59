/** Public surface of the sampling library: reproducible samples and assignment plans. */
export * from "./errors";
export * from "./prng";
export * from "./sample";
export * from "./composition";
export * from "./assign";
export { evenCostBound, type BalancedOptions } from "./assign-balanced";
export * from "./review-order";
export * from "./extend";
export * from "./stratified";
export * from "./strata-allocation";
