// Public API of the evaluation engine: pure functions over an environment document.
export * from "./types";
export { getHashedPercentageForObjectIds } from "./hashing";
export { matchesCondition } from "./conditions";
export { resolveProperty, indexTraits, type ConditionContext } from "./properties";
export {
  getIdentitySegments,
  getIdentityHashKey,
  createConditionContext,
  isContextInSegment,
  matchesRule,
  type EvaluationContext,
} from "./segments";
export { rememberSegmentMatches, isRememberedList, rememberedCount } from "./segment-memo";
export { chooseMultivariateValue, sortMultivariateValues, getMultivariateSeed } from "./multivariate";
export {
  evaluateEnvironmentFlags,
  evaluateIdentityFlags,
  resolveIdentityFlags,
  visitIdentityStates,
  segmentWinners,
  variantOf,
  filterFlagsForSdk,
  resolveHideDisabledFlags,
  generateTransientIdentifier,
  type ResolvedFlag,
  type EvaluateIdentityInput,
  type SdkFilterOptions,
} from "./evaluate";
export { formatPythonFloat, type PyValue } from "./python-values";
export {
  explainIdentityFlags,
  type Explanation,
  type ExplainedFlag,
  type ExplainedSegment,
  type ExplainedRule,
  type ExplainedCondition,
  type ExplainedSplit,
} from "./explain";
