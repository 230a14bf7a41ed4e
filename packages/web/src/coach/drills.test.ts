import { describe, expect, it } from 'vitest';
import { cards, createSeededRng } from '@paigow/engine';
import { DRILLS, dealForDrill, fitsDrill } from './drills.js';

describe('the trainer drills', () => {
  it('tell the hands each drill practises', () => {
    expect(fitsDrill('two-pair', cards('As Ad 9c 9h 5s 4d 2c'))).toBe(true);
    expect(fitsDrill('two-pair', cards('As Ad 9c 9h 5s 5d 2c'))).toBe(false); // three pairs
    expect(fitsDrill('two-pair', cards('As Ad 9c 9h 5s 4d Jk'))).toBe(false); // the joker has its own drill
    expect(fitsDrill('straight-flush-pairs', cards('9s Td Jc Qh Ks Kd 2c'))).toBe(true);
    expect(fitsDrill('straight-flush-pairs', cards('As 2d 3c 4h 5s 5d Kc'))).toBe(true); // the wheel
    expect(fitsDrill('straight-flush-pairs', cards('As Ks 9s 7s 2s 2d Qc'))).toBe(true); // a flush with a pair
    expect(fitsDrill('straight-flush-pairs', cards('9s Td Jc Qh Ks 3d 2c'))).toBe(false); // no pair
    expect(fitsDrill('straight-flush-pairs', cards('As Kd Qc Jh 9s 9d 2c'))).toBe(false); // no straight
    expect(fitsDrill('full-house', cards('As Ad Ac 9h 9s 4d 2c'))).toBe(true);
    expect(fitsDrill('full-house', cards('As Ad Ac 9h 9s 9d 2c'))).toBe(true); // two threes
    expect(fitsDrill('full-house', cards('As Ad Ac Ah 9s 9d 2c'))).toBe(false); // four of a kind
    expect(fitsDrill('quads', cards('As Ad Ac Ah 9s 8d 2c'))).toBe(true);
    expect(fitsDrill('joker', cards('As Kd Qc Jh 9s 3d Jk'))).toBe(true);
    expect(fitsDrill('joker', cards('As Kd Qc Jh 9s 3d 2c'))).toBe(false);
  });

  it('deal seven distinct cards that fit the drill', () => {
    const rng = createSeededRng(17);
    for (const drill of DRILLS) {
      for (let n = 0; n < 5; n++) {
        const hand = dealForDrill(drill, rng);
        expect(new Set(hand).size).toBe(7);
        expect(fitsDrill(drill, hand)).toBe(true);
      }
    }
  });
});
