/**
 * Every way a hand gets set (engine `SET_BY`) has its words in every language: the round's players, the history,
 * the verify page and the explanation on the felt. A hand the house way set in recovery (`'recovery'`: the server
 * stopped during the round) is never worded as the player's disconnection.
 */
import { describe, expect, it } from 'vitest';
import { SET_BY } from '@paigow/engine';
import { CATALOGS, LANGUAGES } from './index.js';

describe('the words for how a hand was set (SetBy)', () => {
  it("knows a hand set in recovery ('recovery')", () => {
    expect(SET_BY).toContain('recovery');
  });

  for (const lng of LANGUAGES) {
    it(`says every SetBy in ${lng}, recovery apart from a disconnection`, () => {
      const c = CATALOGS[lng] as unknown as {
        roundPlayer: { setBy: Record<string, string | undefined> };
        history: { why: Record<string, string | undefined> };
        verify: { settingBy: Record<string, string | undefined> };
        table: Record<string, string | undefined>;
      };
      for (const by of SET_BY) {
        expect(c.verify.settingBy[by], `${lng} verify.settingBy.${by}`).toMatch(/\S/);
        if (by === 'player') continue; // the round's players and the history say nothing of a hand the player set
        expect(c.roundPlayer.setBy[by], `${lng} roundPlayer.setBy.${by}`).toMatch(/\S/);
        expect(c.history.why[by], `${lng} history.why.${by}`).toMatch(/\S/);
      }
      expect(c.table.houseWayRuleRecovery, `${lng} table.houseWayRuleRecovery`).toContain('{{text}}');
      expect(c.roundPlayer.setBy.recovery).not.toBe(c.roundPlayer.setBy.disconnect);
      expect(c.history.why.recovery).not.toBe(c.history.why.disconnect);
      expect(c.verify.settingBy.recovery).not.toBe(c.verify.settingBy.disconnect);
      expect(c.table.houseWayRuleRecovery).not.toBe(c.table.houseWayRuleDisconnect);
    });
  }
});
