import { describe, expect, it } from 'vitest';
import { loadSoundOn, saveSoundOn, SOUND_KEY, type SoundStorage } from './sound-setting.js';

/** An in-memory Storage. */
function memory(): SoundStorage & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

/** A Storage that refuses every access (a private window, a full quota). */
const refusing: SoundStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('the sound setting', () => {
  it('is off by default', () => {
    expect(loadSoundOn(memory())).toBe(false);
    expect(loadSoundOn(null)).toBe(false);
  });

  it('is remembered on and off across loads (a reload reads the same storage)', () => {
    const storage = memory();
    saveSoundOn(storage, true);
    expect(storage.items.get(SOUND_KEY)).toBe('on');
    expect(loadSoundOn(storage)).toBe(true);
    saveSoundOn(storage, false);
    expect(storage.items.get(SOUND_KEY)).toBe('off');
    expect(loadSoundOn(storage)).toBe(false);
  });

  it('reads anything but "on" as off', () => {
    const storage = memory();
    storage.setItem(SOUND_KEY, 'true');
    expect(loadSoundOn(storage)).toBe(false);
  });

  it('stays off, without throwing, when the storage refuses access', () => {
    expect(() => saveSoundOn(refusing, true)).not.toThrow();
    expect(loadSoundOn(refusing)).toBe(false);
  });
});
