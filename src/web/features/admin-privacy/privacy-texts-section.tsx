import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/use-action';
import { errorMessage } from '../../lib/api-client';
import { Button, ErrorState, Field, FieldError, Section, Textarea } from '../../components/ui';
import { fetchTerms, fetchWaiver, privacyKeys, publishTerms, publishWaiver } from './admin-privacy-api';

type Kind = 'terms' | 'waiver';
const COPY: Record<Kind, { title: string; label: string; none: string }> = {
  terms: {
    title: 'Booking terms',
    label: 'Text of the new version',
    none: 'No terms are published: bookings ask for none. Publishing a first version makes the wizard ask for it.',
  },
  waiver: {
    title: 'Player waiver',
    label: 'Text of the new version (include the photo and video consent line)',
    none: 'No waiver is published: players join without one. Publishing a first version makes every player accept it.',
  },
};

/** One versioned text (issue 41): the version in force, and a new version published (earlier acceptances stay as they were). */
export function PrivacyTextSection({ kind }: { kind: Kind }) {
  const copy = COPY[kind];
  const key = kind === 'terms' ? privacyKeys.terms : privacyKeys.waiver;
  const query = useQuery({ queryKey: key, queryFn: async () => (kind === 'terms' ? (await fetchTerms()).terms : (await fetchWaiver()).waiver) });
  const [text, setText] = useState('');
  const publish = useAction({
    call: async (body: string) => {
      if (kind === 'terms') await publishTerms(body);
      else await publishWaiver(body);
    },
    failure: `Failed to publish the ${kind}`,
    success: 'Published',
    invalidates: [key, ['privacy']],
    onSuccess: () => setText(''),
  });
  return (
    <Section id={kind} title={copy.title}>
      {query.isError ? <ErrorState message={errorMessage(query.error, 'The text could not be loaded')} /> : null}
      {query.data ? (
        <div className="mb-4 space-y-1">
          <p className="text-sm text-slate-600" data-testid={`${kind}-current`}>
            Version {query.data.version}, published {new Date(query.data.published_at).toLocaleString()}
          </p>
          <p className="max-h-40 overflow-y-auto whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm">{query.data.text}</p>
        </div>
      ) : query.isSuccess ? (
        <p className="mb-4 text-sm text-slate-600">{copy.none}</p>
      ) : null}
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void publish.run(text);
        }}
      >
        <Field label={copy.label}>
          <Textarea rows={6} value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
        <FieldError message={publish.error} />
        <Button type="submit" variant="primary" disabled={publish.isPending || text.trim() === ''}>
          Publish a new version
        </Button>
      </form>
    </Section>
  );
}
