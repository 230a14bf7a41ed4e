export { valueClasses, type ValueClasses } from './classes.js';
export { bankerOutcome, bankerTables, LOW_CLASSES } from './banker.js';
export {
  analyzeHand,
  bankerHistogram,
  scoreSettings,
  summarize,
  BANKER_HANDS,
  type HandAnalysis,
  type SettingAnalysis,
} from './exact.js';
export { estimateSettings, type SampledSetting } from './sample.js';
export { approximateCost, mergeHouseWayDiffs, outcomeEv, sweepHouseWayDiff, type HouseWayDiffShare } from './house-way-diff.js';
export type { BankerTables } from './banker.js';
export { HINT_SAMPLES, settingHint, type HintSetting, type SettingHint } from './hint.js';
export { mergeOptimal, simulateOptimal, summarizeGain, type OptimalCounts } from './optimal.js';
export {
  mergeSimulations,
  optimalChooser,
  simulate,
  summarizePlayerBanker,
  summarizeSimulation,
  type OptimalChooser,
  type PlayerBankerSummary,
  type PlayerStrategy,
  type SimulationCounts,
  type SimulationSummary,
} from './simulate.js';
export {
  canonicalHand,
  gradeHand,
  gradeSetting,
  scoresForHand,
  type CanonicalHand,
  type ReviewedSetting,
  type SettingGrade,
  type SettingScore,
  type SettingReview,
} from './grade.js';
