import { SMTPServer } from 'smtp-server';

/** A refusal the server gives once, at RCPT (the recipient) or after DATA (the message), with its SMTP reply code. */
export type SmtpRefusal = { at: 'rcpt' | 'data'; code: number; message: string };
export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server (the smtp-server package, no TLS, no auth) for API tests: it keeps what it accepts, and gives
 * the refusals queued in `refusals` first, one per attempt, as a greylisting or misconfigured relay would. Give the
 * app `url` as SMTP_URL.
 */
export async function startSmtpServer(): Promise<{ url: string; received: ReceivedMail[]; refusals: SmtpRefusal[]; stop(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const refusals: SmtpRefusal[] = [];
  const refuse = (at: SmtpRefusal['at']): Error | undefined => {
    const next = refusals[0];
    if (next?.at !== at) return undefined;
    refusals.shift();
    return Object.assign(new Error(next.message), { responseCode: next.code });
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(refuse('rcpt'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const refusal = refuse('data');
        if (refusal) return callback(refusal);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('no SMTP port');
  return {
    url: `smtp://127.0.0.1:${address.port}?ignoreTLS=true`,
    received,
    refusals,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
