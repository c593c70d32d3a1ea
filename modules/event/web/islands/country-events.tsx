import { useEffect, useState } from 'react';
import { defineIsland, useLocalizedPath, useT } from '@platform/web/client';
import { COUNTRY_EVENTS_URL } from '../../common/event-urls';

/**
 * The "events near you" box: the list page is the same for every visitor (and cached), so the box asks
 * `GET /event/get_country_event_list` for the visitor's country's upcoming events (GeoIP) once loaded.
 * The HTML it shows is the server's own rendering, whose values are escaped there.
 */
function CountryEvents() {
  const _t = useT();
  const localized = useLocalizedPath();
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    fetch(localized(COUNTRY_EVENTS_URL), { credentials: 'same-origin' }).then((r) => (r.ok ? r.text() : null)).then(setHtml, () => setHtml(null));
  }, [localized]);
  if (!html) return null;
  return <aside aria-label={_t('Upcoming events')} className="country-events" dangerouslySetInnerHTML={{ __html: html }} />;
}

export default defineIsland('event.country_events', CountryEvents);
