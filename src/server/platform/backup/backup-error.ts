/** A backup or restore refused or failed for a reason the operator can act on: the CLI prints its message alone. */
export class BackupError extends Error {}
