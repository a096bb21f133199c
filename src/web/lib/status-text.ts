import { useT } from './i18n';

/** The admin catalogue's word for each booking and lead status, one list for every staff screen that shows one. */
const STATUS_KEYS = {
  enquiry: 'status.enquiry',
  lead: 'status.lead',
  paid: 'status.paid',
  completed: 'status.completed',
  cancelled: 'status.cancelled',
  new: 'status.new',
  contacted: 'status.contacted',
  negotiating: 'status.negotiating',
  lost: 'status.lost',
  converted: 'status.converted',
  trash: 'status.trash',
} as const;
const isStatusKey = (status: string): status is keyof typeof STATUS_KEYS => Object.hasOwn(STATUS_KEYS, status);

/** A booking's or a lead's status in the staff member's words; a status the list does not know, as it is. */
export function useStatusText(): (status: string) => string {
  const t = useT('admin');
  return (status) => (isStatusKey(status) ? t(STATUS_KEYS[status]) : status);
}
