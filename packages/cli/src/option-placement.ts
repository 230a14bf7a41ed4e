/**
 * Where options go (interfaces.md): after the command's name, after the subcommand's for a command group
 * (`paigow enumerate five --json`); `--json` may also go before the command's name (`paigow --json eval …`).
 * A command group such as `enumerate` or `house-way` takes no options of its own, and commander's answer to one
 * given there, `unknown option '--json'`, did not say where it belongs: `misplacedOption` says so before commander
 * parses. `jsonBeforeCommand` makes `--json` the program's option too and hands it to the command that runs.
 */

import type { Command } from 'commander';
import { UsageError } from './io.js';

/** `--json`, the one option of the program that a command reads (`paigow --json eval …`). */
const JSON_FLAG = '--json';

/** Whether `command` takes `--json` itself. */
function takesJson(command: Command): boolean {
  return command.options.some((o) => o.long === JSON_FLAG);
}

/** `paigow enumerate five`: the names from the program down to `command`. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c !== null; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * Makes `--json` a global option of `program`: given before the command's name (`paigow --json eval As Td 9c Jk 2h`)
 * it means what it means after it. Commander reads a program's option wherever it comes before an option the
 * program does not know, so `paigow eval As Td 9c Jk 2h --json` may reach the program too; either way a
 * `preAction` hook sets `json` on the command that runs (its action's `options.json`, as when the command parsed
 * it itself: no command reads `optsWithGlobals()`, and one added later needs nothing more). A command that takes no `--json` is refused (`UsageError`: `paigow <command> takes no --json`); a
 * command group's own action (`paigow --json enumerate`: "enumerate what?") answers for itself.
 * Call it before `parse`; the hook applies to the commands added before or after.
 * @returns `program`
 */
export function jsonBeforeCommand(program: Command): Command {
  return program
    .option(JSON_FLAG, "print one JSON document: every command takes --json, before or after its name (paigow --json eval … is paigow eval … --json)")
    .hook('preAction', (_program, command) => {
      if (program.getOptionValue('json') !== true || command.commands.length > 0) return;
      if (!takesJson(command)) throw new UsageError(`${commandPath(command)} takes no ${JSON_FLAG}`);
      command.setOptionValueWithSource('json', true, 'cli');
    });
}

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
    // `paigow --json enumerate …`: the program's --json, then the command's name.
    if (command === program && word === JSON_FLAG) continue;
    // The program's other options (--version, --help) and an unknown command are commander's to answer.
    if (command === program || !word.startsWith('-') || ownOption(command, word)) return null;
    const later = args.slice(i + 1).find((w) => subcommand(command, w) !== undefined);
    const name = later === undefined ? '<command>' : subcommand(command, later)!.name();
    return `unknown option '${word}' (options go after the subcommand: ${path} ${name} ${word})`;
  }
  return null;
}
