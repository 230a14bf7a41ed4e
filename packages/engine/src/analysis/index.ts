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
