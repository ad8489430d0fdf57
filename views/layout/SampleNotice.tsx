import { useSite } from '../site-context.ts';

/**
 * Shown on every page while the site runs on the shipped sample profile, so nobody mistakes the
 * sample business for a real one (the pages also carry noindex, and robots.txt disallows all).
 * A labelled landmark of its own above the header: content outside every landmark is lost to
 * people who move by landmarks (axe's `region` rule), and inside the banner it would stick with it.
 */
export function SampleNotice() {
  const { sample } = useSite();
  if (!sample) return null;
  return (
    <aside aria-label="Sample site">
      <p className="sample-notice" role="note">
        Sample business details: this site shows an example business and asks search engines not to index it. To publish
        your own, set <code>SITE_PROFILE</code> to the path of your business profile file (see{' '}
        <code>docs/profile.example.json</code>).
      </p>
    </aside>
  );
}
