import { page } from '@platform/web';
import LinkForm from '../islands/link-form';

/** `/r`: the link creation form and the user's recent links (one island). */
export function linkPage() {
  return page('Link Tracker', (
    <section className="link-tracker">
      <h1>Link Tracker</h1>
      <p>Share this URL with campaign, channel and source to track where your visitors come from.</p>
      <LinkForm recentLimit={20} />
    </section>
  ));
}
