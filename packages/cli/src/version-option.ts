/**
 * `paigow --version`, and with the program's `--json` (`paigow --version --json`, `paigow --json --version`) one
 * JSON document, `{"version"}`, as the help says of `--json` ("every command takes --json"). Commander prints the
 * version as soon as it reads `--version`, before a `--json` after it, and never as JSON: `versionRequest` reads
 * the program's own words before commander parses.
 */

/**
 * How the command line asks for the version, or null when it does not: `-V` / `--version` among the program's
 * own options (the words before the command's name; `paigow eval --version` is the command's business).
 * @param args the command line after `paigow` (`process.argv.slice(2)`)
 * @returns `json` when `--json` is among the program's options too, else `text`
 */
export function versionRequest(args: readonly string[]): 'text' | 'json' | null {
  const own: string[] = [];
  for (const word of args) {
    if (word === '--' || !word.startsWith('-')) break;
    own.push(word);
  }
  if (!own.some((word) => word === '-V' || word === '--version')) return null;
  return own.includes('--json') ? 'json' : 'text';
}
