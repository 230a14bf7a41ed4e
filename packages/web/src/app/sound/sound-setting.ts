/**
 * Whether the table plays its sounds (issue 14 point 6): off by default, remembered per browser in
 * localStorage under `SOUND_KEY` as `"on"` / `"off"`. Storage that is missing, full or refuses access
 * (a private window) leaves the sound off and is never an error.
 */

/** The localStorage key of the sound setting. */
export const SOUND_KEY = 'paigow.sound';

/** The part of `Storage` the setting needs. */
export type SoundStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The remembered setting: `true` only when `"on"` was saved; anything else (nothing, junk, an error) is off. */
export function loadSoundOn(storage: SoundStorage | null): boolean {
  if (storage === null) return false;
  try {
    return storage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Remembers the setting; a storage that refuses the write is ignored (the setting then lasts this page only). */
export function saveSoundOn(storage: SoundStorage | null, on: boolean): void {
  if (storage === null) return;
  try {
    storage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    /* a full or refused storage: the setting is not remembered */
  }
}
