/**
 * The coach's grade of the player's setting in the round just revealed (issue 17 point 1), for the line
 * under the result. The server grades after the round on its worker pool, so the grade is asked for
 * (`GET /api/coach/rounds/<roundId>`) at growing intervals until it is there or the asking gives up.
 */
import { useEffect, useState } from 'react';
import type { SettingGrade } from '@paigow/engine';
import type { Api } from '../net/http.js';

/** Waits (ms) before each request for a round's grade: about 25 s in all, then the line is dropped. */
export const GRADE_POLL_DELAYS_MS: readonly number[] = [300, 700, 1_500, 2_500, 4_000, 6_000, 10_000];

/** The grade under a result: being computed, computed, or not to be shown (no grade came, or the request failed). */
export type RoundGradeState = { readonly kind: 'pending' } | { readonly kind: 'graded'; readonly grade: SettingGrade } | { readonly kind: 'none' };

/**
 * The grade of the viewer's setting in round `roundId` (`null`: no round to grade, e.g. the viewer banked it
 * or did not play it). Requests stop when the round changes or the component goes.
 */
export function useRoundGrade(api: Api, token: string, roundId: string | null): RoundGradeState {
  const [state, setState] = useState<{ roundId: string | null; grade: RoundGradeState }>({ roundId: null, grade: { kind: 'none' } });
  useEffect(() => {
    if (roundId === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ roundId, grade: { kind: 'pending' } });
    const ask = (attempt: number) => {
      if (attempt >= GRADE_POLL_DELAYS_MS.length) {
        setState({ roundId, grade: { kind: 'none' } });
        return;
      }
      timer = setTimeout(() => {
        api
          .coachRound(token, roundId)
          .then(({ review }) => {
            if (!live) return;
            if (review === null) ask(attempt + 1);
            else setState({ roundId, grade: { kind: 'graded', grade: review } });
          })
          .catch(() => {
            if (live) setState({ roundId, grade: { kind: 'none' } });
          });
      }, GRADE_POLL_DELAYS_MS[attempt]);
    };
    ask(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, token, roundId]);
  return state.roundId === roundId && roundId !== null ? state.grade : { kind: 'none' };
}
