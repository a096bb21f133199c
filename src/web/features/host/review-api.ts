import { hostReviewEndpoints as ep } from '../../../shared/api/endpoints/play-challenges';
import type { SubmissionStatus } from '../../../shared/scoring/challenge-points';
import { api } from '../../lib/api-client';

/** The host's review queue of its game (issue 14): the same rules as /admin/submissions. */
export const reviewKeys = { list: (code: string) => ['host', 'review', code.toUpperCase()] as const };

export const fetchReviewQueue = (code: string, status?: SubmissionStatus) => api(ep.list, { params: { code }, query: status ? { status } : {} });
export const approveSubmission = (code: string, id: number) => api(ep.approve, { params: { code, id }, body: {} });
export const rateSubmission = (code: string, id: number, rating: number) => api(ep.rate, { params: { code, id }, body: { rating } });
export const rejectSubmission = (code: string, id: number, reason: string) => api(ep.reject, { params: { code, id }, body: { reason } });
