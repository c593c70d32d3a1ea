import { page } from '../../../../platform/web/render';

export interface HomePageProps {
  siteName: string;
  pages: Array<{ name: string; url: string }>;
}

export function homePage({ siteName, pages }: HomePageProps) {
  return page('Home', (
    <>
      <section className="hero">
        <h1>Welcome to {siteName}</h1>
        <p>News, events, questions and answers, and a shop, all in one place.</p>
      </section>
      {pages.length > 0 && (
        <section aria-labelledby="pages-title">
          <h2 id="pages-title">Pages</h2>
          <div className="features">
            {pages.map((p) => (
              <article key={p.url}>
                <h3><a href={`/page${p.url}`}>{p.name}</a></h3>
              </article>
            ))}
          </div>
        </section>
      )}
    </>
  ));
}
