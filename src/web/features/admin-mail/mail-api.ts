import type { AdminMailQuery } from '../../../shared/api/admin-mail';
import { ADMIN_MAIL_PER_PAGE } from '../../../shared/api/admin-mail';
import { adminMailEndpoints as ep } from '../../../shared/api/endpoints/admin-mail';
import { api } from '../../lib/api-client';

export const mailKey = ['admin', 'mail'] as const;
export const mailListKey = (page: number, status: AdminMailQuery['status']) => [...mailKey, 'list', page, status ?? 'all'] as const;
export const mailDetailKey = (id: number) => [...mailKey, 'one', id] as const;

export function fetchMails(page: number, status: AdminMailQuery['status']) {
  return api(ep.list, { query: { page, per_page: ADMIN_MAIL_PER_PAGE, status } });
}

export function fetchMail(id: number) {
  return api(ep.show, { params: { id } }).then((r) => r.mail);
}

export function retryMail(id: number) {
  return api(ep.retry, { params: { id } }).then((r) => r.mail);
}

export function revealMail(id: number) {
  return api(ep.reveal, { params: { id } }).then((r) => r.mail);
}
