/** What to do when the browser refused location: asking again is not enough, the site's setting must change. */
export function LocationBlockedHelp({ button }: { button: string }) {
  return (
    <div role="alert" className="space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="location-blocked">
      <p className="font-semibold">Your browser blocked location for this site.</p>
      <p>
        To allow it, tap the lock or settings icon beside the web address, open the site settings, set Location to Allow, then tap &lsquo;{button}&rsquo; again.
        On an iPhone, also check Settings › Privacy &amp; Security › Location Services for your browser.
      </p>
    </div>
  );
}
