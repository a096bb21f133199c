import { defineEndpoint } from '../endpoint';
import { idParam } from '../common';
import { adminMailDetailResponse, adminMailListResponse, adminMailQuery } from '../admin-mail';

export const adminMailEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/admin/mail', query: adminMailQuery, response: adminMailListResponse }),
  show: defineEndpoint({ method: 'GET', path: '/api/admin/mail/:id', params: idParam, response: adminMailDetailResponse }),
  /** Starts a failed mail over (409 for any other status). */
  retry: defineEndpoint({ method: 'POST', path: '/api/admin/mail/:id/retry', params: idParam, response: adminMailDetailResponse }),
  /** The mail with its reset link unmasked, recorded in the activity log (409 when nothing is masked). */
  reveal: defineEndpoint({ method: 'POST', path: '/api/admin/mail/:id/reveal', params: idParam, response: adminMailDetailResponse }),
};
