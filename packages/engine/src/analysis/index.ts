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
export {
  mergeSimulations,
  optimalChooser,
  simulate,
  summarizeSimulation,
  type OptimalChooser,
  type PlayerStrategy,
  type SimulationCounts,
  type SimulationSummary,
} from './simulate.js';
