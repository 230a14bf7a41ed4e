/**
 * `paigow help <command>` or `paigow <command> --help` for a command that does not exist: commander shows the help
 * of the level above (on stderr, which `main.ts` reads as a command given without its subcommand, "paigow needs a
 * command"; or, for `--help`, on stdout with exit status 0, as if the command were there). This check says what is
 * wrong before commander parses, as `paigow bogus` does (interfaces.md: one line, exit status 2).
 */

import type { Command } from 'commander';
import { subcommand } from './option-placement.js';

/**
 * The usage error for `help` followed by a name that is no command at that level, or for such a name where a
 * command is expected when `--help` (`-h`) is asked too; null when there is none.
 * @param program the program with its commands registered
 * @param args the command line after `paigow` (`process.argv.slice(2)`)
 * @returns e.g. `unknown command 'bogus' (paigow house-way --help lists them)`
 */
export function unknownHelpTopic(program: Command, args: readonly string[]): string | null {
  const unknown = (topic: string, path: string): string => `unknown command '${topic}' (${path} --help lists them)`;
  const helpAsked = args.includes('--help') || args.includes('-h');
  let command = program;
  let path = program.name();
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === 'help' && subcommand(command, word) === undefined) {
      const topic = args[i + 1];
      if (topic === undefined || topic.startsWith('-') || subcommand(command, topic) !== undefined) return null;
      return unknown(topic, path);
    }
    // The options of a level of commands (`--json`) take no value: the command comes after them.
    if (word.startsWith('-') && command.commands.length > 0) continue;
    const next = subcommand(command, word);
    if (next === undefined) return helpAsked && command.commands.length > 0 ? unknown(word, path) : null;
    command = next;
    path += ` ${next.name()}`;
  }
  return null;
}
