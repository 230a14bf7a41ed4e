/**
 * The sound setting as React state (remembered in localStorage, sound-setting.ts), and the cues of a
 * round played when it is on: the deal (the viewer's seven cards arrive), the reveal and the viewer's
 * outcome (a new result on the felt). Cues follow the view; nothing waits for them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResultModel } from '../../table-ui/model.js';
import { localStore } from '../../table-ui/browser-storage.js';
import { loadSoundOn, saveSoundOn } from './sound-setting.js';
import { playCue } from './tones.js';

/** The sound setting: `[on, setOn]`, `setOn` remembering the choice. */
export function useSoundSetting(): readonly [boolean, (on: boolean) => void] {
  const [on, setOnState] = useState(() => loadSoundOn(localStore()));
  const setOn = useCallback((next: boolean) => {
    saveSoundOn(localStore(), next);
    setOnState(next);
    // The click that turns the sound on is the gesture that lets the browser play it.
    if (next) playCue('reveal');
  }, []);
  return [on, setOn] as const;
}

/**
 * Plays the round's cues while `on`: `dealtRoundId` is the round whose cards the viewer holds (null
 * otherwise), `result` the result on the felt. The first values seen (joining a table) are silent.
 */
export function useRoundCues(on: boolean, dealtRoundId: string | null, result: ResultModel | null): void {
  const seenDeal = useRef<string | null | undefined>(undefined);
  const seenResult = useRef<string | null | undefined>(undefined);
  const resultId = result?.roundId ?? null;
  const outcome = result?.outcome ?? null;
  useEffect(() => {
    const first = seenDeal.current === undefined;
    if (seenDeal.current === dealtRoundId) return;
    seenDeal.current = dealtRoundId;
    if (on && !first && dealtRoundId !== null) playCue('deal');
  }, [on, dealtRoundId]);
  useEffect(() => {
    const first = seenResult.current === undefined;
    if (seenResult.current === resultId) return;
    seenResult.current = resultId;
    if (on && !first && resultId !== null && outcome !== null) playCue(outcome);
  }, [on, resultId, outcome]);
}
