import { defineEndpoint } from '../endpoint';
import { idParam } from '../common';
import { adminMailAttachmentParams, adminMailDetailResponse, adminMailFileResponse, adminMailListResponse, adminMailQuery } from '../admin-mail';

export const adminMailEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/admin/mail', query: adminMailQuery, response: adminMailListResponse }),
  show: defineEndpoint({ method: 'GET', path: '/api/admin/mail/:id', params: idParam, response: adminMailDetailResponse }),
  /** Starts a failed mail over (409 for any other status). */
  retry: defineEndpoint({ method: 'POST', path: '/api/admin/mail/:id/retry', params: idParam, response: adminMailDetailResponse }),
  /** The mail with its reset link unmasked, recorded in the activity log (409 when nothing is masked). */
  reveal: defineEndpoint({ method: 'POST', path: '/api/admin/mail/:id/reveal', params: idParam, response: adminMailDetailResponse }),
  /** A file the mail carried, as it was sent (a download). */
  attachment: defineEndpoint({
    method: 'GET',
    path: '/api/admin/mail/:id/attachments/:index',
    params: adminMailAttachmentParams,
    response: adminMailFileResponse,
  }),
  /** The calendar invite the mail carried (text/calendar with its METHOD), as it was sent (404 when it had none). */
  calendarInvite: defineEndpoint({ method: 'GET', path: '/api/admin/mail/:id/calendar-invite', params: idParam, response: adminMailFileResponse }),
};
