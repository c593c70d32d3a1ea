import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import type { ChannelCard } from '../../common/page-props';

function ChannelsBody({ channels }: { channels: ChannelCard[] }) {
  const _t = useT();
  return (
    <section className="slides-channels">
      <h1 className="mb-4">{_t('Slides')}</h1>
      {channels.length ? (
        <div className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-3">
          {channels.map((c) => (
            <div key={c.id} className="col">
              <article className="card h-100">
                <div className="card-body">
                  <h2 className="h5 card-title"><a href={c.url} className="stretched-link text-decoration-none">{c.name}</a></h2>
                  {c.description ? <p className="card-text">{c.description}</p> : null}
                  <p className="small text-body-secondary mb-0">
                    {c.total} {_t(c.total === 1 ? 'slide' : 'slides')}
                    {c.visibility === 'private' ? <span className="badge text-bg-secondary ms-2">{_t('Private')}</span> : null}
                    {c.visibility === 'partial' ? <span className="badge text-bg-info ms-2">{_t('Members only content')}</span> : null}
                  </p>
                </div>
              </article>
            </div>
          ))}
        </div>
      ) : <p className="alert alert-info">{_t('No channel is available yet.')}</p>}
    </section>
  );
}

/** `/slides`: the channels the visitor may see. */
export function channelsPage(channels: ChannelCard[]) {
  return page('Slides', <ChannelsBody channels={channels} />);
}
