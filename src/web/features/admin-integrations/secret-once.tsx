import { Button } from '../../components/ui';
import { useCopyToClipboard } from '../../lib/clipboard';
import { useT } from '../../lib/i18n';

/** A secret shown once, right after it was made: copy it now, it is never shown again. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const t = useT('system');
  const copyToClipboard = useCopyToClipboard();
  return (
    <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-semibold text-amber-900">{t('secret.showOnce', { label })}</p>
      <code data-testid="secret-once" className="mt-2 block break-all rounded bg-white px-3 py-2 font-mono text-sm">
        {secret}
      </code>
      <div className="mt-3 flex gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={() => void copyToClipboard(secret)}>
          {t('secret.copy')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          {t('secret.done')}
        </Button>
      </div>
    </div>
  );
}
