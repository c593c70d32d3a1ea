/**
 * A representative set of the OWASP XSS filter-evasion cheat sheet's payloads. `§` stands for the
 * marker call (`__xss(17)`): a payload that runs calls it, and the test records which plant ran where.
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>§</script>',
  '<img src=x onerror=§>',
  '<svg onload=§>',
  '<svg><script>§</script></svg>',
  '<body onload=§>',
  '<details open ontoggle=§>',
  '<input autofocus onfocus=§>',
  '<a href="javascript:§">x</a>',
  '<a href="JaVaScRiPt:§">x</a>',
  '<a href="&#106;&#97;vascript:§">x</a>',
  '<a href=" &#14;javascript:§">x</a>',
  '<iframe src="javascript:§"></iframe>',
  '<iframe srcdoc="&lt;script&gt;§&lt;/script&gt;"></iframe>',
  '<object data="javascript:§"></object>',
  '<embed src="data:text/html,<script>§</script>">',
  '<a href="data:text/html,<script>§</script>">x</a>',
  '"><script>§</script>',
  '\'><img src=x onerror=§>',
  '" autofocus onfocus="§" x="',
  '</title><script>§</script>',
  '</textarea><script>§</script>',
  '</script><script>§</script>',
  '${§}',
  '{{constructor.constructor(\'§\')()}}',
  '<div style="background:url(javascript:§)">x</div>',
  '<div style="width:expression(§)">x</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=§>',
  '<noscript><p title="</noscript><img src=x onerror=§>">',
  '<svg><a href="javascript:§"><text y="20">x</text></a></svg>',
  'javascript:§',
];

/** The payload with the marker of plant `n`. */
export function payloadFor(index: number, n: number): string {
  return XSS_PAYLOADS[index].replace(/§/g, `__xss(${n})`);
}
