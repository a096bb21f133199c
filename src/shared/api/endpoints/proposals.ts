import { defineEndpoint } from '../endpoint';
import { idParam } from '../common';
import {
  acceptProposalResponse,
  createProposalBody,
  proposalResponse,
  proposalsQuery,
  proposalsResponse,
  publicProposalResponse,
  tokenParam,
  updateProposalBody,
} from '../proposals';

const base = '/api/admin/proposals';
/** Staff's proposals (quotes) for leads. */
export const adminProposalsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: base, query: proposalsQuery, response: proposalsResponse }),
  create: defineEndpoint({ method: 'POST', path: base, body: createProposalBody, response: proposalResponse, status: 201 }),
  get: defineEndpoint({ method: 'GET', path: `${base}/:id`, params: idParam, response: proposalResponse }),
  update: defineEndpoint({ method: 'PUT', path: `${base}/:id`, params: idParam, body: updateProposalBody, response: proposalResponse }),
  send: defineEndpoint({ method: 'POST', path: `${base}/:id/send`, params: idParam, response: proposalResponse }),
  withdraw: defineEndpoint({ method: 'POST', path: `${base}/:id/withdraw`, params: idParam, response: proposalResponse }),
};

/** The customer's page of a sent proposal. */
export const publicProposalEndpoints = {
  get: defineEndpoint({ method: 'GET', path: '/api/proposals/:token', params: tokenParam, response: publicProposalResponse }),
  accept: defineEndpoint({ method: 'POST', path: '/api/proposals/:token/accept', params: tokenParam, response: acceptProposalResponse }),
};
