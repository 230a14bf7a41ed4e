/**
 * The `paigow` command (interfaces.md, "The `paigow` command").
 * Each subcommand lives in `commands/<name>.ts` and registers itself on the program: adding a
 * command is one import and one line in `COMMANDS`.
 *
 * Exit status: 0 on success; 2 on bad input, with one line `paigow: <problem>` on stderr and
 * nothing on stdout (commander's own usage errors are reworded to the same form).
 */

import { createRequire } from 'node:module';
import { Command, CommanderError } from 'commander';
import { EXIT_BAD_INPUT, UsageError, failUsage, printJson, printText } from './io.js';
import { jsonBeforeCommand, misplacedOption } from './option-placement.js';
import { unknownHelpTopic } from './help-topic.js';
import { versionRequest } from './version-option.js';
import { registerEnumerate } from './commands/enumerate.js';
import { registerEval } from './commands/eval.js';
import { registerSettings } from './commands/settings.js';
import { registerFortune } from './commands/fortune.js';
import { registerServe } from './commands/serve.js';
import { registerAudit } from './commands/audit.js';
import { registerRounds } from './commands/rounds.js';
import { registerSet } from './commands/set.js';
import { registerAnalyze } from './commands/analyze.js';
import { registerSimulate } from './commands/simulate.js';
import { registerHouseWay } from './commands/house-way-diff.js';
import { registerEdge } from './commands/edge.js';
import { registerVerify } from './commands/verify.js';
import { registerAuditFairness } from './commands/audit-fairness.js';

/** The top-level commands, in help order. */
const COMMANDS: readonly ((program: Command) => void)[] = [
  registerEval,
  registerSet,
  registerSettings,
  registerEnumerate,
  registerFortune,
  registerAnalyze,
  registerSimulate,
  registerHouseWay,
  registerEdge,
  registerVerify,
  registerServe,
  registerAudit,
  registerAuditFairness,
  registerRounds,
];

// Configured before the commands are added: subcommands inherit the output and exit settings.
const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

const program = new Command('paigow')
  .description('Pai Gow Poker: evaluate, set, enumerate, simulate, analyze, serve')
  .version(version, '-V, --version', 'print the version (with --json: {"version"})')
  .showHelpAfterError(false)
  // A command listed in its group's help as its own usage line says it (commander's listing ignores a usage set
  // with `.usage()`: it listed `diff [options] [a] [b]` where `house-way diff --help` says `<a> <b>`).
  // Configured here, before the commands are added, so that every command group inherits it.
  .configureHelp({ subcommandTerm: (cmd) => [cmd.name(), ...cmd.aliases().slice(0, 1)].join('|') + (cmd.usage() === '' ? '' : ` ${cmd.usage()}`) })
  .exitOverride()
  // One line, as every bad input gets (interfaces.md): commander puts its "(Did you mean …?)" on a line of its own.
  .configureOutput({
    outputError: (text, write) => write(`paigow: ${text.replace(/^error: /, '').trim().replace(/\s*\n\s*/g, ' ')}\n`),
    // The help commander shows on stderr for a command given without its subcommand (`paigow`, `paigow house-way`)
    // is a usage error too: one line, as interfaces.md says of every one.
    writeErr: (text) => {
      const missing = /^Usage: (.+?) (?:\[options\] \[command\]|<command> \[options\])/.exec(text);
      process.stderr.write(missing === null ? text : `paigow: ${missing[1]} needs a command (${missing[1]} --help lists them)\n`);
    },
  });

// `paigow --json eval …` as `paigow eval … --json` (interfaces.md): the program's --json, handed to the command.
jsonBeforeCommand(program);
for (const register of COMMANDS) register(program);

// `paigow --version --json`: one JSON document, as --json promises of every command (commander prints the bare version).
const asked = versionRequest(process.argv.slice(2));
if (asked !== null) {
  if (asked === 'json') printJson({ version });
  else printText(version);
  process.exit(0);
}

// `paigow enumerate --json five`: commander would say only "unknown option '--json'"; this says where it goes.
const misplaced = misplacedOption(program, process.argv.slice(2));
if (misplaced !== null) failUsage(misplaced);
// `paigow help bogus`: commander shows the help above it, which the line above read as "needs a command".
const topic = unknownHelpTopic(program, process.argv.slice(2));
if (topic !== null) failUsage(topic);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof UsageError) failUsage(error.message);
  // commander has already printed its message (or the help text); help and --version exit 0.
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : EXIT_BAD_INPUT);
  throw error;
}
