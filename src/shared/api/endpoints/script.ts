import { defineEndpoint } from '../endpoint';
import { noContentResponse, playCodeParams } from '../play';
import {
  questionRulesResponse,
  questionRulesSchema,
  scriptBody,
  scriptResponse,
  scriptStepParams,
  scriptStepResponse,
  templateBody,
  templateResponse,
} from '../script';
import { scriptStepInput } from '../../game/script';

/**
 * The game script (issue 40, decision 0585): the booker plans it before the game (X-Manage-Key), the host adds and
 * removes steps during it, staff edit the template new games take. The question rules sit beside it.
 */
export const scriptEndpoints = {
  booker: defineEndpoint({ method: 'GET', path: '/api/booking/:code/script', params: playCodeParams, response: scriptResponse }),
  bookerSave: defineEndpoint({ method: 'PUT', path: '/api/booking/:code/script', params: playCodeParams, body: scriptBody, response: scriptResponse }),
  bookerRules: defineEndpoint({ method: 'GET', path: '/api/booking/:code/question-rules', params: playCodeParams, response: questionRulesResponse }),
  bookerRulesSave: defineEndpoint({
    method: 'PUT',
    path: '/api/booking/:code/question-rules',
    params: playCodeParams,
    body: questionRulesSchema,
    response: questionRulesResponse,
  }),
  host: defineEndpoint({ method: 'GET', path: '/api/host/games/:code/script', params: playCodeParams, response: scriptResponse }),
  hostAdd: defineEndpoint({
    method: 'POST',
    path: '/api/host/games/:code/script/steps',
    params: playCodeParams,
    body: scriptStepInput,
    response: scriptStepResponse,
    status: 201,
  }),
  hostRemove: defineEndpoint({
    method: 'DELETE',
    path: '/api/host/games/:code/script/steps/:id',
    params: scriptStepParams,
    response: noContentResponse,
    status: 204,
  }),
  hostRules: defineEndpoint({ method: 'GET', path: '/api/host/games/:code/question-rules', params: playCodeParams, response: questionRulesResponse }),
  hostRulesSave: defineEndpoint({
    method: 'PUT',
    path: '/api/host/games/:code/question-rules',
    params: playCodeParams,
    body: questionRulesSchema,
    response: questionRulesResponse,
  }),
  template: defineEndpoint({ method: 'GET', path: '/api/admin/script-template', response: templateResponse }),
  templateSave: defineEndpoint({ method: 'PUT', path: '/api/admin/script-template', body: templateBody, response: templateResponse }),
};
