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
export { HINT_SAMPLES, settingHint, type SettingHint } from './hint.js';
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
