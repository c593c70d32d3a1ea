/** The base stylesheet of the public site (served at /web/static/site.css with long caching). */
export const SITE_CSS = `
:root{--fg:#1f2328;--muted:#57606a;--accent:#0b5cad;--bg:#fff;--line:#d0d7de;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
*{box-sizing:border-box}body{margin:0;color:var(--fg);background:var(--bg);line-height:1.5}
a{color:var(--accent)}.skip-link{position:absolute;left:-999px}.skip-link:focus{left:8px;top:8px;background:#fff;padding:4px}
.site-header{display:flex;flex-wrap:wrap;align-items:center;gap:1rem;padding:.75rem 1.5rem;border-bottom:1px solid var(--line)}
.brand{font-weight:700;font-size:1.2rem;text-decoration:none;color:var(--fg)}
.menu{display:flex;gap:1rem;list-style:none;margin:0;padding:0}.menu a{text-decoration:none}.menu a[aria-current]{font-weight:600}
.account{margin-left:auto}
main{max-width:72rem;margin:0 auto;padding:1.5rem}
.site-footer{border-top:1px solid var(--line);padding:1rem 1.5rem;color:var(--muted)}
.hero{padding:3rem 0}.hero h1{font-size:2.4rem;margin:0 0 .5rem}
.card-form{max-width:24rem;display:grid;gap:.75rem}.card-form label{display:grid;gap:.25rem;font-weight:500}
input,select,textarea{font:inherit;padding:.45rem .6rem;border:1px solid var(--line);border-radius:6px}
button,.btn{font:inherit;padding:.5rem 1rem;border:0;border-radius:6px;background:var(--accent);color:#fff;cursor:pointer}
.alert{padding:.6rem .8rem;border-radius:6px;background:#ffebe9;color:#82071e;border:1px solid #ffcecb}
.features{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1rem}
.features article{border:1px solid var(--line);border-radius:8px;padding:1rem}
.island{display:flow-root}
`;
