import { isSpotStatus, spotStatusLabel, type SpotStatus } from '../../shared/spot-status';
import { Badge, type BadgeTone } from './ui';

const TONES: Record<SpotStatus, BadgeTone> = { requested: 'amber', confirmed: 'green' };

/** A spot's status as a badge, the same on the booker's page and the staff detail. */
export function SpotStatusBadge({ status }: { status: string | null }) {
  return <Badge tone={isSpotStatus(status) ? TONES[status] : 'slate'}>{spotStatusLabel(status)}</Badge>;
}
