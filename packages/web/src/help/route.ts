/**
 * Where the help panel is in the URL hash, so that any section can be linked to (issue 14 point 3):
 * `#/help/<section>` over the lobby (or the sign-in screen), `#/table/<tableId>/help/<section>` over a
 * table (the table route still matches, so the table stays open beneath the panel).
 */

/** The help sections in reading order; each is a URL segment and a heading. */
export const HELP_SECTIONS = ['hands', 'low', 'foul', 'settlement', 'commission', 'house-way', 'fortune', 'banking', 'timers'] as const;
/** One of `HELP_SECTIONS`. */
export type HelpSection = (typeof HELP_SECTIONS)[number];

/** Whether `value` names a help section. */
export function isHelpSection(value: string): value is HelpSection {
  return (HELP_SECTIONS as readonly string[]).includes(value);
}

/** The help panel's place in a hash: the hash of the screen beneath (`base`, e.g. `#/table/t1`, or `#` for the lobby) and the section. */
export interface HelpLocation {
  readonly base: string;
  readonly section: HelpSection;
}

/**
 * Reads the help panel's place from a location hash; `null` when the hash opens no help. An unknown
 * section opens the first one (`hands`), so an old or mistyped link still lands in the help.
 */
export function parseHelpHash(hash: string): HelpLocation | null {
  const m = /^(#.*?)\/help(?:\/([^/?#]*))?$/.exec(hash);
  if (!m) return null;
  const section = decodeURIComponent(m[2] ?? '');
  return { base: m[1], section: isHelpSection(section) ? section : HELP_SECTIONS[0] };
}

/** The hash that opens `section` over the screen whose hash is `screenHash` (`#/`, `#/table/t1`, `''`). */
export function helpHash(screenHash: string, section: HelpSection): string {
  const base = (parseHelpHash(screenHash)?.base ?? screenHash).replace(/\/+$/, '') || '#';
  return `${base}/help/${section}`;
}

/** The hash of the screen beneath the help panel (`#/` for the lobby). */
export function screenHash(location: HelpLocation): string {
  return location.base === '#' ? '#/' : location.base;
}
