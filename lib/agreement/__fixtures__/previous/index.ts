// The previous engine's entry points, for typed-engine.test.ts only. Frozen; remove by 2027-03-01
// (the condition is in typed-engine.test.ts and lib/agreement/README.md).
export { agreementShares } from "./agreement-shares";
export { brennanPrediger } from "./brennan-prediger";
export { pairwiseCohenKappa } from "./cohen-kappa";
export { congerKappa } from "./conger-kappa";
export { fleissKappa } from "./fleiss-kappa";
export { gwetAc1 } from "./gwet-ac";
export { krippendorffAlpha } from "./krippendorff-alpha";
export { majorityVote } from "./majority-vote";
export { percentAgreement } from "./percent-agreement";
export { buildDimensionReport } from "./report";
