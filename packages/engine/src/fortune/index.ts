/**
 * The Fortune bonus side bet (rules.md §4): its lines, pay tables, settlement, envy bonus and exact
 * analysis. No I/O.
 */

export { FORTUNE_LINES, fortuneLinesHeld, type FortuneLine } from './lines.js';
export { FORTUNE_PAY_TABLE, MAX_FORTUNE_PAYS, parseFortunePayTable, type FortunePayTable } from './pay-table.js';
export { fortuneLine, settleFortune, type FortuneResult } from './settle.js';
export {
  DEFAULT_ENVY_BONUS,
  ENVY_BONUS_TABLE,
  ENVY_LINES,
  MAX_ENVY_AMOUNT_CENTS,
  envyBonus,
  envyLine,
  parseEnvyBonusTable,
  type EnvyBonusRules,
  type EnvyBonusTable,
  type EnvyLine,
  type EnvyPayout,
  type EnvySeat,
  type EnvySource,
} from './envy.js';
export { analyzeFortune, type FortuneAnalysis, type FortuneHouseEdge } from './analysis.js';
