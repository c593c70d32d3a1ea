/**
 * The theme's content blocks: what a page (the home page first) is built of and what the editor's
 * "insert block" panel offers. Static blocks are HTML in the theme's vocabulary (Bootstrap 5.3 class
 * names), stored in the page's content once inserted and then edited in place. Dynamic blocks are a
 * placeholder element that the server fills at render time from a `DynamicBlockContribution`
 * (latest pages now, upcoming events or recent questions later):
 *
 *   <section data-dynamic-block="website.latest_pages" data-limit="3"></section>
 *
 * This file runs on the server (demo data, rendering) and in the browser (the editor), so it imports
 * nothing from Node or the DOM.
 */
export interface BlockTemplate {
  /** Stable id, `<module>.<block>`, e.g. `website.hero`. */
  id: string;
  /** Shown in the insert panel (an English source string, translated with `_t`). */
  name: string;
  category: 'intro' | 'content' | 'action' | 'dynamic';
  /** The HTML inserted; UI texts go through `t` so a block inserted on a French page reads French. */
  html(t: (source: string) => string): string;
}

/** The attribute naming a dynamic block's contribution; other `data-*` attributes are its options. */
export const DYNAMIC_BLOCK_ATTRIBUTE = 'data-dynamic-block';

/** The DOM event (on `window`) by which the page editor asks a block's options island to set them. */
export const BLOCK_OPTIONS_EVENT = 'website:block-options';
export type BlockOptionsEvent = typeof BLOCK_OPTIONS_EVENT;

/** The detail of a BLOCK_OPTIONS_EVENT. */
export interface BlockOptionsRequest {
  /** The block's id (`data-dynamic-block`). */
  block: string;
  /** The placeholder's attributes now (only `data-dynamic-block` for a block being inserted). */
  attributes: Record<string, string>;
  /** Sets the placeholder's attributes (inserting it first when it is new); `data-dynamic-block` is kept. */
  apply(attributes: Record<string, string>): void;
}

/** Escapes a text for HTML (translations are data, and a translator may write `<` or `&`). */
function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The theme's hero picture (drawn for the theme, served by the website module). */
export const HERO_IMAGE = '/website/static/theme/hero.webp';

function feature(icon: string, title: string, text: string): string {
  return `<div class="col-12 col-md-4"><div class="card h-100 border-0 shadow-sm"><div class="card-body">`
    + `<div class="mb-3"><span class="icon-circle" aria-hidden="true">${icon}</span></div><h3 class="h5 card-title">${esc(title)}</h3><p class="card-text">${esc(text)}</p></div></div></div>`;
}

function card(image: string, title: string, text: string): string {
  return `<div class="col-12 col-md-4"><div class="card h-100"><img class="card-img-top" src="${image}" alt="" loading="lazy" width="640" height="427" />`
    + `<div class="card-body"><h3 class="h5 card-title">${esc(title)}</h3><p class="card-text">${esc(text)}</p></div></div></div>`;
}

/**
 * The static blocks of the default theme, written as the html sanitiser stores them (self-closed
 * images, `rel` on links) so that what the editor inserts is what is saved. The and the placeholders of website's own dynamic blocks. The
 * placeholders' options are `data-*` attributes the server validates (see dynamic-block-renderer).
 */
export const BLOCK_CATALOG: BlockTemplate[] = [
  {
    id: 'website.hero', name: 'Hero with image', category: 'intro',
    html: (t) => `<section class="site-hero mb-5"><img class="site-hero-img" src="${HERO_IMAGE}" alt="" width="1600" height="720" />`
      + `<div class="site-hero-body"><h1>${esc(t('A website you will enjoy running'))}</h1>`
      + `<p>${esc(t('Pages, news, events and conversations with your visitors, in every language you speak.'))}</p>`
      + `<p class="mb-0"><a class="btn btn-light btn-lg" href="/" rel="noopener noreferrer">${esc(t('Get started'))}</a></p></div></section>`,
  },
  {
    id: 'website.features', name: 'Features', category: 'content',
    html: (t) => `<section class="block-features mb-5"><h2 class="mb-4 text-center">${esc(t('Why people choose us'))}</h2><div class="row g-4">`
      + feature('✦', t('Simple'), t('Edit any page in place: what you see is what your visitors get.'))
      + feature('◎', t('Fast'), t('Pages are rendered on the server and load no script unless they need one.'))
      + feature('❖', t('Multilingual'), t('Every page and every menu in each language of your site.'))
      + '</div></section>',
  },
  {
    id: 'website.text_image', name: 'Text and image', category: 'content',
    html: (t) => `<section class="block-text-image mb-5"><div class="row g-4 align-items-center"><div class="col-12 col-md-6">`
      + `<h2>${esc(t('Tell your story'))}</h2><p>${esc(t('Say who you are, what you do and why it matters to the people who visit you.'))}</p></div>`
      + `<div class="col-12 col-md-6"><img class="img-fluid rounded shadow-sm" src="/website/static/gallery/mountain-lake.jpg" alt="${esc(t('A mountain lake'))}" loading="lazy" width="960" height="640" /></div></div></section>`,
  },
  {
    id: 'website.cards', name: 'Cards', category: 'content',
    html: (t) => `<section class="block-cards mb-5"><h2 class="mb-4">${esc(t('Our places'))}</h2><div class="row g-4">`
      + card('/website/static/gallery/city-night.jpg', t('In town'), t('Meet us in the heart of the city.'))
      + card('/website/static/gallery/desert-dunes.jpg', t('On the road'), t('We travel to where our customers are.'))
      + card('/website/static/gallery/mountain-lake.jpg', t('Outdoors'), t('Our team retreat, every summer by the lake.'))
      + '</div></section>',
  },
  {
    id: 'website.call_to_action', name: 'Call to action', category: 'action',
    html: (t) => `<section class="block-cta mb-5 p-4 p-md-5 text-center"><h2>${esc(t('Ready to start?'))}</h2>`
      + `<p class="lead">${esc(t('Tell us about your project: we answer within a day.'))}</p>`
      + `<p class="mb-0"><a class="btn btn-primary btn-lg" href="/" rel="noopener noreferrer">${esc(t('Contact us'))}</a></p></section>`,
  },
  {
    id: 'website.latest_pages', name: 'Latest pages', category: 'dynamic',
    html: () => `<section ${DYNAMIC_BLOCK_ATTRIBUTE}="website.latest_pages" data-limit="3"></section>`,
  },
];
