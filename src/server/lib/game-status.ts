import { INSTANCE_STATUSES, type InstanceStatus } from '../../shared/api/play';

/** A stored instance status, read strictly: an unknown value is a bug, not a state to show. */
export function instanceStatus(value: string): InstanceStatus {
  const found = INSTANCE_STATUSES.find((s) => s === value);
  if (!found) throw new Error(`Unknown game instance status: ${value}`);
  return found;
}
