import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { briefingEndpoints as ep } from '../../../shared/api/endpoints/briefing';
import type { PlayBriefing } from '../../../shared/api/briefing';
import { api } from '../../lib/api-client';
import { Button, Dialog } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { playerHeaders } from './challenges-api';

/**
 * The briefing before the start and from the info button, and the finish message at the end (issue 29, decision
 * 0442): the texts staff or the organiser wrote, else the defaults, with the host to call.
 */
export const briefingKey = (code: string) => ['play', 'briefing', code.toUpperCase()] as const;

function useBriefing(code: string, token: string) {
  return useQuery({ queryKey: briefingKey(code), queryFn: () => api(ep.play, { params: { code }, headers: playerHeaders(token) }), staleTime: 60_000 });
}

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="space-y-2 whitespace-pre-line text-slate-800">
      {text.split(/\n{2,}/).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

function HostLine({ briefing }: { briefing: PlayBriefing }) {
  const t = useT('play');
  if (!briefing.host) return null;
  return (
    <p className="text-sm" data-testid="briefing-host">
      {t('briefingYourHost')} <strong>{briefing.host.name}</strong>
      {briefing.host.phone ? (
        <>
          {' · '}
          <a className="font-semibold text-brand-700 underline" href={`tel:${briefing.host.phone.replace(/\s+/g, '')}`}>
            {briefing.host.phone}
          </a>
        </>
      ) : null}
    </p>
  );
}

/** Shown in the lobby, before the start. */
export function BriefingCard({ code, token }: { code: string; token: string }) {
  const t = useT('play');
  const briefing = useBriefing(code, token);
  if (!briefing.data) return null;
  return (
    <section aria-labelledby="briefing-title" className="space-y-2 rounded-xl border border-brand-200 bg-brand-50 p-4" data-testid="briefing">
      <h2 id="briefing-title" className="font-semibold">
        {t('briefingTitle')}
      </h2>
      <Paragraphs text={briefing.data.briefing} />
      <HostLine briefing={briefing.data} />
    </section>
  );
}

/** The info button: the briefing again, whenever a player wants it. */
export function BriefingButton({ code, token }: { code: string; token: string }) {
  const t = useT('play');
  const [open, setOpen] = useState(false);
  const briefing = useBriefing(code, token);
  return (
    <>
      {/* The visible word is part of the name (axe's label-content-name-mismatch): no symbol before it. */}
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={t('briefingGameInfo')}>
        {t('briefingInfo')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('briefingGameInfo')}>
        {briefing.data ? (
          <div className="space-y-3" data-testid="briefing-dialog">
            <Paragraphs text={briefing.data.briefing} />
            <HostLine briefing={briefing.data} />
          </div>
        ) : (
          <p className="text-slate-600">{t('loadingDots')}</p>
        )}
      </Dialog>
    </>
  );
}

/** At the end: where to meet. */
export function FinishMessage({ code, token }: { code: string; token: string }) {
  const t = useT('play');
  const briefing = useBriefing(code, token);
  if (!briefing.data) return null;
  return (
    <section
      className="space-y-2 rounded-xl border border-green-200 bg-green-50 p-4 text-center"
      data-testid="finish-message"
      aria-label={t('briefingWhereToMeet')}
    >
      <Paragraphs text={briefing.data.finish_message} />
      <HostLine briefing={briefing.data} />
    </section>
  );
}
