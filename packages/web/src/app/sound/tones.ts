/**
 * The table's sounds, generated with the Web Audio API (no audio files): short tones for a deal, the
 * reveal, and the settlement (a win rises, a loss falls, a push is one soft note). Playing never blocks
 * and never throws: a browser without Web Audio, or one that has not been allowed to play yet, is silent.
 */

/** The moments that have a sound. */
export type Cue = 'deal' | 'reveal' | 'win' | 'lose' | 'push';

/** Each cue's notes: frequency (Hz), start after the cue (ms), length (ms). */
const NOTES: Readonly<Record<Cue, readonly (readonly [number, number, number])[]>> = {
  deal: [
    [880, 0, 40],
    [880, 60, 40],
    [880, 120, 40],
  ],
  reveal: [[660, 0, 90]],
  win: [
    [523, 0, 110],
    [659, 110, 110],
    [784, 220, 160],
  ],
  lose: [
    [392, 0, 140],
    [311, 140, 200],
  ],
  push: [[523, 0, 150]],
};

/** The peak loudness (0‥1): quiet, a table sound and not an alarm. */
const GAIN = 0.08;

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context !== null) return context;
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (Ctor === undefined) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/** Plays `cue` now (fire and forget). */
export function playCue(cue: Cue): void {
  const ctx = audio();
  if (ctx === null) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime;
  for (const [hz, atMs, lengthMs] of NOTES[cue]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    const t0 = start + atMs / 1000;
    const t1 = t0 + lengthMs / 1000;
    osc.type = 'sine';
    osc.frequency.setValueAtTime(hz, t0);
    // A short attack and decay, so the notes click neither on nor off.
    gain.gain.setValueAtTime(0, t0);
    gain.gain.linearRampToValueAtTime(GAIN, t0 + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t1);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0);
    osc.stop(t1 + 0.02);
  }
}
