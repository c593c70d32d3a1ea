import { page } from '@platform/web/render';
import { useLocalizedPath, useT } from '@platform/web/client/web-context';

export interface HomePageProps {
  siteName: string;
  pages: Array<{ name: string; url: string }>;
}

function HomePage({ siteName, pages }: HomePageProps) {
  const _t = useT();
  const local = useLocalizedPath();
  return (
    <>
      <section className="hero">
        <h1>{_t('Welcome to %s').replace('%s', siteName)}</h1>
        <p>{_t('News, events, questions and answers, and a shop, all in one place.')}</p>
      </section>
      {pages.length > 0 && (
        <section aria-labelledby="pages-title">
          <h2 id="pages-title">{_t('Pages')}</h2>
          <div className="features">
            {pages.map((p) => (
              <article key={p.url}>
                <h3><a href={local(`/page${p.url}`)}>{p.name}</a></h3>
              </article>
            ))}
          </div>
        </section>
      )}
    </>
  );
}

export function homePage(props: HomePageProps) {
  return page('Home', <HomePage {...props} />);
}
