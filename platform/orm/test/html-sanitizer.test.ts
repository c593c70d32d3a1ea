import { expect } from 'chai';
import { sanitizeFieldHtml } from '../html-sanitizer';

describe('orm: html fields are sanitised', () => {
  it('keeps a dynamic block placeholder and its options on sections and divs', () => {
    const html = '<section data-dynamic-block="website.latest_pages" data-limit="3"></section><div class="row g-4" data-columns="2"><p class="lead">x</p></div>';
    expect(sanitizeFieldHtml(html)).to.equal(html);
  });

  it('drops the data attributes scripts act on (island markers, Bootstrap), ids, handlers and script URLs', () => {
    const out = sanitizeFieldHtml('<section data-island="website.publish_toggle" data-props=\'{"id":1}\' data-hydrated="true" data-bs-toggle="tooltip" data-BS-title="x" id="web-context" onclick="x()">'
      + '<p data-limit="1" onmouseover="y()">t</p><img src="javascript:alert(1)" data-x="1"><a href="javascript:alert(2)">a</a><script>alert(3)</script></section>');
    expect(out).to.equal('<section><p>t</p><img /><a rel="noopener noreferrer">a</a></section>');
  });

  it('keeps a dynamic block placeholder with its data-* options, classes and theme images', () => {
    const html = '<section class="block-cards mb-5" data-dynamic-block="website.latest_pages" data-limit="3"></section>'
      + '<img class="card-img-top" src="/web/image/website.page/1/image" alt="" /><img src="/website/static/theme/hero.webp" alt="" />'
      + '<span class="icon-circle" aria-hidden="true">✦</span>';
    expect(sanitizeFieldHtml(html)).to.equal(html);
  });

  it('keeps data-* on sections and divs only, and no handler or script anywhere', () => {
    expect(sanitizeFieldHtml('<p data-dynamic-block="x.y" data-limit="3">a</p>')).to.equal('<p>a</p>');
    expect(sanitizeFieldHtml('<section data-x="1" onclick="alert(1)" aria-hidden="true"><script>alert(2)</script>b</section>')).to.equal('<section data-x="1">b</section>');
    expect(sanitizeFieldHtml('<img src="javascript:alert(1)" onerror="alert(1)" />')).to.equal('<img />');
  });
});
