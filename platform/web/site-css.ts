import fs from 'node:fs';

/**
 * The site stylesheet starts with Bootstrap 5.3 (the one UI vocabulary of every module's pages), minus
 * its source map comment (the map is not served).
 */
export const BOOTSTRAP_CSS = fs.readFileSync(require.resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8')
  .replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '');

/*
 * The default theme: Bootstrap themed through its CSS variables (brand colour, fonts, radius), then the
 * layout's own pieces (navbar without JavaScript, footer, content blocks, error pages). Bootstrap writes
 * some colours into component variables rather than reading --bs-primary, so those components (buttons,
 * pagination, nav pills, focus rings) get the brand colour here too. Colours keep AA contrast: the brand
 * #3346c7 is 7.4:1 on white, the footer's text 13:1 on its background.
 *
 * Classes offered to every module (besides Bootstrap's):
 *   .site-hero / .site-hero-img      a banner with an image (the home page's hero block)
 *   .page-narrow                     a centred column (about 36rem) for forms and short pages (login, account)
 *   .form-card                       a padded card around a form
 *   .status-page                     error and status pages (big status code, text, a way back)
 *   .icon-circle                     a round badge holding an emoji or a letter (feature blocks)
 *   .stack-sm                        vertical rhythm between children (gap .75rem)
 *   .card-form                       the account forms' grid (inputs and submit styled until they use Bootstrap's own classes)
 * and the old variables (--line, --muted, --accent, --fg, --bg) as aliases of Bootstrap's.
 */
export const SITE_CSS = `
:root,[data-bs-theme=light]{--bs-primary:#3346c7;--bs-primary-rgb:51,70,199;--bs-primary-text-emphasis:#1e2a78;--bs-primary-bg-subtle:#e6e9fb;--bs-primary-border-subtle:#b3bbf0;
--bs-link-color:#3346c7;--bs-link-color-rgb:51,70,199;--bs-link-hover-color:#1e2a78;--bs-link-hover-color-rgb:30,42,120;
--bs-body-font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue","Noto Sans",Arial,sans-serif;--bs-body-color:#1f2330;--bs-heading-color:#141826;
--bs-border-radius:.5rem;--bs-border-radius-lg:.75rem;--bs-border-radius-sm:.375rem;--bs-focus-ring-color:rgba(51,70,199,.35);
--site-footer-bg:#161a33;--site-footer-fg:#e4e7f5;--site-footer-link:#c9cffb;--site-soft-bg:#f4f5fc;
--line:var(--bs-border-color);--muted:var(--bs-secondary-color);--accent:var(--bs-primary);--fg:var(--bs-body-color);--bg:var(--bs-body-bg)}
.btn-primary{--bs-btn-bg:#3346c7;--bs-btn-border-color:#3346c7;--bs-btn-hover-bg:#2838a6;--bs-btn-hover-border-color:#2838a6;--bs-btn-active-bg:#1e2a78;--bs-btn-active-border-color:#1e2a78;--bs-btn-disabled-bg:#3346c7;--bs-btn-disabled-border-color:#3346c7;--bs-btn-focus-shadow-rgb:51,70,199}
.btn-outline-primary{--bs-btn-color:#3346c7;--bs-btn-border-color:#3346c7;--bs-btn-hover-bg:#3346c7;--bs-btn-hover-border-color:#3346c7;--bs-btn-active-bg:#2838a6;--bs-btn-active-border-color:#2838a6;--bs-btn-disabled-color:#3346c7;--bs-btn-disabled-border-color:#3346c7;--bs-btn-focus-shadow-rgb:51,70,199}
/* Bootstrap's danger red (#dc3545) is 4.5:1 on white only: on a light surface (a dialog's footer) it fails AA. */
.btn-outline-danger{--bs-btn-color:#b02a37;--bs-btn-border-color:#b02a37;--bs-btn-hover-bg:#b02a37;--bs-btn-hover-border-color:#b02a37;--bs-btn-active-bg:#8c1f2b;--bs-btn-active-border-color:#8c1f2b;--bs-btn-disabled-color:#b02a37;--bs-btn-disabled-border-color:#b02a37}
.btn-secondary{--bs-btn-bg:#5c636a;--bs-btn-border-color:#5c636a}
.pagination{--bs-pagination-color:#3346c7;--bs-pagination-active-bg:#3346c7;--bs-pagination-active-border-color:#3346c7;--bs-pagination-focus-box-shadow:0 0 0 .25rem rgba(51,70,199,.35)}
.nav-pills{--bs-nav-pills-link-active-bg:#3346c7}.nav{--bs-nav-link-color:#3346c7;--bs-nav-link-hover-color:#1e2a78}
.form-control:focus,.form-select:focus,.form-check-input:focus{border-color:#8e9ae6;box-shadow:0 0 0 .25rem rgba(51,70,199,.25)}
.form-check-input:checked{background-color:#3346c7;border-color:#3346c7}
.skip-link{position:absolute;left:-999px;z-index:1100}.skip-link:focus{left:.5rem;top:.5rem;background:#fff;padding:.25rem .5rem}
body{display:flex;flex-direction:column;min-height:100vh}main{flex:1 0 auto}
.site-header{border-bottom:1px solid var(--bs-border-color);background:#fff}
.site-header .navbar{--bs-navbar-padding-y:.5rem;min-height:56px}
.site-header .navbar-brand{display:flex;align-items:center;gap:.5rem;font-weight:700;max-width:60vw;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:var(--bs-heading-color)}
.site-logo{height:40px;width:auto;max-width:10rem;object-fit:contain}
.site-nav-toggle{appearance:none;width:2.75rem;height:2.5rem;margin:0;border:1px solid var(--bs-border-color);border-radius:var(--bs-border-radius);cursor:pointer;
background:#fff url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 30 30'%3e%3cpath stroke='%231f2330' stroke-linecap='round' stroke-width='2' d='M4 7h22M4 15h22M4 23h22'/%3e%3c/svg%3e") center/1.5rem no-repeat}
.site-nav-toggle:checked{background-image:url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 30 30'%3e%3cpath stroke='%231f2330' stroke-linecap='round' stroke-width='2' d='M7 7l16 16M23 7L7 23'/%3e%3c/svg%3e")}
.site-nav-toggle:focus-visible{outline:0;box-shadow:0 0 0 .25rem var(--bs-focus-ring-color)}
.site-menu{display:none;flex-basis:100%;padding:.5rem 0}.site-nav-toggle:checked~.site-menu{display:block}
.site-menu .nav-link{padding:.5rem 0}
@media (max-width:575.98px){.site-menu>*+*{margin-top:.5rem;padding-top:.75rem;border-top:1px solid var(--bs-border-color)}}.site-menu .nav-link[aria-current]{font-weight:600;color:var(--bs-heading-color)}
.lang-selector ul,.site-menu .navbar-nav{list-style:none;margin:0;padding:0}
.lang-selector ul{display:flex;gap:.75rem;flex-wrap:wrap}.lang-selector [aria-current]{font-weight:600}
@media (min-width:576px){.site-nav-toggle{display:none}
.site-menu{display:flex;flex-basis:auto;flex-grow:1;align-items:center;gap:1.25rem;padding:0}
.site-menu .navbar-nav{flex-direction:row;flex-wrap:wrap;column-gap:1rem}.site-menu>nav:first-child{margin-right:auto}.site-menu .nav-link{padding:.5rem .25rem}
/* One row beside the brand: the menu wraps inside itself (an administrator's longer user menu) rather than dropping under the brand. */
.site-header .navbar>.container{flex-wrap:nowrap}.site-menu{flex-wrap:wrap;min-width:0;row-gap:.25rem}}
.site-account a:not(.btn),.lang-selector a{text-decoration:none}.site-account a:not(.btn):hover,.lang-selector a:hover{text-decoration:underline}
.site-account{display:flex;align-items:center;gap:.75rem;flex-wrap:wrap}
.site-header .navbar-brand{flex-shrink:0}
.user-menu{position:relative}.user-menu>summary{list-style:none;cursor:pointer;padding:.5rem .25rem;color:var(--bs-heading-color)}.user-menu>summary::-webkit-details-marker{display:none}
.user-menu[open]>.dropdown-menu{display:block;right:0;left:auto;top:100%}
@media (max-width:575.98px){.user-menu>.dropdown-menu{position:static;border:0;padding:0}.user-menu .dropdown-item{padding-left:1rem}}
.site-footer{background:var(--site-footer-bg);color:var(--site-footer-fg);padding:3rem 0 1.5rem;margin-top:3rem}
.site-footer a{color:var(--site-footer-link)}.site-footer a:hover{color:#fff}
.site-footer h2{font-size:1rem;text-transform:uppercase;letter-spacing:.06em;color:#fff;margin-bottom:.75rem}
.site-footer .footer-bottom{border-top:1px solid rgba(255,255,255,.15);margin-top:2rem;padding-top:1rem;font-size:.875rem}
.site-footer .form-control{background:#fff}.footer-address{white-space:pre-line}
.site-hero{position:relative;overflow:hidden;border-radius:var(--bs-border-radius-lg);background:#1e2a78;color:#fff}
.site-hero .site-hero-img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.site-hero .site-hero-body{position:relative;padding:4rem 1.5rem;max-width:40rem}
.site-hero h1{color:#fff;font-weight:800;font-size:calc(1.6rem + 2vw)}.site-hero p{font-size:1.15rem;color:#eef0fb}
.site-hero .btn-light{color:#1e2a78}
.icon-circle{display:inline-flex;align-items:center;justify-content:center;width:3rem;height:3rem;border-radius:50%;background:var(--bs-primary-bg-subtle);color:var(--bs-primary-text-emphasis);font-size:1.4rem}
.block-cta{background:var(--site-soft-bg);border-radius:var(--bs-border-radius-lg)}
.page-content>section{margin-bottom:3rem}.page-content img{max-width:100%;height:auto}
.page-narrow{max-width:36rem;margin-left:auto;margin-right:auto}
.form-card{background:#fff;border:1px solid var(--bs-border-color);border-radius:var(--bs-border-radius-lg);padding:1.5rem}
.stack-sm>*+*{margin-top:.75rem}
.status-page{text-align:center;padding:3rem 0}.status-page .status-code{font-size:4rem;font-weight:800;color:var(--bs-primary);line-height:1}
.island{display:flow-root}
.card-form{max-width:24rem;display:grid;gap:.75rem}.card-form label{display:grid;gap:.25rem;font-weight:500}
.card-form :is(input:not([type=hidden],[type=checkbox],[type=radio]),select,textarea){display:block;width:100%;padding:.375rem .75rem;border:var(--bs-border-width) solid var(--bs-border-color);border-radius:var(--bs-border-radius);font:inherit}
.card-form button[type=submit]:not(.btn),button.btn-primary:not(.btn){justify-self:start;padding:.375rem .75rem;border:0;border-radius:var(--bs-border-radius);background:var(--bs-primary);color:#fff}
.alert:not([class*=alert-]){--bs-alert-color:var(--bs-danger-text-emphasis);--bs-alert-bg:var(--bs-danger-bg-subtle);--bs-alert-border-color:var(--bs-danger-border-subtle)}
`;
