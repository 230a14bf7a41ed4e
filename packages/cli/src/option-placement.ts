/**
 * Options go after the subcommand (interfaces.md: `paigow enumerate five --json`). A command group such as
 * `enumerate` or `house-way` takes no options of its own, and commander's answer to one given there,
 * `unknown option '--json'`, did not say where it belongs: this check says so before commander parses.
 */

import type { Command } from 'commander';

/** The command of `group` named (or aliased) `name`, if any. */
export function subcommand(group: Command, name: string): Command | undefined {
  return group.commands.find((c) => c.name() === name || c.aliases().includes(name));
}

/** Whether `word` is one of `command`'s own options or its help option (`--json=1` is looked up as `--json`). */
function ownOption(command: Command, word: string): boolean {
  const flag = word.startsWith('--') ? word.replace(/=.*$/, '') : word;
  return flag === '-h' || flag === '--help' || command.options.some((o) => o.long === flag || o.short === flag);
}

/**
 * The usage error for an option given between a command group and its subcommand, or null when there is none.
 * Walks `args` (the words after the program's name) down the command groups: an option that the group does not
 * take, met before the group's subcommand, is misplaced; the message names the subcommand given later in `args`
 * (or `<command>` when none is).
 * @param program the program with its commands registered
 * @param args the command line after `paigow` (`process.argv.slice(2)`)
 * @returns e.g. `unknown option '--json' (options go after the subcommand: paigow enumerate five --json)`
 */
export function misplacedOption(program: Command, args: readonly string[]): string | null {
  let command = program;
  let path = program.name();
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === '--') return null;
    const next = subcommand(command, word);
    if (next !== undefined) {
      if (next.commands.length === 0) return null;
      command = next;
      path += ` ${next.name()}`;
      continue;
    }
    // The program's own options (--version, --help) and an unknown command are commander's to answer.
    if (command === program || !word.startsWith('-') || ownOption(command, word)) return null;
    const later = args.slice(i + 1).find((w) => subcommand(command, w) !== undefined);
    const name = later === undefined ? '<command>' : subcommand(command, later)!.name();
    return `unknown option '${word}' (options go after the subcommand: ${path} ${name} ${word})`;
  }
  return null;
}
