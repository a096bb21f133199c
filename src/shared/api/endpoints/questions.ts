import { defineEndpoint } from '../endpoint';
import { playCodeParams } from '../play';
import { hostQuestionsResponse, questionAnswerResponse, teamQuestionsResponse } from '../questions';
import { questionBody } from '../../game/questions';

/** Questions about the Chicken (issue 40, decision 0585): a team asks (X-Player-Token), the host reads them all. */
export const questionEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/play/:code/questions', params: playCodeParams, response: teamQuestionsResponse }),
  ask: defineEndpoint({ method: 'POST', path: '/api/play/:code/questions', params: playCodeParams, body: questionBody, response: questionAnswerResponse }),
  host: defineEndpoint({ method: 'GET', path: '/api/host/games/:code/questions', params: playCodeParams, response: hostQuestionsResponse }),
};
