import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks' format; the bytes are the key). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** A Standard Webhooks message id: unique per event and endpoint, the same on every attempt and replay. */
export const newWebhookId = (): string => `msg_${randomBytes(16).toString('base64url')}`;

/**
 * The three Standard Webhooks headers of one attempt (decision 0560), signed by the maintained `standardwebhooks`
 * package with every live secret: during a roll's overlap the new and the old, space-separated, so a receiver holding
 * either verifies. The timestamp is the attempt's, so a replay is signed anew under the same id.
 */
export function signedHeaders(input: { webhookId: string; at: Date; body: string; secrets: readonly string[] }): Record<string, string> {
  const signatures = input.secrets.map((secret) => new Webhook(secret).sign(input.webhookId, input.at, input.body));
  return {
    'webhook-id': input.webhookId,
    'webhook-timestamp': String(Math.floor(input.at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
