import { isSpotStatus, spotStatusLabel, type SpotStatus } from '../../shared/spot-status';
import { useMessageText } from '../lib/i18n';
import { Badge, type BadgeTone } from './ui';

const TONES: Record<SpotStatus, BadgeTone> = { requested: 'amber', confirmed: 'green' };

/**
 * A spot's status as a badge, the same on the booker's page and the staff detail, in the reader's language (the
 * label's English is the shared rule's, also the export's; the messages catalogue holds its translations).
 */
export function SpotStatusBadge({ status }: { status: string | null }) {
  const text = useMessageText();
  return <Badge tone={isSpotStatus(status) ? TONES[status] : 'slate'}>{text(spotStatusLabel(status))}</Badge>;
}
