/**
 * The `paigow` command (interfaces.md, "The `paigow` command").
 * Each subcommand lives in `commands/<name>.ts` and registers itself on the program.
 */

import { Command } from 'commander';
import { registerEval } from './commands/eval.js';

const program = new Command('paigow')
  .description('Pai Gow Poker: evaluate, set, enumerate, simulate, analyze, serve')
  .showHelpAfterError(false);

registerEval(program);

await program.parseAsync(process.argv);
