import { BackupError } from './platform/backup';

/** Runs a command-line tool: an operator's error is printed alone, anything else with its stack; exit 1 either way. */
export function runCli(main: (args: string[]) => Promise<void>, ...plainErrors: Array<new (...args: never[]) => Error>): void {
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      const plain = error instanceof BackupError || plainErrors.some((kind) => error instanceof kind);
      const text = error instanceof Error ? (plain ? error.message : (error.stack ?? error.message)) : String(error);
      process.stderr.write(`${plain ? '' : 'failed: '}${text}\n`);
      process.exit(1);
    },
  );
}
