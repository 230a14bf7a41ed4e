/** The daily challenge's day in the page's language, never broken inside (a tester's: "Reto diario 2026-/12-05"). */
import { expect, it } from 'vitest';
import { dayText } from './format.js';

it('formats the day for each language, with no place to break a line inside it', () => {
  const day = '2026-12-05';
  const shown = Object.fromEntries(['en', 'ru', 'fr', 'de', 'es'].map((lng) => [lng, dayText(lng, day)]));
  expect(shown.es).toContain('diciembre');
  expect(shown.de).toContain('Dezember');
  expect(shown.fr).toContain('décembre');
  expect(shown.ru).toContain('декабря');
  expect(shown.en).toContain('December');
  for (const text of Object.values(shown)) {
    expect(text).not.toContain('2026-12-05');
    expect(text, text).not.toMatch(/[ \t\n-]/);
    expect(text).toContain('5');
  }
  // Not a day: kept, unbreakable.
  expect(dayText('es', 'mañana 2')).toBe('mañana\u00a02');
});
